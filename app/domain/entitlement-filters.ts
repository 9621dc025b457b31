/**
 * The entitlement grids' special filters (spec 2 section 5, Entitlement
 * filters), turned into list-engine criteria so the server filters and pages.
 * null means "no special meaning": the caller falls back to its plain text filter.
 */
import { addDays, isDay } from './entitlements'
import type { GridCriterion } from '../grid/grid-state'

const WHOLE_NUMBER = /^-?\d+$/
const MAINTENANCE = /^maintenance\s+ends\s+on\s+(.+)$/i
const EXACT_DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_RANGE = /^(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})$/

const permanent: GridCriterion = { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' }

/** Remaining Days: a number N keeps entitlements ending on or after today + N − 1; 'permanent' keeps the permanent ones. */
export function remainingDaysCriteria(text: string, today: string): GridCriterion[] | null {
  const trimmed = text.trim()
  if (WHOLE_NUMBER.test(trimmed)) {
    return [{ name: 'EndDate', method: '>=', value: addDays(today, Number(trimmed) - 1) }]
  }
  if (/permanent/i.test(trimmed)) return [permanent]
  return null
}

/** An exact day, or a range 'FROM..TO' (both days counted), as criteria on `name`; null for other text. */
function dayCriteria(text: string, name: string): GridCriterion[] | null {
  if (EXACT_DAY.test(text) && isDay(text)) return [{ name, method: 'EQUALS', value: text }]
  const range = DAY_RANGE.exec(text)
  if (!range) return null
  const [, from, to] = range
  if (!isDay(from) || !isDay(to) || from > to) return null
  return [{ name, method: 'RANGE', value: [from, to] }]
}

/**
 * Expiration Date: an exact day, or a range 'FROM..TO', matches the end date;
 * 'Maintenance ends on DAY' (or on 'FROM..TO') the version date of a permanent one.
 */
export function endDateCriteria(text: string): GridCriterion[] | null {
  const trimmed = text.trim()
  const maintenance = MAINTENANCE.exec(trimmed)?.[1]
  if (maintenance === undefined) return dayCriteria(trimmed, 'EndDate')
  const criteria = dayCriteria(maintenance.trim(), 'VersionDate')
  return criteria ? [...criteria, permanent] : null
}

/** The Expiration Date filter text for the days from `from` to `to`. */
export function endDateRangeText(from: string, to: string, maintenance = false): string {
  return `${maintenance ? 'Maintenance ends on ' : ''}${from}..${to}`
}
