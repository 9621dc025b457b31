/**
 * A customer number (the account list's AccountID), as callers send it: text or a
 * number, trimmed. The API, the portal's guards and its routes all accept exactly
 * this, so a number one of them takes is never refused by another.
 */
import * as z from 'zod/mini'

export const customerNumberSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.number().check(z.int(), z.nonnegative())]),
    z.transform((v) => String(v).trim()),
  ),
  z
    .string()
    .check(
      z.minLength(1, 'customer number is required'),
      z.maxLength(32),
      z.regex(/^[A-Za-z0-9_-]+$/, 'customer number may only hold letters, digits, - and _'),
    ),
)

/** The customer number in `value`, or null when there is none or it is not one. */
export function customerNumberOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  const parsed = customerNumberSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
