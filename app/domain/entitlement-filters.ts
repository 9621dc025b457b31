/**
 * The entitlement grids' special filters (spec 2 section 5, Entitlement
 * filters), turned into list-engine criteria so the server filters and pages.
 * null means "no special meaning": the caller falls back to its plain text filter.
 */
import { addDays, isDay } from './entitlements'
import type { GridCriterion } from './grid-state'

const WHOLE_NUMBER = /^-?\d+$/
const MAINTENANCE = /^maintenance\s+ends\s+on\s+(\d{4}-\d{2}-\d{2})$/i
const EXACT_DAY = /^\d{4}-\d{2}-\d{2}$/

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

/** Expiration Date: an exact day matches the end date; 'Maintenance ends on DAY' the version date of a permanent one. */
export function endDateCriteria(text: string): GridCriterion[] | null {
  const trimmed = text.trim()
  if (EXACT_DAY.test(trimmed) && isDay(trimmed)) return [{ name: 'EndDate', method: 'EQUALS', value: trimmed }]
  const day = MAINTENANCE.exec(trimmed)?.[1]
  if (day && isDay(day)) return [{ name: 'VersionDate', method: 'EQUALS', value: day }, permanent]
  return null
}
