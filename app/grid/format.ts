/** Text formats of grid cells. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/

/** 'YYYY-MM-DD[ HH:mm:ss]' as DD-Mon-YYYY (spec 1 section 9: the email list), e.g. 05-Mar-2026. Other text is returned as is. */
export function formatDayMonYear(value: string | null | undefined): string {
  if (!value) return ''
  const m = DATE_TEXT.exec(value)
  if (!m) return value
  const month = MONTHS[Number(m[2]) - 1]
  return month ? `${m[3]}-${month}-${m[1]}` : value
}

/** DD-Mon-YYYY HH:mm for a 'YYYY-MM-DD HH:mm:ss' value. */
export function formatDayMonYearTime(value: string | null | undefined): string {
  if (!value) return ''
  const m = DATE_TEXT.exec(value)
  if (!m) return value
  const day = formatDayMonYear(value)
  return m[4] ? `${day} ${m[4]}:${m[5]}` : day
}

/**
 * A date as a user may type it in a filter: YYYY-MM-DD, or DD-Mon-YYYY as the
 * list shows it (month name in any case). Returns YYYY-MM-DD, or null.
 */
export function parseDayInput(text: string): string | null {
  const t = text.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return validDay(t)
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(t)
  if (!m) return null
  const month = MONTHS.findIndex((name) => name.toLowerCase() === m[2].toLowerCase())
  if (month < 0) return null
  return validDay(`${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1].padStart(2, '0')}`)
}

/** A range of days typed as 'from..to' (each as parseDayInput reads it, in order), or a single day. */
export function parseDayRangeInput(text: string): [string, string] | null {
  const [from, to, ...rest] = text.split('..')
  if (to === undefined) {
    const day = parseDayInput(from)
    return day ? [day, day] : null
  }
  if (rest.length > 0) return null
  const [a, b] = [parseDayInput(from), parseDayInput(to)]
  return a && b && a <= b ? [a, b] : null
}

function validDay(day: string): string | null {
  const d = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day ? day : null
}
