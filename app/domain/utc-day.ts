/**
 * Calendar days and months as the date pickers and ranges write them
 * ('YYYY-MM-DD', 'YYYY-MM'), read as UTC.
 */

export const DAY_MS = 86_400_000

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_TEXT = /^(\d{4})-(\d{2})$/

/** Epoch ms of the first instant of a UTC date (years 0-99 included, unlike Date.UTC). */
export function utcDate(year: number, month: number, day = 1): number {
  const date = new Date(0)
  return date.setUTCFullYear(year, month, day)
}

/** The day as 'YYYY-MM-DD' when `text` is exactly a real calendar day written so, else null. */
export function parseDay(text: string | null | undefined): string | null {
  const match = text ? DAY_TEXT.exec(text) : null
  if (!match) return null
  const [, year, month, day] = match.map(Number)
  return formatDay(utcDate(year, month - 1, day)) === match[0] ? match[0] : null
}

/** The month as 'YYYY-MM' when `text` is exactly a month written so, else null. */
export function parseMonth(text: string | null | undefined): string | null {
  const match = text ? MONTH_TEXT.exec(text) : null
  if (!match) return null
  const month = Number(match[2])
  return month >= 1 && month <= 12 ? match[0] : null
}

/** Epoch ms of the midnight that starts a 'YYYY-MM-DD' day. */
export function dayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number)
  return utcDate(year, month - 1, date)
}

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Epoch ms of the midnight that starts the UTC day of an instant. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS
}
