/**
 * A licence host's history as Manage Activations shows it (spec 3, "Cancel and
 * errors" and section 7): fulfilments within 30 seconds of the one before are
 * one change, their counts summed per activation id and labelled 'ACTIVATE (n)'
 * for a positive sum, 'DEACTIVATE (n)' otherwise; newest change first. And the
 * history as CSV, with the spec's header and file names.
 */
import type { HistoryFulfillment, HostHistory } from './activation-types'
import { csvDocument } from './csv'

export const HISTORY_GROUP_MS = 30_000

export const HISTORY_MESSAGES = {
  fetchFailed: 'Error fetching fulfillment history for all the servers.',
  none: 'No activations have been recorded on this host.',
} as const

export interface HistoryRow {
  activationId: string
  productName: string
  /** The summed count: positive activated, negative returned. */
  count: number
  action: string
  startDate: string
  endDate: string
}

export interface HistoryGroup {
  /** Epoch milliseconds of the change's first fulfilment. */
  time: number
  modifiedBy: string
  rows: HistoryRow[]
}

export const actionLabel = (count: number) => (count > 0 ? `ACTIVATE (${count})` : `DEACTIVATE (${Math.abs(count)})`)

export function groupHistory(events: readonly HistoryFulfillment[]): HistoryGroup[] {
  const sorted = [...events].sort((a, b) => a.time - b.time)
  const groups: { time: number; last: number; modifiedBy: string; events: HistoryFulfillment[] }[] = []
  for (const event of sorted) {
    const open = groups.at(-1)
    if (open && event.time - open.last <= HISTORY_GROUP_MS) {
      open.events.push(event)
      open.last = event.time
    } else {
      groups.push({ time: event.time, last: event.time, modifiedBy: event.modifiedby, events: [event] })
    }
  }
  return groups
    .map((g) => {
      const rows = new Map<string, HistoryRow>()
      for (const e of g.events) {
        const row = rows.get(e.ActivationId)
        if (row) row.count += e.FulfillCount
        else {
          rows.set(e.ActivationId, {
            activationId: e.ActivationId,
            productName: e.ProductName,
            count: e.FulfillCount,
            action: '',
            startDate: e.StartDate,
            endDate: e.EndDate,
          })
        }
      }
      const summed = [...rows.values()].map((r) => ({ ...r, action: actionLabel(r.count) }))
      return { time: g.time, modifiedBy: g.modifiedBy, rows: summed }
    })
    .reverse()
}

/** A time as the history and its CSV show it: 'YYYY-MM-DD HH:MM:SS' in UTC. */
export const historyTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

export const HISTORY_CSV_HEADER = [
  'Hostname (hostid)',
  'Time',
  'Modified by',
  'Action',
  'Product',
  'Entitlement',
  'Count',
  'Start Date',
  'End Date',
] as const

export const historyCsvName = (active: boolean, customerNumber: string) =>
  `ANSYS${active ? 'Active' : 'Inactive'}Servers_${customerNumber}.csv`

/** Every change of every host, one line per activation id, newest first per host. */
export function historyCsv(hostsWithHistory: readonly HostHistory[]): string {
  const rows = hostsWithHistory.flatMap((host) =>
    groupHistory(host.fulfillments).flatMap((group) =>
      group.rows.map((row) => [
        `${host.name} (${host.serverId})`,
        historyTime(group.time),
        group.modifiedBy,
        row.action,
        row.productName,
        row.activationId,
        Math.abs(row.count),
        row.startDate,
        row.endDate,
      ]),
    ),
  )
  return csvDocument(HISTORY_CSV_HEADER, rows)
}

/** Spec 3: host histories are fetched 5 hosts a request, at most 10 unfetched hosts a round. */
export const HISTORY_BATCH = 5
export const HISTORY_ROUND = 10

/** The requests of the next round: the first hosts not yet fetched, in batches. */
export function nextHistoryRound(hostIds: readonly number[], fetched: ReadonlySet<number>): number[][] {
  const round = hostIds.filter((id) => !fetched.has(id)).slice(0, HISTORY_ROUND)
  const batches: number[][] = []
  for (let i = 0; i < round.length; i += HISTORY_BATCH) batches.push(round.slice(i, i + HISTORY_BATCH))
  return batches
}
