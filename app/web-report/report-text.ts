/** The words and the CSV of Web Reporting: what the chart says, percentages and hours as shown. */
import { csvDocument } from '../domain/csv'
import type { WebEntitlementReport } from '../../api/contract/web-report'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`)
export const hoursText = (hours: number) => hours.toLocaleString('en-GB', { maximumFractionDigits: 1 })

/** The chart's description: its figures in words (the daily table holds every day). */
export function chartSummary(e: WebEntitlementReport): string {
  const days = e.days
  if (days.length === 0) return 'No days in the period.'
  const first = days[0].date
  const last = days[days.length - 1].date
  const highest = days.reduce((best, d) => (d.peak > best.peak ? d : best), days[0])
  const peakText =
    highest.peak === 0 ? 'no seat was used' : `the highest peak was ${plural(highest.peak, 'seat')} on ${highest.date}`
  return (
    `Seats in use at peak per day from ${first} to ${last}, against ${plural(e.seats, 'seat')}: ${peakText}; ` +
    `all seats in use on ${plural(e.fullUseDays, 'day')}; ` +
    `checkouts denied for want of a seat on ${plural(e.deniedDays, 'day')}.`
  )
}

export const CSV_HEADER = [
  'Date',
  'Activation ID',
  'Product',
  'Seats',
  'Peak in use',
  'Seat hours',
  'Denied (no free seat)',
  'Denied (other reasons)',
  'Hours with denials',
] as const

/** The daily figures of every entitlement of the report, one row per entitlement and day. */
export function reportCsv(entitlements: readonly WebEntitlementReport[]): string {
  const rows = entitlements.flatMap((e) =>
    e.days.map((d) => [
      d.date,
      e.activationId,
      e.productName,
      d.seats,
      d.peak,
      d.seatHours,
      d.deniedNoSeat,
      d.deniedOther,
      d.denialHours,
    ]),
  )
  return csvDocument(CSV_HEADER, rows)
}
