/**
 * Web Reporting's rules (issue 36): from an entitlement's per-day aggregates (web_usage_days)
 * the daily series of seats against peak use, utilisation, the days at full use, the hours
 * with denials, the named seats nobody has used for a while, and the plain-language verdict
 * the page and the Home card both show. Days are UTC days since 1970-01-01.
 */
import { DAY_MS, formatDay } from './utc-day'

const HOUR_MS = 3_600_000

/** One stored day of an entitlement (web_usage_days). */
export interface UsageDayRow {
  day: number
  peak: number
  seatMs: number
  deniedNoSeat: number
  deniedOther: number
  deniedHours: number
}

/** A seat still checked out: from its start to now or its lease's end, whichever is first. */
export interface RunningSeat {
  startedAt: number
  endsAt: number
}

export interface EntitlementTerm {
  quantity: number
  /** 'YYYY-MM-DD' */
  startDate: string
  endDate: string | null
}

export interface ReportDay {
  day: number
  date: string
  /** The entitlement's quantity on a day within its term, else 0. */
  seats: number
  peak: number
  seatMs: number
  deniedNoSeat: number
  deniedOther: number
  /** The UTC hours of the day with a denial for want of a free seat. */
  denialHours: number
}

export const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)

/** The number of set bits of a day's denied_hours (24 bits). */
export function countHours(bits: number): number {
  let n = 0
  for (let h = 0; h < 24; h++) if (bits & (1 << h)) n++
  return n
}

/** Milliseconds of [start, end) that fall within `day`. */
function overlap(start: number, end: number, day: number): number {
  return Math.max(0, Math.min(end, (day + 1) * DAY_MS) - Math.max(start, day * DAY_MS))
}

/**
 * The days `fromDay`..`toDay` of one entitlement. Stored rows are complete up to the
 * entitlement's last stored day (days before its first row had no use); seats still running
 * add their time so far to every day, and count towards the peak of the days after the last
 * stored day (nothing changed on those days, so what runs now ran all along).
 */
export function dailySeries(
  rows: readonly UsageDayRow[],
  term: EntitlementTerm,
  fromDay: number,
  toDay: number,
  running: readonly RunningSeat[],
  /** The entitlement's last stored day, when `rows` may stop before it. */
  lastStored = rows.reduce((last, r) => Math.max(last, r.day), -Infinity),
): ReportDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const termStart = dayNumber(term.startDate)
  const termEnd = term.endDate === null ? Infinity : dayNumber(term.endDate)
  const days: ReportDay[] = []
  for (let day = fromDay; day <= toDay; day++) {
    const row = byDay.get(day)
    let seatMs = row?.seatMs ?? 0
    let runningToday = 0
    for (const seat of running) {
      const ms = overlap(seat.startedAt, seat.endsAt, day)
      seatMs += ms
      if (ms > 0) runningToday++
    }
    const peak = day > lastStored ? runningToday : (row?.peak ?? 0)
    days.push({
      day,
      date: formatDay(day * DAY_MS),
      seats: day >= termStart && day <= termEnd ? term.quantity : 0,
      peak,
      seatMs,
      deniedNoSeat: row?.deniedNoSeat ?? 0,
      deniedOther: row?.deniedOther ?? 0,
      denialHours: countHours(row?.deniedHours ?? 0),
    })
  }
  return days
}

export interface ReportFigures {
  /** Seat time used / seat time available (seats × 24 h) over the days in term; null without such days. */
  utilisation: number | null
  seatHours: number
  peak: number
  /** Days in term whose peak reached the seats. */
  fullUseDays: number
  /** Days with a denial for want of a free seat. */
  deniedDays: number
  denialHours: number
  deniedNoSeat: number
  deniedOther: number
}

