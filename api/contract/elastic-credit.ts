/** How long a customer's elastic credit lasts, and its low-balance thresholds. */
import { z } from 'zod'
import type { CreditStatus } from '../../app/domain/credit-forecast'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { singleLine } from '../text-schemas'
import { day, declareCall, replyObject } from './define'

const TAG = 'Elastic credit'

/** A threshold: a number from 0 with at most 2 decimals (the upper limit is the entitlement's total), or null. */
const thresholdSchema = z
  .number({ message: 'must be a number, or null to clear it' })
  .min(0, 'must be 0 or more')
  .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    message: 'at most 2 decimals',
  })
  .nullable()

const dailyRate = z.number().min(0)

const forecast = z.discriminatedUnion('kind', [
  replyObject({ kind: z.literal('exhausted') }),
  replyObject({ kind: z.literal('no-usage') }),
  replyObject({ kind: z.literal('runs-out'), date: day(), dailyRate }),
  replyObject({ kind: z.literal('outlasts-term'), dailyRate }),
])

// The portal's screens and the home page compute with the domain's type: the reply must be one.
const creditStatus = replyObject({
  ActivationId: z.string(),
  product: z.string(),
  LineItemQuantity: z.number(),
  Used: z.number(),
  Remaining: z.number(),
  Currency: z.string(),
  StartDate: z.string(),
  /** '' when permanent. */
  EndDate: z.string(),
  threshold: z.number().nullable(),
  /** 'YYYY-MM-DD HH:mm:ss' (UTC). */
  thresholdNotifiedAt: z.string().nullable(),
  dailyUsed: z.array(replyObject({ day: day(), used: z.number() })),
  usedBeforeWindow: z.number().min(0),
  forecast,
}) satisfies z.ZodType<CreditStatus>

export const elasticCreditCalls = {
  forecast: declareCall({
    method: 'POST',
    path: '/entitlements/forecast',
    tag: TAG,
    summary: 'Each active elastic entitlement of the customer: its credit, threshold, recent use and forecast',
    description:
      'The use of each of the last 30 days (oldest first, every day present) and when the credit runs out at that rate.',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema }),
    reply: z.array(creditStatus),
  }),
  setThreshold: declareCall({
    method: 'POST',
    path: '/entitlements/threshold',
    tag: TAG,
    summary: 'Sets (or with null clears) the low-balance threshold of an active elastic entitlement',
    description:
      'At most the entitlement’s total. `notified` tells whether the low-balance e-mail for this threshold has been written: at once when the remaining is already at or below it. Refused to view-only users (403).',
    access: 'write',
    caller: 'customer-writer',
    input: z.object({
      customerNumber: customerNumberSchema,
      activationId: singleLine().trim().min(1, 'activationId is required').max(200),
      threshold: thresholdSchema,
    }),
    reply: replyObject({ threshold: z.number().nullable(), notified: z.boolean() }),
  }),
}
