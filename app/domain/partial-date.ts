/**
 * Partial date text typed into the Start Time or End Time filter of a usage
 * grid, expanded to the range of instants it can stand for (spec 2 section 5,
 * 'Partial date text in the Start/End filter is expanded to a range'). UTC.
 *
 * The text is read as the beginning of 'YYYY-MM-DD HH:mm:ss' (a 'T' may stand
 * for the space), and each length gives one rule:
 *   '2', '20', '202'     the 1000-, 100- or 10-year block ('202' is 2020-2029)
 *   '2024'               the year
 *   '2024-0', '2024-1'   January to September, October to December
 *   '2024-05'            the month
 *   '2024-05-0' .. '-3'  days 1-9, 10-19, 20-29 (20 to the end in February), 30 to the end
 *   '2024-05-06'         the day
 *   '2024-05-06 0' .. 2  hours 00-09, 10-19, 20-23
 *   '2024-05-06 10'      the hour
 *   '... 10:3'           minutes 30-39
 *   '... 10:35'          the minute
 *   '... 10:35:4'        seconds 40-49
 *   '... 10:35:42'       the second
 * A separator typed after a complete part ('2024-', '2024-05-06 ', '10:') adds
 * nothing: the text means what it meant without it.
 *
 * Anything else is unmatched (null) and the caller passes it through as text:
 * other characters, a digit no value can start with ('2024-2', '2024-05-4',
 * '... 3' for the hour), an impossible value ('2024-13', '2023-02-29'), and a
 * day block a month does not have ('2024-02-3': no day of February starts
 * with 3). A 30-day month's '3' block is the 30th alone.
 */
import { utcDate } from './utc-day'

/** Where each digit may stand; ' ' is the date-time separator. */
const TEMPLATE = '0000-00-00 00:00:00'
const SEPARATORS = new Set([4, 7, 10, 13, 16])

export interface PartialDateRange {
  /** Epoch milliseconds, the first instant. */
  from: number
  /** Epoch milliseconds, the last instant (inclusive). */
  to: number
}

/** Epoch ms of a UTC date-time; hours, minutes and seconds may run over into the next unit. */
function utc(year: number, month = 0, day = 1, hour = 0, minute = 0, second = 0): number {
  return utcDate(year, month, day) + ((hour * 60 + minute) * 60 + second) * 1000
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month + 1, 1) - 1).getUTCDate()
}

function fitsTemplate(text: string): boolean {
  if (text.length > TEMPLATE.length) return false
  return [...text].every((char, i) => {
    if (TEMPLATE[i] === '0') return char >= '0' && char <= '9'
    if (i === 10) return char === ' ' || char === 'T'
    return char === TEMPLATE[i]
  })
}

const range = (from: number, nextFrom: number): PartialDateRange => ({ from, to: nextFrom - 1 })

/** A block of values starting with `digit` as the tens of a value up to `max`: [from, to] or null when empty. */
function tensBlock(digit: number, min: number, max: number): [number, number] | null {
  const from = Math.max(digit * 10, min)
  const to = Math.min(digit * 10 + 9, max)
  return from <= to ? [from, to] : null
}

/** The range of instants `text` can stand for, or null when it is not partial date text. */
export function expandPartialDate(text: string): PartialDateRange | null {
  let value = text.trim()
  if (!value || !fitsTemplate(value)) return null
  if (SEPARATORS.has(value.length - 1)) value = value.slice(0, -1)
  const length = value.length
  const number = (start: number, end: number) => Number(value.slice(start, end))

  if (length < 4) {
    const size = 10 ** (4 - length)
    const first = number(0, length) * size
    return range(utc(first), utc(first + size))
  }
  const year = number(0, 4)
  if (length === 4) return range(utc(year), utc(year + 1))

  if (length === 6) {
    const months = tensBlock(number(5, 6), 1, 12)
    return months && range(utc(year, months[0] - 1), utc(year, months[1]))
  }
  const month = number(5, 7) - 1
  if (month < 0 || month > 11) return null
  if (length === 7) return range(utc(year, month), utc(year, month + 1))

  const lastDay = daysInMonth(year, month)
  if (length === 9) {
    const days = tensBlock(number(8, 9), 1, lastDay)
    return days && range(utc(year, month, days[0]), utc(year, month, days[1] + 1))
  }
  const day = number(8, 10)
  if (day < 1 || day > lastDay) return null
  if (length === 10) return range(utc(year, month, day), utc(year, month, day + 1))

  if (length === 12) {
    const hours = tensBlock(number(11, 12), 0, 23)
    return hours && range(utc(year, month, day, hours[0]), utc(year, month, day, hours[1] + 1))
  }
  const hour = number(11, 13)
  if (hour > 23) return null
  if (length === 13) return range(utc(year, month, day, hour), utc(year, month, day, hour + 1))

  if (length === 15) {
    const minutes = tensBlock(number(14, 15), 0, 59)
    return minutes && range(utc(year, month, day, hour, minutes[0]), utc(year, month, day, hour, minutes[1] + 1))
  }
  const minute = number(14, 16)
  if (minute > 59) return null
  if (length === 16) return range(utc(year, month, day, hour, minute), utc(year, month, day, hour, minute + 1))

  if (length === 18) {
    const seconds = tensBlock(number(17, 18), 0, 59)
    return (
      seconds &&
      range(utc(year, month, day, hour, minute, seconds[0]), utc(year, month, day, hour, minute, seconds[1] + 1))
    )
  }
  const second = number(17, 19)
  if (second > 59) return null
  return range(utc(year, month, day, hour, minute, second), utc(year, month, day, hour, minute, second + 1))
}
