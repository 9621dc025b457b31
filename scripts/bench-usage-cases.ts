/**
 * The cases of the usage data-page bench and the figures it prints, as pure
 * functions: each case is a view of the Usage Transactions screen (its URL
 * parameters), the licensing API request that view stands for (what the
 * screen's loader asks the API for, run directly on the database for the
 * comparison) and its target. scripts/bench-usage.ts runs them.
 */
import { encodeFilter, pageCount, type GridCriterion, type GridFilterRule } from '../app/grid/grid-state'
import { CLOUD_JOB_FIELD } from '../app/domain/usage-row'
import { percentile } from './bench-stats'
import { USAGE_ATTRIBUTES } from '../app/grid/usage'

export const USAGE_SCREEN = '/transactions'
/** The route whose loader a `.data` request of the screen runs (single fetch). */
export const USAGE_ROUTE_ID = 'routes/_portal.transactions'
export const USAGE_TABLE = 'UsageTransactions'
export const USAGE_PAGE_SIZE = 20
/** The most the loader may take over its own SQL. */
export const MAX_RATIO = 1.5
/** The most the server's resident memory may grow while it streams an export. */
export const MAX_RSS_GROWTH_MB = 50
/** Rows a CSV export may hold. */
export const EXPORT_MAX_ROWS = 30_000
/** The page and export calls take at most this many rows at a time. */
export const EXPORT_CHUNK = 1000
export const DISTINCT_LIMIT = 500

/** The attributes the screen's pages ask for. */
export const GRID_ATTRIBUTES = [...USAGE_ATTRIBUTES]

/**
 * The hidden-column probe: whether the customer has cloud job ids (one row or none).
 * The screen and its resource route ask it on every request, to know the grid's columns.
 */
export const CLOUD_JOB_PROBE: Pick<UsagePageRequest, 'attributes' | 'filter' | 'limit'> = {
  attributes: [CLOUD_JOB_FIELD],
  filter: { condition: 'ALL', criteria: [{ name: CLOUD_JOB_FIELD, method: 'ISDEFINED' }] },
  limit: 1,
}

/** Epoch ms, `to` exclusive. */
export interface Range {
  from: number
  to: number
}

/** What the cases are built from: the date rules' ranges at the time of the run and values found in the data. */
export interface UsageFacts {
  customer: string
  /** The '1 Day' and 'Max' presets now. */
  oneDay: Range
  max: Range
  /** The expansion of the partial date text `startTimeText` (`to` inclusive, as the RANGE criterion takes it). */
  startTimeText: string
  startTimeRange: Range
  /** A product the filter dialog lists under Max. */
  product: string
  /** Text for the user contains-filter. */
  userText: string
  /** Sessions under Max (gives the last page). */
  maxTotal: number
  /** A custom range (both days included) and its bounds, holding at most EXPORT_MAX_ROWS sessions. */
  exportDays: { from: string; to: string; range: Range }
}

export interface UsageSorting {
  name: string
  direction: 'asc' | 'desc'
}

/** The page request of the list call, as the loader sends it (fetchUsage's body without the customer). */
export interface UsagePageRequest {
  attributes: string[]
  filter: GridFilterRule
  sorting: UsageSorting[]
  offset: number
  limit: number
}

export interface UsageDistinctRequest {
  filter: GridFilterRule
  key: string
  limit: number
}

interface CaseBase {
  name: string
  targetMs: number
  /** The screen's URL parameters besides `customer`. */
  view: [string, string][]
}

/** The screen's data request: a page of rows and the count. */
export interface PageCase extends CaseBase {
  kind: 'page'
  request: UsagePageRequest
}

/** The filter dialog's distinct values. */
export interface DistinctCase extends CaseBase {
  kind: 'distinct'
  request: UsageDistinctRequest
}

/** The CSV export: the count, then pages of EXPORT_CHUNK rows following the tokens. */
export interface ExportCase extends CaseBase {
  kind: 'export'
  request: UsagePageRequest
}