export function reportFigures(days: readonly ReportDay[]): ReportFigures {
  let usedMs = 0
  let availableMs = 0
  let seatMs = 0
  const figures: ReportFigures = {
    utilisation: null,
    seatHours: 0,
    peak: 0,
    fullUseDays: 0,
    deniedDays: 0,
    denialHours: 0,
    deniedNoSeat: 0,
    deniedOther: 0,
  }
  for (const d of days) {
    seatMs += d.seatMs
    figures.peak = Math.max(figures.peak, d.peak)
    if (d.seats > 0) {
      usedMs += d.seatMs
      availableMs += d.seats * DAY_MS
      if (d.peak >= d.seats) figures.fullUseDays++
    }
    if (d.deniedNoSeat > 0) figures.deniedDays++
    figures.denialHours += d.denialHours
    figures.deniedNoSeat += d.deniedNoSeat
    figures.deniedOther += d.deniedOther
  }
  figures.seatHours = seatMs / HOUR_MS
  figures.utilisation = availableMs > 0 ? usedMs / availableMs : null
  return figures
}

/* ---------------------------------------------------------------- the verdict */

export type VerdictKind = 'denied' | 'spare-seats' | 'full-use' | 'not-used'

export interface Verdict {
  kind: VerdictKind
  text: string
}

/** The days the verdict looks back on. */
export const VERDICT_DAYS = 30

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * What the figures of a period say about the number of seats. `period` names the period in
 * the text ('the last 30 days', or '12 days' of a chosen period). Denials for want of a free
 * seat come first (more seats would have served them); a period without any use says so;
 * otherwise the peak against the seats tells whether some were never needed.
 */
export function verdict(days: readonly ReportDay[], seats: number, period = `the last ${VERDICT_DAYS} days`): Verdict {
  const f = reportFigures(days)
  if (f.deniedDays > 0) return { kind: 'denied', text: `Denied on ${f.deniedDays} of ${period}: consider more seats` }
  if (f.peak === 0 && f.seatHours === 0) return { kind: 'not-used', text: `Not used in ${period}` }
  if (f.peak < seats)
    return { kind: 'spare-seats', text: `Peak ${f.peak} of ${plural(seats, 'seat')}: ${seats - f.peak} unused` }
  return { kind: 'full-use', text: `Peak ${seats} of ${plural(seats, 'seat')}: all in use at times, no denials` }
}

/** 'the last 30 days' for the verdict's own window, else 'the 12 days' of a chosen period. */
export const periodText = (dayCount: number) => `the ${plural(dayCount, 'day')}`

/* ---------------------------------------------------------------- idle named seats */

export const IDLE_THRESHOLDS = [30, 60, 90] as const

export interface NamedHolderUse {
  email: string
  name: string
  /** The last day the holder was granted a seat of the entitlement; null when never. */
  lastUsedDay: number | null
}

export interface IdleSeat extends NamedHolderUse {
  /** Whole days since the last use; null when never used. */
  idleDays: number | null
}

export interface IdleSeats {
  /** Holders not using their seat for more than 30 days (or never), the longest idle first. */
  seats: IdleSeat[]
  /** How many have not used it in 30, 60 and 90 days (or never). */
  over: Record<(typeof IDLE_THRESHOLDS)[number], number>
}

/** A seat is idle for N days when its holder's last grant is more than N days before today, or never. */
export function idleSeats(holders: readonly NamedHolderUse[], today: number): IdleSeats {
  const over = { 30: 0, 60: 0, 90: 0 }
  const seats: IdleSeat[] = []
  for (const h of holders) {
    const idleDays = h.lastUsedDay === null ? null : today - h.lastUsedDay
    for (const n of IDLE_THRESHOLDS) if (idleDays === null || idleDays > n) over[n]++
    if (idleDays === null || idleDays > IDLE_THRESHOLDS[0]) seats.push({ ...h, idleDays })
  }
  seats.sort(
    (a, b) =>
      (b.idleDays ?? Infinity) - (a.idleDays ?? Infinity) ||
      a.email.localeCompare(b.email, 'en', { sensitivity: 'base' }),
  )
  return { seats, over }
}
