/**
 * The period a question asks about, in whole UTC days relative to `now`: 'last month', 'this year',
 * 'the last 30 days', 'the next 90 days', 'Q3', 'in 2025', 'yesterday', and through chrono-node
 * 'in March', 'since 1 May', 'March 2026', 'from March to May', '3 June', 'by the end of July', 'for May'.
 */
import * as chrono from 'chrono-node'
import type { AskPeriod } from '../types'

export interface PeriodMatch {
  period: AskPeriod
  /** Where the words that said it start in the question, and how many characters they take. */
  index: number
  length: number
}

const DAY_MS = 86_400_000
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const utcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS
const ymd = (y: number, m: number, d: number) => Date.UTC(y, m, d)
/** The same day of the month `n` months on, at most the month's last day. */
function addMonths(ms: number, n: number): number {
  const d = new Date(ms)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n + 1, 0)).getUTCDate()
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, Math.min(d.getUTCDate(), last))
}
const dayText = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}
const monthText = (y: number, m: number) => `${MONTHS[m]} ${y}`

function span(from: number, to: number, text: string): AskPeriod {
  return { from: iso(from), to: iso(to), text }
}

type Rule = [RegExp, (m: RegExpExecArray, today: number) => AskPeriod | undefined]

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7 }

const RULES: Rule[] = [
  [
    /\b(last|past|previous|next|coming)\s+(\d{1,3})\s+(day|week|month|year)s?\b/i,
    (m, today) => {
      const n = Number(m[2])
      const unit = m[3].toLowerCase()
      const ahead = /next|coming/i.test(m[1])
      const words = `the ${ahead ? 'next' : 'last'} ${n} ${unit}${n === 1 ? '' : 's'}`
      if (unit in UNIT_DAYS) {
        const days = n * UNIT_DAYS[unit]
        return ahead ? span(today, today + days * DAY_MS, words) : span(today - (days - 1) * DAY_MS, today, words)
      }
      const months = unit === 'year' ? 12 * n : n
      return ahead
        ? span(today, addMonths(today, months), words)
        : span(addMonths(today, -months) + DAY_MS, today, words)
    },
  ],
  [
    /\b(last|this|next|previous|current|past)\s+(week|month|quarter|year)\b/i,
    (m, today) => {
      const which = m[1].toLowerCase()
      const shift = which === 'next' ? 1 : which === 'this' || which === 'current' ? 0 : -1
      const unit = m[2].toLowerCase()
      const d = new Date(today)
      const words = `${shift === 1 ? 'next' : shift === 0 ? 'this' : 'last'} ${unit}`
      if (unit === 'week') {
        const monday = today - ((d.getUTCDay() + 6) % 7) * DAY_MS + shift * 7 * DAY_MS
        return span(monday, monday + 6 * DAY_MS, words)
      }
      if (unit === 'month') {
        const from = ymd(d.getUTCFullYear(), d.getUTCMonth() + shift, 1)
        return span(from, ymd(d.getUTCFullYear(), d.getUTCMonth() + shift + 1, 0), words)
      }
      if (unit === 'quarter') {
        const q = Math.floor(d.getUTCMonth() / 3) + shift
        return span(ymd(d.getUTCFullYear(), q * 3, 1), ymd(d.getUTCFullYear(), q * 3 + 3, 0), words)
      }
      const y = d.getUTCFullYear() + shift
      return span(ymd(y, 0, 1), ymd(y, 11, 31), words)
    },
  ],
  [
    /\bq([1-4])(?:\s*(?:of\s+)?(20\d\d))?\b/i,
    (m, today) => {
      const y = m[2] ? Number(m[2]) : new Date(today).getUTCFullYear()
      const q = Number(m[1]) - 1
      return span(ymd(y, q * 3, 1), ymd(y, q * 3 + 3, 0), `Q${q + 1} ${y}`)
    },
  ],
  [
    /\b(ytd|year to date|so far this year)\b/i,
    (_m, today) => span(ymd(new Date(today).getUTCFullYear(), 0, 1), today, 'this year so far'),
  ],
  [/\byesterday\b/i, (_m, today) => span(today - DAY_MS, today - DAY_MS, 'yesterday')],
  [/\btoday\b/i, (_m, today) => span(today, today, 'today')],
  [
    /\b(in|during|for|of|since)\s+(20\d\d)\b/i,
    (m, today) => {
      const y = Number(m[2])
      return /since/i.test(m[1])
        ? span(ymd(y, 0, 1), today, `since ${y}`)
        : span(ymd(y, 0, 1), ymd(y, 11, 31), String(y))
    },
  ],
]

