/**
 * Web Reporting (issue 36): per web entitlement of a customer and a period, the seats against
 * the peak concurrent use of each day, utilisation, denials, the days at full use and the
 * verdict; the top users and groups by hours; the named seats nobody has used for a while.
 * Read from the per-day aggregates, never from the checkouts themselves (but the running ones).
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { WEB_ENTITLEMENT_TYPES } from '../../app/domain/web-licenses'
import { singleLine } from '../text-schemas'
import { day, declareCall, replyObject } from './define'

/** The longest period one report covers, in days. */
export const MAX_REPORT_DAYS = 1830

const count = () => z.number().int().min(0)
const verdict = replyObject({
  kind: z.enum(['denied', 'spare-seats', 'full-use', 'not-used']),
  text: z.string(),
})

const reportDay = replyObject({
  date: day(),
  /** The entitlement's quantity on a day within its term, else 0. */
  seats: count(),
  peak: count(),
  seatHours: z.number().min(0),
  deniedNoSeat: count(),
  deniedOther: count(),
  /** UTC hours of the day with a denial for want of a free seat. */
  denialHours: count(),
})

const idleSeat = replyObject({
  email: z.string(),
  name: z.string(),
  /** The last day the holder took a seat of the entitlement; null: never. */
  lastUsed: day().nullable(),
  idleDays: count().nullable(),
})

const entitlementReport = replyObject({
  activationId: z.string(),
  productName: z.string(),
  type: z.enum(WEB_ENTITLEMENT_TYPES),
  seats: count(),
  startDate: day(),
  endDate: day().nullable(),
  /** Seats checked out now. */
  inUseNow: count(),
  days: z.array(reportDay),
  /** Seat time used / seat time available over the period's days in term (0–1); null without such days. */
  utilisation: z.number().min(0).nullable(),
  seatHours: z.number().min(0),
  peak: count(),
  fullUseDays: count(),
  deniedDays: count(),
  denialHours: count(),
  deniedNoSeat: count(),
  deniedOther: count(),
  /** Over the last 30 days. */
  verdict,
  /** Over the chosen period. */
  periodVerdict: verdict,
  /** Named entitlements: the holders and those who have not used their seat in 30 / 60 / 90 days. */
  named: replyObject({
    holders: count(),
    idle30: count(),
    idle60: count(),
    idle90: count(),
    idle: z.array(idleSeat),
  }).nullable(),
})

const hoursRow = { hours: z.number().min(0), checkouts: count() }

export const webReportReply = replyObject({
  from: day(),
  to: day(),
  today: day(),
  /** Every web entitlement of the customer, for the choice of one. */
  choices: z.array(replyObject({ activationId: z.string(), productName: z.string() })),
  entitlements: z.array(entitlementReport),
  topUsers: z.array(replyObject({ email: z.string(), name: z.string().nullable(), ...hoursRow })),
  topGroups: z.array(replyObject({ name: z.string(), members: count(), ...hoursRow })),
})

export type WebReport = z.infer<typeof webReportReply>
export type WebEntitlementReport = WebReport['entitlements'][number]

export const webReportCalls = {
  report: declareCall({
    method: 'POST',
    path: '/web/report',
    tag: 'Web licensing',
    summary: 'Web Reporting: seats against peak use per day, utilisation, denials, top users and groups, idle seats',
    description: `For each web entitlement of the customer (or the one named), over the days \`from\` to \`to\` (UTC, both included, at most ${MAX_REPORT_DAYS} days): per day the seats, the peak of seats in use at once, the seat hours and the denials; the verdict over the last 30 days and over the period. Groups are credited through their current members.`,
    access: 'read',
    caller: 'customer-reader',
    input: z
      .object({
        customerNumber: customerNumberSchema,
        from: day(),
        to: day(),
        activationId: singleLine().trim().min(1).max(200).optional(),
      })
      .refine((i) => i.from <= i.to, { message: '`from` must not be after `to`', path: ['to'] })
      .refine((i) => (Date.parse(i.to) - Date.parse(i.from)) / 86_400_000 < MAX_REPORT_DAYS, {
        message: `a report covers at most ${MAX_REPORT_DAYS} days`,
        path: ['from'],
      }),
    reply: webReportReply,
  }),
}