export type UsageCase = PageCase | DistinctCase | ExportCase

const NEWEST_FIRST: UsageSorting[] = [{ name: 'StartTime_ts', direction: 'desc' }]

/** The criteria of a date range: sessions that overlap it (an active one counts as ending at +infinity). */
export function rangeCriteria(range: Range): GridCriterion[] {
  return [
    { name: 'EndTime_ts', method: 'AFTER', value: range.from },
    { name: 'StartTime_ts', method: 'BEFORE', value: range.to },
  ]
}

function all(...criteria: GridCriterion[]): GridFilterRule {
  return { condition: 'ALL', criteria }
}

function page(filter: GridFilterRule, sorting = NEWEST_FIRST, pageNumber = 1): UsagePageRequest {
  return {
    attributes: GRID_ATTRIBUTES,
    filter,
    sorting,
    offset: (pageNumber - 1) * USAGE_PAGE_SIZE,
    limit: USAGE_PAGE_SIZE,
  }
}

/** The cases in the order they run, with their targets (p50 of the loader, ms). */
export function usageCases(facts: UsageFacts): UsageCase[] {
  const max = rangeCriteria(facts.max)
  const maxView: [string, string][] = [
    ['range', 'max'],
    ['size', String(USAGE_PAGE_SIZE)],
  ]
  const lastPage = pageCount(facts.maxTotal, USAGE_PAGE_SIZE)
  return [
    { name: 'default', kind: 'page', targetMs: 50, view: [], request: page(all(...rangeCriteria(facts.oneDay))) },
    { name: 'max', kind: 'page', targetMs: 50, view: maxView, request: page(all(...max)) },
    {
      name: 'max-product',
      kind: 'page',
      targetMs: 50,
      view: [...maxView, ['f.product', encodeFilter({ type: 'set', values: [facts.product] })]],
      request: page(all(...max, { name: 'Product', method: 'IN', value: [facts.product] })),
    },
    {
      name: 'max-user-contains',
      kind: 'page',
      targetMs: 150,
      view: [...maxView, ['f.user', encodeFilter({ type: 'text', op: 'contains', text: facts.userText })]],
      request: page(all(...max, { name: 'User', method: 'CONTAINS', value: facts.userText, casefold: true })),
    },
    {
      name: 'max-start-time-partial',
      kind: 'page',
      targetMs: 50,
      view: [...maxView, ['f.startTime', encodeFilter({ type: 'text', op: 'contains', text: facts.startTimeText })]],
      request: page(
        all(...max, {
          name: 'StartTime_ts',
          method: 'RANGE',
          value: [facts.startTimeRange.from, facts.startTimeRange.to],
        }),
      ),
    },
    {
      name: 'max-active',
      kind: 'page',
      targetMs: 50,
      view: [...maxView, ['active', '1']],
      request: page(all(...max, { name: 'Active', method: 'EQUALS', value: true })),
    },
    {
      name: 'max-hours-desc',
      kind: 'page',
      targetMs: 150,
      view: [...maxView, ['sort', 'hours.desc']],
      request: page(all(...max), [{ name: 'Hours', direction: 'desc' }]),
    },
    {
      name: 'max-last-page',
      kind: 'page',
      targetMs: 100,
      view: [...maxView, ['page', String(lastPage)]],
      request: page(all(...max), NEWEST_FIRST, lastPage),
    },
    {
      name: 'distinct-users',
      kind: 'distinct',
      targetMs: 100,
      view: [
        ['range', 'max'],
        ['distinct', 'user'],
        ['search', ''],
      ],
      request: { filter: all(...max), key: 'User', limit: DISTINCT_LIMIT },
    },
    {
      name: 'export',
      kind: 'export',
      targetMs: 1500,
      view: [
        ['from', facts.exportDays.from],
        ['to', facts.exportDays.to],
        ['size', String(USAGE_PAGE_SIZE)],
      ],
      request: { ...page(all(...rangeCriteria(facts.exportDays.range))), limit: EXPORT_CHUNK },
    },
  ]
}

