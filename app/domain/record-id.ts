import * as z from 'zod/mini'

/** A record id as text: decimal digits only, no sign, no leading zero, at most 15 digits (a safe integer). */
export const DECIMAL_ID = /^[1-9][0-9]{0,14}$/

export const RECORD_ID_MESSAGE = 'id must be a positive whole number in decimal digits'

/**
 * A record id from a path, a query or a JSON body: a positive safe integer, or its
 * decimal text. `Number()` would also take '0x10', '1e1', ' 16 ' and '' (as 0).
 */
export const recordIdSchema = z.union(
  [
    z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
    z.pipe(
      z.string().check(z.regex(DECIMAL_ID)),
      z.transform((text) => Number(text)),
    ),
  ],
  { error: RECORD_ID_MESSAGE },
)

/** The id a text names, or null when it is not a decimal record id. */
export function parseRecordId(text: string | null | undefined): number | null {
  return text !== null && text !== undefined && DECIMAL_ID.test(text) ? Number(text) : null
}
