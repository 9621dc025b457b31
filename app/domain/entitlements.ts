/**
 * Entitlement rules shared by the licensing API, the Elastic Licensing and
 * Leases/Perpetuals grids and the activation editor: types, licence model
 * groups, day arithmetic, classification, the derived figures and how they
 * are shown (spec 2 sections 3, 4 and 9; spec 3 sections 4 and 9).
 *
 * Days are ISO text 'YYYY-MM-DD' (a longer timestamp is cut to its day) and
 * counted in UTC. A missing end date means a permanent entitlement.
 */
import { roundTo } from './rounding'
import { dayText } from './date-format'

export const ENTITLEMENT_TYPES = ['ELASTIC', 'SSL', 'FSA', 'SUBSCRIPTION', 'CONCURRENT'] as const
export type EntitlementType = (typeof ENTITLEMENT_TYPES)[number]

export function isEntitlementType(value: unknown): value is EntitlementType {
  return typeof value === 'string' && (ENTITLEMENT_TYPES as readonly string[]).includes(value)
}

/** The licence model and state of the entitlements Elastic Licensing lists (spec 2 section 4). */
export const ELASTIC_LICENSE_MODEL = 'Elastic-AEU'
export const DEPLOYED = 'Deployed'

// ---------------------------------------------------------------------------
// Licence model groups (spec 2 section 3)

export const LICENSE_MODEL_GROUPS = ['Network', 'Shared Web', 'FSA', 'Node Locked', 'Named User'] as const
export type LicenseModelGroup = (typeof LICENSE_MODEL_GROUPS)[number]

/** Licence models by group, compared without case, spaces or punctuation; anything else is Network. */
const MODEL_GROUPS: Record<string, LicenseModelGroup> = {
  sharedweb: 'Shared Web',
  sharedwebborrow: 'Shared Web',
  concurrentproduct: 'Shared Web',
  fsa: 'FSA',
  flexiblespendingaccount: 'FSA',
  nodelocked: 'Node Locked',
  nodelockedborrow: 'Node Locked',
  nameduser: 'Named User',
  nameduserborrow: 'Named User',
}

const modelKey = (model: string) => model.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * The group a licence model belongs to; a product named '... (node)' is Node Locked whatever its model.
 * The lists group by it in SQL: SQLite calls this function (api/entitlement-list.ts), PostgreSQL its copy
 * license_model_group (db/migrations-pg/0002_sql_functions.sql), which must agree with it: a change here
 * is a change there, and db/pg-functions.test.ts checks that they agree.
 */
export function licenseModelGroup(licenseModel: string, productName: string): LicenseModelGroup {
  if (/\(node\)/i.test(productName)) return 'Node Locked'
  return MODEL_GROUPS[modelKey(licenseModel)] ?? 'Network'
}

/** A licence model containing 'Borrow' lets licences be borrowed (spec 3 section 3). */
export function isBorrowableModel(licenseModel: string): boolean {
  return /borrow/i.test(licenseModel)
}

// ---------------------------------------------------------------------------
// Days

const DAY_MS = 86_400_000
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/

/** Days since 1970-01-01 of a 'YYYY-MM-DD…' text, or null when it is not a real day. */
function dayNumber(day: string): number | null {
  const match = DAY_PATTERN.exec(day)
  if (!match) return null
  const [, y, m, d] = match.map(Number)
  const time = Date.UTC(y, m - 1, d)
  const date = new Date(time)
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return time / DAY_MS
}

function requireDayNumber(day: string): number {
  const n = dayNumber(day)
  if (n === null) throw new RangeError(`Not a day (YYYY-MM-DD): ${JSON.stringify(day)}`)
  return n
}

/** Whether the text starts with a real calendar day ('2024-02-30' is not). */
export function isDay(text: string): boolean {
  return dayNumber(text) !== null
}

/** Whole days from `fromDay` to `toDay` (negative when `toDay` is earlier). */
export function daysBetween(fromDay: string, toDay: string): number {
  return requireDayNumber(toDay) - requireDayNumber(fromDay)
}

export function addDays(day: string, n: number): string {
  return new Date((requireDayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10)
}

/** The current UTC day. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------
// Timing and classification (spec 2 section 4, spec 3 section 4)

export interface EntitlementDates {
  startDate: string
  /** null (or '') = permanent. */
  endDate: string | null
  today: string
}

export interface EntitlementTiming {
  /** today − start; negative before the start. */
  usedDays: number
  /** end − today; 0 on the last day; null when permanent. */
  remainingDays: number | null
  /** end − start; null when permanent. */
  totalDays: number | null
  /** Share of the term gone, by the rules of usedPercentage; 100 for a permanent entitlement (spec 3 section 4). */
  usedDaysPercentage: number
  permanent: boolean
}

export function entitlementTiming({ startDate, endDate, today }: EntitlementDates): EntitlementTiming {
  const usedDays = daysBetween(startDate, today)
  if (!endDate) return { usedDays, remainingDays: null, totalDays: null, usedDaysPercentage: 100, permanent: true }
  const totalDays = daysBetween(startDate, endDate)
  return {
    usedDays,
    remainingDays: daysBetween(today, endDate),
    totalDays,
    usedDaysPercentage: usedPercentage(usedDays, totalDays),
    permanent: false,
  }
}

