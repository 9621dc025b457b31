/**
 * The portal's date formats, one per kind of date (docs/design.md, "Dates and
 * times"), so no screen writes a date its own way or in the browser's locale:
 * - a day: 'yyyy-MM-dd' (2026-11-27);
 * - a moment: 'yyyy-MM-dd HH:mm:ss' in UTC (2026-11-27 14:05:09);
 * - an alert's period: 'yyyy-MM-dd, H:mm' (2026-11-27, 9:30), the lists without the comma (spec 1);
 * - the e-mail list's day: 'DD-Mon-YYYY' (27-Nov-2026).
 *
 * Each takes what the API sends ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', ISO 8601
 * with 'T', fractions and a zone), a Date or epoch milliseconds. A text without
 * a zone is UTC already; one with a zone is moved to UTC. Nothing gives '', and
 * a text that is no date is returned as it came, so a value is never hidden.
 */

export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

/** The format of a day field's text, as its hint says it. */
export const DAY_INPUT_FORMAT = 'yyyy-mm-dd'

export type DateValue = string | number | Date | null | undefined

interface Parts {
  year: string
  month: string
  day: string
  /** Absent for a day without a time. */
  time: { hour: string; minute: string; second: string } | null
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i

const pad = (n: number) => String(n).padStart(2, '0')

function partsOfInstant(ms: number): Parts | null {
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return null
  const iso = date.toISOString()
  return {
    year: iso.slice(0, 4),
    month: iso.slice(5, 7),
    day: iso.slice(8, 10),
    time: { hour: iso.slice(11, 13), minute: iso.slice(14, 16), second: iso.slice(17, 19) },
  }
}

function partsOf(value: Exclude<DateValue, null | undefined>): Parts | null {
  if (typeof value === 'number') return partsOfInstant(value)
  if (value instanceof Date) return partsOfInstant(value.getTime())
  const m = DATE_TEXT.exec(value.trim())
  if (!m) return null
  const [, year, month, day, hour, minute, second, zone] = m
  if (zone && hour !== undefined) {
    const iso = `${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${zone.toUpperCase() === 'Z' ? 'Z' : zone}`
    return partsOfInstant(Date.parse(iso))
  }
  const monthIndex = Number(month) - 1
  if (monthIndex < 0 || monthIndex > 11 || Number(day) < 1 || Number(day) > 31) return null
  return { year, month, day, time: hour === undefined ? null : { hour, minute, second: second ?? '00' } }
}

function write(value: DateValue, render: (parts: Parts) => string): string {
  if (value === null || value === undefined || value === '') return ''
  const parts = partsOf(value)
  if (parts) return render(parts)
  return typeof value === 'string' ? value : ''
}

const dayOf = ({ year, month, day }: Parts) => `${year}-${month}-${day}`

/** A day: 'yyyy-MM-dd'. */
export function dayText(value: DateValue): string {
  return write(value, dayOf)
}

/** A moment: 'yyyy-MM-dd HH:mm:ss' (UTC); a day without a time stays a day. */
export function momentText(value: DateValue): string {
  return write(value, (p) => (p.time ? `${dayOf(p)} ${p.time.hour}:${p.time.minute}:${p.time.second}` : dayOf(p)))
}

/** A moment in a sentence: 'yyyy-MM-dd HH:mm:ss UTC'. */
export function momentUtcText(value: DateValue): string {
  const text = momentText(value)
  return text && partsOf(value ?? '')?.time ? `${text} UTC` : text
}

/** An alert's start or end: 'yyyy-MM-dd, H:mm' (the banner), or with `separator` ' ' as the alert lists write it. */
export function alertTimeText(value: DateValue, separator: ', ' | ' ' = ', '): string {
  return write(value, (p) =>
    p.time ? `${dayOf(p)}${separator}${Number(p.time.hour)}:${pad(Number(p.time.minute))}` : dayOf(p),
  )
}

/** The e-mail list's day: 'DD-Mon-YYYY', e.g. 05-Mar-2026. */
export function emailListDayText(value: DateValue): string {
  return write(value, (p) => `${p.day}-${MONTH_ABBREVIATIONS[Number(p.month) - 1]}-${p.year}`)
}
