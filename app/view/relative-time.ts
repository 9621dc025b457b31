/**
 * Relative age and duration texts (spec 1 section 4, 'Relative age text').
 *
 * The spec writes the texts as 'In N days', 'N Minutes ago', 'H Hours M Minutes
 * ago', 'N day(s) ago' and 'Minutes' / 'Hours Minutes' / 'Days Hours Minutes'.
 * A count of one takes the singular ('1 Minute ago', 'In 1 day'); every other
 * count, zero included, the plural.
 */
const MINUTE_MS = 60_000
const MINUTES_PER_HOUR = 60
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR
const DAY_MS = MINUTES_PER_DAY * MINUTE_MS

function count(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`
}

const minutesText = (n: number) => count(n, 'Minute', 'Minutes')
const hoursText = (n: number) => count(n, 'Hour', 'Hours')

/**
 * How long ago `date` was, seen from `now`. A future date counts whole days,
 * at least one ('In 1 day' for anything within the next 48 hours); a past one
 * counts minutes under an hour, hours and minutes under a day, and whole days
 * after that.
 */
export function relativeAge(date: Date, now: Date): string {
  const diff = now.getTime() - date.getTime()
  if (diff < 0) return `In ${count(Math.max(1, Math.floor(-diff / DAY_MS)), 'day', 'days')}`
  const minutes = Math.floor(diff / MINUTE_MS)
  if (minutes < MINUTES_PER_HOUR) return `${minutesText(minutes)} ago`
  if (minutes < MINUTES_PER_DAY) {
    return `${hoursText(Math.floor(minutes / MINUTES_PER_HOUR))} ${minutesText(minutes % MINUTES_PER_HOUR)} ago`
  }
  return `${count(Math.floor(minutes / MINUTES_PER_DAY), 'day', 'days')} ago`
}

/**
 * The time between `start` and `end` in the same style: 'M Minutes' under an
 * hour, 'H Hours M Minutes' under a day, 'D Days H Hours M Minutes' otherwise.
 * An end before the start counts as no time at all.
 */
export function durationText(start: Date, end: Date): string {
  const minutes = Math.max(0, Math.floor((end.getTime() - start.getTime()) / MINUTE_MS))
  if (minutes < MINUTES_PER_HOUR) return minutesText(minutes)
  const hours = Math.floor(minutes / MINUTES_PER_HOUR) % 24
  if (minutes < MINUTES_PER_DAY) return `${hoursText(hours)} ${minutesText(minutes % MINUTES_PER_HOUR)}`
  const days = Math.floor(minutes / MINUTES_PER_DAY)
  return `${count(days, 'Day', 'Days')} ${hoursText(hours)} ${minutesText(minutes % MINUTES_PER_HOUR)}`
}