/** Elastic Licensing lists only Elastic-AEU entitlements in the Deployed state (spec 2 section 4). */
export function isElasticIncluded({ licenseModel, state }: { licenseModel: string; state: string }): boolean {
  return licenseModel === ELASTIC_LICENSE_MODEL && state === DEPLOYED
}

export type ElasticStatus = 'NOT STARTED' | 'EXPIRED' | 'USED UP' | 'ACTIVE'
export type LeaseStatus = 'NOT STARTED' | 'EXPIRED' | 'PERMANENT' | 'ACTIVE'

/** Whether the term is over: the last day (remaining 0) already counts as expired; a permanent one never is. */
const isExpired = (timing: EntitlementTiming) => timing.remainingDays !== null && timing.remainingDays <= 0

/**
 * Elastic classification, first rule that holds (spec 2 section 4): not started,
 * expired, fully used (used percentage 100, i.e. used >= quantity), else active.
 */
export function classifyElastic(input: EntitlementDates & { quantity: number; used: number }): {
  status: ElasticStatus
  active: boolean
} {
  const timing = entitlementTiming(input)
  if (timing.usedDays < 0) return { status: 'NOT STARTED', active: false }
  if (isExpired(timing)) return { status: 'EXPIRED', active: false }
  if (input.used >= input.quantity) return { status: 'USED UP', active: false }
  return { status: 'ACTIVE', active: true }
}

/** Leases/Perpetuals classification (spec 2 section 4): not started, expired, else active; a permanent one is active. */
export function classifyLease(input: EntitlementDates): { status: LeaseStatus; active: boolean } {
  const timing = entitlementTiming(input)
  if (timing.usedDays < 0) return { status: 'NOT STARTED', active: false }
  if (isExpired(timing)) return { status: 'EXPIRED', active: false }
  return { status: timing.permanent ? 'PERMANENT' : 'ACTIVE', active: true }
}

// ---------------------------------------------------------------------------
// Derived figures (spec 2 section 9)

/**
 * Used share of a total in whole percent: rounded, at least 1 when anything is
 * used, at most 99 until the total is reached (spec 2 section 9).
 */
export function usedPercentage(used: number, total: number): number {
  if (!(used > 0)) return 0
  if (total <= 0 || used >= total) return 100
  // Cut to 9 decimals first, so binary noise (57.5 / 100 * 100 = 57.49999999999999) does not decide a half.
  return Math.min(99, Math.max(1, roundTo(roundTo((used / total) * 100, 9), 0)))
}

/** total − used, rounded to one decimal and kept between 0 and the total (spec 2 section 9). */
export function remainingAmount(total: number, used: number): number {
  return Math.min(Math.max(0, total), Math.max(0, roundTo(total - used, 1)))
}

export type BarColor = 'green' | 'orange' | 'red'

/** Used percentage bar: green below 80, orange from 80, red from 95 (spec 2 section 9). */
export function usedPercentageColor(pct: number): BarColor {
  if (pct >= 95) return 'red'
  if (pct >= 80) return 'orange'
  return 'green'
}

/** Elastic remaining-days bar: red at 30 days or fewer, orange up to 90, else green; permanent is green. */
export function elasticRemainingDaysColor(days: number | null): BarColor {
  if (days === null) return 'green'
  if (days <= 30) return 'red'
  if (days <= 90) return 'orange'
  return 'green'
}

/**
 * Leases/Perpetuals remaining-days bar (spec 2 section 9, spec 3 section 9):
 * red when expired or at 30 days or fewer, orange at 90 or fewer, else (and
 * when permanent) green.
 */
export function leaseRemainingDaysColor(days: number | null, expired: boolean): BarColor {
  if (expired) return 'red'
  return elasticRemainingDaysColor(days)
}

// ---------------------------------------------------------------------------
// Texts as the grids show them (spec 2 section 9)

/** The rate table version up to its first dot ('2024.1' → '2024'). */
export function rateTableLabel(version: string | null | undefined): string {
  return version ? version.split('.')[0] : ''
}

/** A number with thousands commas ('12,345.5'); with `decimals`, rounded to exactly that many. '' when missing. */
export function formatNumber(n: number | null | undefined, decimals?: number): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return ''
  const text = decimals === undefined ? String(n) : roundTo(n, decimals).toFixed(decimals)
  const [whole, fraction] = text.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** A date or timestamp as its day, 'YYYY-MM-DD'; '' when missing (date-format.ts). */
export function formatDay(text: string | null | undefined): string {
  return dayText(text)
}

/**
 * The Remaining Days cell (spec 3 section 4): 'NOT STARTED' before the start,
 * 'EXPIRED' from the last day on, 'PERMANENT' without an end, else the number.
 * Takes the API row's UsedDays and RemainingDays.
 */
export function remainingDaysText({
  usedDays,
  remainingDays,
}: {
  usedDays: number
  remainingDays: number | null
}): string {
  if (usedDays < 0) return 'NOT STARTED'
  if (remainingDays === null) return 'PERMANENT'
  if (remainingDays <= 0) return 'EXPIRED'
  return formatNumber(remainingDays)
}

/** The line under a permanent entitlement's 'PERMANENT'; '' without a version date. */
export function maintenanceText(versionDate: string | null | undefined): string {
  const day = formatDay(versionDate)
  return day ? `Maintenance ends on ${day}` : ''
}
