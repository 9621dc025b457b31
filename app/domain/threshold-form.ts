/**
 * The low-balance threshold form of Elastic Licensing's credit forecast: one
 * entitlement's threshold, a number from 0 up to the entitlement's total with at
 * most 2 decimals; an empty field clears it. The browser (zod/mini) and the
 * action check the same schema; the licensing API checks it again.
 */
import * as z from 'zod/mini'

export const THRESHOLD_MESSAGES = {
  notNumber: 'Enter the threshold as a number, e.g. 250 or 99.5, or leave it empty to clear it.',
  negative: 'The threshold cannot be below 0.',
  decimals: 'Use at most 2 decimals.',
  aboveTotal: (total: number) =>
    `The threshold cannot be above the entitlement's total of ${total.toLocaleString('en-US')}.`,
  entitlement: 'Choose an entitlement.',
} as const

/** What is wrong with a typed threshold, or null; `total` is the entitlement's quantity when known. */
export function thresholdError(text: string, total?: number): string | null {
  const value = text.replace(/,/g, '').trim()
  if (!/^-?\d+(\.\d+)?$/.test(value)) return THRESHOLD_MESSAGES.notNumber
  const n = Number(value)
  if (n < 0) return THRESHOLD_MESSAGES.negative
  if (/\.\d{3,}$/.test(value)) return THRESHOLD_MESSAGES.decimals
  if (total !== undefined && n > total) return THRESHOLD_MESSAGES.aboveTotal(total)
  return null
}

/** The form's schema; with `total`, a threshold above it is refused too. A missing threshold means clear it. */
export function thresholdFormSchema(total?: number) {
  return z.object({
    activationId: z
      .string({ error: THRESHOLD_MESSAGES.entitlement })
      .check(z.minLength(1, THRESHOLD_MESSAGES.entitlement)),
    threshold: z.optional(
      z.pipe(
        z.string().check(
          z.superRefine((value, ctx) => {
            const message = thresholdError(value, total)
            if (message) ctx.addIssue({ code: 'custom', message })
          }),
        ),
        z.transform((v: string) => Number(v.replace(/,/g, '').trim())),
      ),
    ),
  })
}
