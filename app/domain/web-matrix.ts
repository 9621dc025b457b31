/**
 * The assignment matrix (/webassignments-v2, decision 0028): users as rows, web entitlements
 * as columns, a named entitlement's cell a tick for the user's direct seat. One save sends,
 * per column whose ticks changed, the direct holders wanted and the ones the page was drawn
 * with, so the API can refuse a save made over someone else's change (409).
 *
 * The page shows one page of users, but a column's holders are all of the customer's users:
 * the holders sent are the ones seen, with the page's users replaced by their ticks.
 */
import { isSeatCurrent } from './web-licenses'

/** A named cell's form value: the user id, then the entitlement's activation id. */
export function seatValue(userId: number, activationId: string): string {
  return `${userId}:${activationId}`
}

/** A seat value's user and activation id, or null when it is not one. */
export function readSeatValue(value: string): { userId: number; activationId: string } | null {
  const at = value.indexOf(':')
  const userId = Number(value.slice(0, at))
  const activationId = value.slice(at + 1)
  if (at < 1 || !Number.isSafeInteger(userId) || userId < 1 || activationId === '') return null
  return { userId, activationId }
}

/** The ticks of a posted form by activation id; values that are not seat values are skipped. */
export function parseSeatValues(values: readonly string[]): Map<string, Set<number>> {
  const ticks = new Map<string, Set<number>>()
  for (const value of values) {
    const seat = readSeatValue(value)
    if (!seat) continue
    const set = ticks.get(seat.activationId) ?? new Set<number>()
    set.add(seat.userId)
    ticks.set(seat.activationId, set)
  }
  return ticks
}

/** The users of an entitlement's current direct seats (a seat past its end date holds nothing). */
export function currentDirectHolders(seats: readonly { id: number; endDate: string | null }[], today: string) {
  return seats.filter((s) => isSeatCurrent(s, today)).map((s) => s.id)
}

export interface ColumnChange {
  activationId: string
  /** The direct holders the page was drawn with (all users, not only the page's). */
  previous: number[]
  /** The direct holders wanted: `previous` with the page's users replaced by their ticks. */
  holders: number[]
  added: number[]
  removed: number[]
}

/**
 * The columns whose ticks differ from what the page was drawn with. `seen` holds each named
 * column's direct holders as drawn; `pageUsers` the users of the page (only their cells were
 * in the form); `ticked` the posted ticks.
 */
export function changedColumns(
  seen: ReadonlyMap<string, readonly number[]>,
  pageUsers: readonly number[],
  ticked: ReadonlyMap<string, ReadonlySet<number>>,
): ColumnChange[] {
  const onPage = new Set(pageUsers)
  const changes: ColumnChange[] = []
  for (const [activationId, previous] of seen) {
    const before = new Set(previous)
    const ticks = ticked.get(activationId) ?? new Set<number>()
    const added = [...ticks].filter((id) => onPage.has(id) && !before.has(id))
    const removed = previous.filter((id) => onPage.has(id) && !ticks.has(id))
    if (added.length === 0 && removed.length === 0) continue
    const holders = [...previous.filter((id) => !removed.includes(id)), ...added]
    changes.push({ activationId, previous: [...previous], holders, added, removed })
  }
  return changes
}

/**
 * The page's ticks after a refused save: what is stored now, with the user's own changes
 * applied where they still make sense (adding a seat someone else gave already, or removing
 * one someone else removed, is simply what is stored).
 */
export function keepTicks(
  stored: readonly number[],
  change: Pick<ColumnChange, 'added' | 'removed'> | undefined,
): Set<number> {
  const ticks = new Set(stored)
  for (const id of change?.removed ?? []) ticks.delete(id)
  for (const id of change?.added ?? []) ticks.add(id)
  return ticks
}

export interface ColumnCount {
  /** The entitlement's quantity. */
  seats: number
  /** Holders as stored (direct seats and group members). */
  held: number
}

/**
 * A column's holders with the page's unsaved ticks: a tick adds a holder and an untick frees
 * one, unless the user also holds a seat through a group (then the person still counts once).
 */
export function heldWithTicks(
  held: number,
  added: readonly number[],
  removed: readonly number[],
  throughGroup: (userId: number) => boolean,
): number {
  const counted = (ids: readonly number[]) => ids.filter((id) => !throughGroup(id)).length
  return Math.max(0, held + counted(added) - counted(removed))
}

/** Null when the ticks fit the column's seats; otherwise which column and how many over. */
export function overSeatsMessage(productName: string, count: ColumnCount): string | null {
  const over = count.held - count.seats
  if (over <= 0) return null
  return `${productName} has ${count.seats} ${count.seats === 1 ? 'seat' : 'seats'}: the ticks need ${count.held}, ${over} over.`
}

export const MATRIX_MESSAGES = {
  stale:
    'Someone else changed these seats; here is what is stored now. Your ticks are kept: check them and save again.',
  nothing: 'No changes to save.',
  saved: (columns: number) => `Seats saved for ${columns} ${columns === 1 ? 'licence' : 'licences'}.`,
  badForm: 'The form could not be read. Please reload the page and try again.',
} as const
