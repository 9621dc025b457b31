/**
 * The Usage Transactions list (/transactions, spec 2): its columns, cell texts,
 * filter criteria and view extras (the date range and Active Sessions). Shared by
 * the screen, its CSV export and the browser.
 */
import type { GridColumnSpec, GridCriterion, GridSpec, ViewExtras } from './grid-state'
import { CLOUD_JOB_FIELD, type UsageRow } from '../domain/usage-row'

/** A row of the list: the attributes its page asked for (USAGE_ATTRIBUTES). */
export type UsageGridRow = Partial<UsageRow>
import { expandPartialDate } from '../domain/partial-date'
import { USAGE_PRESETS, type DateRange } from '../domain/date-presets'
import { formatNumber } from '../domain/entitlements'
import { USAGE_EXPORT_MAX } from '../domain/usage-export'
import { DATE_PICKER_PARAMS, DATE_RANGE_NAMES, dateRangeExtras } from './date-range-extras'

export const USAGE_TABLE = 'UsageTransactions'
/** Spec 2 section 9: the default preset. */
export const USAGE_DEFAULT_PRESET = '1d'
/** Spec 2 section 3: the least Hours shown. */
export const MIN_HOURS_SHOWN = 0.01
export const ACTIVE_PARAM = 'active'
/** The preset a confirmation step is asked for (a preset chosen while filters exist). */
export const CONFIRM_PARAM = 'confirm'
/** Shows 'Data Length: x of y' (hidden by default). */
export const DATA_LENGTH_PARAM = 'dl'
export const CLOUD_JOB_COLUMN = 'cloudJobId'

export const usageRange = dateRangeExtras(USAGE_PRESETS, USAGE_DEFAULT_PRESET)

/** Hours with two decimals, never below 0.01 (spec 2 section 3); '' for none. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return ''
  return formatNumber(Math.max(hours, MIN_HOURS_SHOWN), 2)
}

/** Spec 2 section 5: numeric columns are sent as EQUALS with a parsed number ('1,234.5' reads as 1234.5). */
export function numericCriterion(filter: { text: string }, field: string): GridCriterion {
  const text = filter.text.trim().replace(/,/g, '')
  const n = text === '' ? NaN : Number(text)
  return { name: field, method: 'EQUALS', value: Number.isFinite(n) ? n : filter.text.trim() }
}

/**
 * Spec 2 section 5: partial date text on Start/End Time is the range it stands for (RANGE on the
 * timestamp); other text goes as typed to the time's text.
 */
export function partialDateCriterion(
  timestampField: 'StartTime_ts' | 'EndTime_ts',
  textField: 'StartTime' | 'EndTime',
): NonNullable<GridColumnSpec['criterion']> {
  return (filter) => {
    const range = expandPartialDate(filter.text)
    if (range) return { name: timestampField, method: 'RANGE', value: [range.from, range.to] }
    return {
      name: textField,
      method: filter.op === 'equals' ? 'EQUALS' : 'CONTAINS',
      value: filter.text,
      casefold: true,
    }
  }
}

/**
 * Spec 2 section 7: the range is AFTER on the end time with its start and BEFORE on the start time
 * with its end, so sessions that overlap it count; active-only is EQUALS on Active.
 */
export function usageCriteria(range: DateRange, activeOnly: boolean): GridCriterion[] {
  return [
    { name: 'EndTime_ts', method: 'AFTER', value: range.from },
    { name: 'StartTime_ts', method: 'BEFORE', value: range.to },
    ...(activeOnly ? [{ name: 'Active', method: 'EQUALS', value: true }] : []),
  ]
}

const DATE_HINT = 'e.g. 2024, 2024-05 or 2024-05-03 14'
/** A sortable text column with the contains/equals filter. */
export function textColumn<Row>(id: string, header: string, field: string, more: Partial<GridColumnSpec<Row>> = {}) {
  return { id, header, field, textFilter: 'contains-equals', sortable: true, ...more } as GridColumnSpec<Row>
}