/** The path and query the bench requests for a case: the screen's data request, or the grid's resource route. */
export function caseUrl(c: UsageCase, customer: string): string {
  const params = new URLSearchParams([['customer', customer], ...c.view])
  if (c.kind === 'page') {
    params.set('_routes', USAGE_ROUTE_ID)
    return `${USAGE_SCREEN}.data?${params}`
  }
  return `/resources/grid/${USAGE_TABLE}?${params}`
}

/** Text for a contains-filter that is not a prefix: letters 2 to 4 of the middle one of the (sorted) users. */
export function containsTextOf(users: readonly string[]): string {
  const middle = users[Math.floor(users.length / 2)] ?? ''
  return middle.length > 1 ? middle.slice(1, 4) : middle
}

/**
 * The most days in 1..maxDays whose count stays within `limit`, given the count
 * of the last `days` days (growing with days); 0 when even one day is over it.
 */
export async function mostDaysWithin(
  limit: number,
  maxDays: number,
  countOfDays: (days: number) => Promise<number>,
): Promise<number> {
  let lo = 0
  let hi = maxDays
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if ((await countOfDays(mid)) <= limit) lo = mid
    else hi = mid - 1
  }
  return lo
}

export interface CaseLine {
  case: string
  p50Ms: number
  p95Ms: number
  sqlP50Ms: number
  ratio: number
  targetMs: number
  /** Both targets: the time (and, for the export, the memory) and the ratio to the SQL. */
  met: boolean
  /** The p50 within its target (and, for the export, the memory growth within its limit). */
  timeMet: boolean
  ratioMet: boolean
  /** What the portal adds to its SQL at p50 (loader p50 minus SQL p50). */
  overheadMs: number
  /** Repetitions measured. */
  n: number
  /** The export case: how much the server's resident memory grew while it streamed. */
  rssGrowthMb?: number
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** One case's figures: the loader's p50/p95, its SQL's p50, their ratio and whether the targets are met. */
export function caseLine(
  c: Pick<UsageCase, 'name' | 'targetMs'>,
  loaderMs: readonly number[],
  sqlMs: readonly number[],
  rssGrowthMb?: number,
): CaseLine {
  const loader = [...loaderMs].sort((a, b) => a - b)
  const sql = [...sqlMs].sort((a, b) => a - b)
  const p50 = percentile(loader, 0.5)
  const sqlP50 = percentile(sql, 0.5)
  const ratio = sqlP50 > 0 ? p50 / sqlP50 : Infinity
  const memoryMet = rssGrowthMb === undefined || rssGrowthMb < MAX_RSS_GROWTH_MB
  const timeMet = loader.length > 0 && p50 <= c.targetMs && memoryMet
  const ratioMet = ratio <= MAX_RATIO
  const line: CaseLine = {
    case: c.name,
    p50Ms: round(p50),
    p95Ms: round(percentile(loader, 0.95)),
    sqlP50Ms: round(sqlP50, 2),
    ratio: round(ratio, 2),
    targetMs: c.targetMs,
    met: timeMet && ratioMet,
    timeMet,
    ratioMet,
    overheadMs: round(p50 - sqlP50),
    n: loader.length,
  }
  if (rssGrowthMb !== undefined) line.rssGrowthMb = round(rssGrowthMb)
  return line
}

/** The last line: how many cases of the scenario met their targets, with the run's settings. */
export function summaryLine(lines: readonly CaseLine[], settings: Record<string, unknown>, scenario = 'usage') {
  return {
    summary: scenario,
    cases: lines.length,
    met: lines.filter((l) => l.met).length,
    timeMet: lines.filter((l) => l.timeMet).length,
    ratioMet: lines.filter((l) => l.ratioMet).length,
    missed: lines.filter((l) => !l.met).map((l) => l.case),
    ...settings,
  }
}
