/**
 * The saved list an editing form started from, carried in a hidden field as JSON so
 * that a save over someone else's change can be refused. The field comes back from
 * the browser, so it is read defensively: one parser for every such list.
 */
import * as z from 'zod/mini'

/** A form that does not say which saved list it started from cannot be saved safely. */
export const STALE_FORM_MESSAGE = 'This page is out of date: reload it and make your change again. Nothing was saved.'

/** Longer text is not read at all. */
export const SAVED_LIST_MAX_LENGTH = 200_000

/**
 * The entries of `text` (a JSON array) that match `item`, as `item` outputs them, at
 * most `maxItems`; undefined when the text is missing, too long, not JSON or not an array.
 */
export function parseSavedList<T>(
  text: unknown,
  item: z.core.$ZodType<T>,
  maxItems = Number.POSITIVE_INFINITY,
): T[] | undefined {
  if (typeof text !== 'string' || text.length > SAVED_LIST_MAX_LENGTH) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!Array.isArray(value)) return undefined
  const entries: T[] = []
  for (const entry of value) {
    if (entries.length >= maxItems) break
    const parsed = z.safeParse(item, entry)
    if (parsed.success) entries.push(parsed.data)
  }
  return entries
}