/** A sortable number column whose filter is EQUALS on the parsed number. */
export function numericColumn<Row>(
  id: string,
  header: string,
  field: string,
  value: (row: Row) => string,
  /** A fixed width in pixels; without it the column is as wide as its figures. */
  width?: number,
): GridColumnSpec<Row> {
  return {
    id,
    header,
    field,
    textFilter: 'equals',
    sortable: true,
    kind: 'number',
    ...(width === undefined ? {} : { width }),
    value,
    criterion: numericCriterion,
  }
}

const text = textColumn<UsageGridRow>
const numeric = numericColumn<UsageGridRow>

const columns: GridColumnSpec<UsageGridRow>[] = [
  text('startTime', 'Start Time', 'StartTime_ts', {
    kind: 'date',
    value: (row) => row.StartTime ?? '',
    criterion: partialDateCriterion('StartTime_ts', 'StartTime'),
    filterHint: DATE_HINT,
  }),
  text('endTime', 'End Time', 'EndTime_ts', {
    kind: 'date',
    value: (row) => row.EndTime ?? '',
    criterion: partialDateCriterion('EndTime_ts', 'EndTime'),
    filterHint: DATE_HINT,
  }),
  text('product', 'Product', 'Product', { setFilter: true }),
  numeric('productCount', 'ProductCount', 'ProductCount', (row) => formatNumber(row.ProductCount)),
  numeric('hours', 'Hours', 'Hours', (row) => formatHours(row.Hours)),
  numeric('cost', 'Cost', 'Charge', (row) => formatNumber(row.Charge, 2)),
  { ...text('currency', 'Currency', 'Currency', { setFilter: true, kind: 'short' }), textFilter: 'equals' },
  text('user', 'User', 'User', { setFilter: true }),
  text('host', 'Host', 'Host', { setFilter: true, width: 260 }),
  text('project', 'Project', 'Project', { setFilter: true }),
  // Identifiers stay on one line, so a row is one line tall.
  text('sessionId', 'Session ID', 'DeviceID', { kind: 'short' }),
  text('sessionStatus', 'SessionStatus', 'SessionStatus', { setFilter: true, kind: 'short' }),
  text('externalIp', 'External IP', 'REFERER_IP_ADDRESS', { kind: 'short' }),
  text('productVersion', 'productVersion', 'productVersion', { setFilter: true, kind: 'short' }),
  text(CLOUD_JOB_COLUMN, CLOUD_JOB_FIELD, CLOUD_JOB_FIELD),
]

/**
 * What the screen and its CSV read of a row: the columns' fields and the times they
 * show (the row key is the session id and its start). A page asks for these only.
 */
export const USAGE_ATTRIBUTES: readonly string[] = [
  ...new Set([...columns.flatMap((c) => (c.field ? [c.field] : [])), 'StartTime', 'EndTime']),
]

/** Whether the view shows active sessions only. */
export const isActiveOnly = (extras: ViewExtras | undefined) => extras?.[ACTIVE_PARAM] === '1'

export const usageGrid: GridSpec<UsageGridRow> = {
  tableName: USAGE_TABLE,
  columns,
  defaultSort: [{ col: 'startTime', dir: 'desc' }],
  pageSizes: [20, 50, 100],
  defaultPageSize: 20,
  exportLimit: USAGE_EXPORT_MAX,
  distinctLimit: 500,
  viewExtras: {
    names: [...DATE_RANGE_NAMES, ACTIVE_PARAM],
    parse: (own) => ({ ...usageRange.parse(own), ...(own.get(ACTIVE_PARAM) === '1' ? { [ACTIVE_PARAM]: '1' } : {}) }),
    toSaved: (extras) => ({ ...usageRange.toSaved(extras), activeOnly: isActiveOnly(extras) }),
    fromSaved: (saved) => ({
      ...usageRange.fromSaved(saved),
      ...(saved.activeOnly === true ? { [ACTIVE_PARAM]: '1' } : {}),
    }),
    transient: [...DATE_PICKER_PARAMS, CONFIRM_PARAM],
  },
}

/** The list without the cloud job column, for a customer without cloud job data (spec 2 section 9). */
export const usageGridWithoutCloudJobs: GridSpec<UsageGridRow> = {
  ...usageGrid,
  columns: columns.filter((c) => c.id !== CLOUD_JOB_COLUMN),
}

export const usageGridFor = (cloudJobs: boolean) => (cloudJobs ? usageGrid : usageGridWithoutCloudJobs)