/** A chrono-node result as whole days: a day, a month or a year, whichever it names. */
function chronoSpan(c: chrono.ParsedComponents): [number, number, string] {
  const y = c.get('year')!
  const m = c.get('month')! - 1
  if (c.isCertain('day') || c.isCertain('weekday')) {
    const day = ymd(y, m, c.get('day')!)
    return [day, day, dayText(day)]
  }
  if (c.isCertain('month')) return [ymd(y, m, 1), ymd(y, m + 1, 0), monthText(y, m)]
  return [ymd(y, 0, 1), ymd(y, 11, 31), String(y)]
}

const parseDates = (text: string, now: number) => chrono.en.GB.parse(text, { instant: new Date(now), timezone: 'UTC' })

function chronoResult(text: string, now: number): chrono.ParsedResult | undefined {
  // 'now' and times of day are no period.
  return parseDates(text, now).find((r) =>
    /\d|[a-z]{3}/i.test(r.text.replace(/\b(right )?now\b|\b(tonight|morning|evening|noon)\b/gi, '')),
  )
}

const MONTH_NAMES = MONTHS.join('|')
const MONTH_ALONE = new RegExp(
  `\\b(?:(?:in|for|of|during|since|from|after|until|till|by|before)\\s+(${MONTH_NAMES})\\b|(${MONTH_NAMES})\\s+(?=(?:statement|bill|invoice|usage|costs?|spend|spending|denials)\\b))`,
  'i',
)

/**
 * A month named alone ('for May', 'our May statement'), which chrono-node leaves out because 'may'
 * is also a verb: the month as 'in May' is read, at the month's own words.
 */
function monthAlone(text: string, now: number): chrono.ParsedResult | undefined {
  const m = MONTH_ALONE.exec(text)
  if (!m) return undefined
  const month = m[1] ?? m[2]
  const [result] = parseDates(`in ${month}`, now)
  const index = m[1] ? m.index + m[0].length - month.length : m.index
  return result && Object.assign(result, { index, text: month })
}

/** The first period the question names, with where it says it. */
export function findPeriod(text: string, now: number): PeriodMatch | undefined {
  const today = utcDay(now)
  for (const [re, make] of RULES) {
    const m = re.exec(text)
    if (!m) continue
    const period = make(m, today)
    if (period) return { period, index: m.index, length: m[0].length }
  }
  const result = chronoResult(text, now) ?? monthAlone(text, now)
  if (!result) return undefined
  const [from, startTo, startText] = chronoSpan(result.start)
  const before = text.slice(0, result.index)
  const since = /\b(since|from|after)\s+$/i.exec(before)
  const until = /\b(before|by|until|till|up to|no later than)\s+(the\s+)?$/i.exec(before)
  if (!result.end && until && startTo >= today) {
    // 'before July' ends on 30 June; 'before the end of July', 'by July' and 'until July' on 31 July.
    const strictly = /^before/i.test(until[1]) && !/^end\b/i.test(result.text)
    const to = strictly ? from - DAY_MS : startTo
    const words = strictly ? `before ${startText}` : `by ${startText}`
    return {
      period: span(today, Math.max(today, to), words),
      index: until.index,
      length: result.index + result.text.length - until.index,
    }
  }
  if (result.end) {
    const [, to, endText] = chronoSpan(result.end)
    return { period: span(from, to, `${startText} to ${endText}`), index: result.index, length: result.text.length }
  }
  if (since && from <= today) {
    return {
      period: span(from, today, `since ${startText}`),
      index: since.index,
      length: result.index + result.text.length - since.index,
    }
  }
  return { period: span(from, startTo, startText), index: result.index, length: result.text.length }
}

/**
 * A month or quarter named without its year that has not begun yet, moved back a year: what a
 * question about what has happened means by it ('the December statement', asked in June).
 */
export function alreadyBegun(period: AskPeriod, question: string, now: number): AskPeriod {
  const m = /^(Q[1-4]|[A-Z][a-z]+) (\d{4})$/.exec(period.text)
  if (!m || period.from <= iso(utcDay(now)) || /\b(19|20)\d\d\b/.test(question)) return period
  const year = Number(m[2]) - 1
  const [, fromMonth] = period.from.split('-').map(Number)
  const [, toMonth] = period.to.split('-').map(Number)
  return span(ymd(year, fromMonth - 1, 1), ymd(year, toMonth, 0), `${m[1]} ${year}`)
}

/** The period a question names, in whole UTC days relative to `now`. */
export function parsePeriod(text: string, now: number): AskPeriod | undefined {
  return findPeriod(text, now)?.period
}
