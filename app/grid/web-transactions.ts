/**
 * The Web Transactions list (/webtransactions, issue 36): its columns, cell texts, filter
 * criteria and view extras (the date presets and custom range of Usage Transactions). Shared by
 * the screen, its CSV export and the browser.
 */
import { MAX_FILTER_TEXT, type GridColumnSpec, type GridCriterion, type GridSpec, type ViewExtras } from './grid-state'
import type { WebTransactionRow } from '../../api/contract/web-transactions'
import { expandPartialDate } from '../domain/partial-date'
import { USAGE_PRESETS, type DateRange } from '../domain/date-presets'
import { formatNumber } from '../domain/entitlements'
import { USAGE_EXPORT_MAX } from '../domain/usage-export'
import { webLicenseTypeLabel, webOutcomeLabel, webReasonText } from '../domain/web-transactions'
import { WEB_TRANSACTION_LINK_COLUMNS as LINKED, WEB_TRANSACTIONS_GROUP } from '../web-usage/transactions-href'
import { DATE_PICKER_PARAMS, DATE_RANGE_NAMES, dateRangeExtras } from './date-range-extras'
import { textColumn } from './usage'

export type WebTransactionGridRow = WebTransactionRow

export const WEB_TRANSACTIONS_TABLE = 'WebTransactions'
export const WEB_TRANSACTIONS_DEFAULT_PRESET = '1m'

export const webTransactionsRange = dateRangeExtras(USAGE_PRESETS, WEB_TRANSACTIONS_DEFAULT_PRESET)

/**
 * The group a view's extras narrow the list to (its current members), if any: a view extra, not a
 * column filter, as no row shows a group.
 */
export const webTransactionsGroup = (extras: ViewExtras | undefined): string | null =>
  extras?.[WEB_TRANSACTIONS_GROUP] || null

function parseGroup(own: URLSearchParams): ViewExtras {
  const group = own.get(WEB_TRANSACTIONS_GROUP)?.trim() ?? ''
  return group && group.length <= MAX_FILTER_TEXT ? { [WEB_TRANSACTIONS_GROUP]: group } : {}
}

/** The range (transactions at or after its start and before its end) and the group's members, if any. */
export const webTransactionCriteria = (range: DateRange, group: string | null = null): GridCriterion[] => [
  { name: 'at', method: '>=', value: range.from },
  { name: 'at', method: 'BEFORE', value: range.to },
  ...(group ? [{ name: WEB_TRANSACTIONS_GROUP, method: 'EQUALS', value: group }] : []),
]

const COMPARISON = /^(>=|<=|>|<|=)?\s*(.*)$/

/**
 * Minutes as a number, or a comparison ('>30', '<= 5'); '1,234.5' reads as 1234.5. Text that is no
 * number goes as typed, and the service says it is none.
 */
export function durationCriterion(filter: { text: string }, field: string): GridCriterion {
  const [, op = '=', rest = ''] = COMPARISON.exec(filter.text.trim()) ?? []
  const text = rest.trim().replace(/,/g, '')
  const n = text === '' ? NaN : Number(text)
  const method = op === '=' ? 'EQUALS' : op
  return { name: field, method, value: Number.isFinite(n) ? n : filter.text.trim() }
}

/** Partial date text ('2026', '2026-05-03 14') is the range it stands for; other text is matched as typed. */
function timeCriterion(filter: { op: 'contains' | 'equals'; text: string }): GridCriterion {
  const range = expandPartialDate(filter.text)
  if (range) return { name: 'at', method: 'RANGE', value: [range.from, range.to] }
  return { name: 'time', method: filter.op === 'equals' ? 'EQUALS' : 'CONTAINS', value: filter.text }
}

const text = textColumn<WebTransactionGridRow>

const columns: GridColumnSpec<WebTransactionGridRow>[] = [
  text('time', 'Time (UTC)', 'time', {
    kind: 'date',
    value: (row) => row.time,
    criterion: timeCriterion,
    filterHint: 'e.g. 2026, 2026-05 or 2026-05-03 14',
  }),
  text(LINKED.user, 'User', 'user', { width: 240 }),
  text('product', 'Product', 'product', { setFilter: true }),
  text(LINKED.activationId, 'Entitlement', 'activationId'),
  {
    id: 'licenseType',
    header: 'Licence Type',
    field: 'licenseType',
    setFilter: true,
    setValueLabel: webLicenseTypeLabel,
    sortable: true,
    kind: 'short',
    value: (row) => webLicenseTypeLabel(row.licenseType),
  },
  {
    id: LINKED.outcome,
    header: 'Outcome',
    field: 'outcome',
    setFilter: true,
    setValueLabel: webOutcomeLabel,
    sortable: true,
    kind: 'short',
    value: (row) => webOutcomeLabel(row.outcome),
  },
  {
    id: LINKED.reason,
    header: 'Reason',
    field: 'reason',
    setFilter: true,
    setValueLabel: webReasonText,
    sortable: true,
    width: 320,
    value: (row) => webReasonText(row.reason),
  },
  {
    id: 'duration',
    header: 'Duration (min)',
    field: 'durationMinutes',
    textFilter: 'equals',
    filterHint: 'e.g. 30, >60 or <=5',
    sortable: true,
    kind: 'number',
    width: 130,
    value: (row) => (row.durationMinutes === null ? '' : formatNumber(row.durationMinutes, 1)),
    criterion: durationCriterion,
  },
  text('clientHost', 'Client Host', 'clientHost'),
  text('productVersion', 'Product Version', 'productVersion', { setFilter: true, kind: 'short' }),
]

export const webTransactionsGrid: GridSpec<WebTransactionGridRow> = {
  tableName: WEB_TRANSACTIONS_TABLE,
  columns,
  defaultSort: [{ col: 'time', dir: 'desc' }],
  pageSizes: [20, 50, 100],
  defaultPageSize: 20,
  exportLimit: USAGE_EXPORT_MAX,
  distinctLimit: 500,
  viewExtras: {
    names: [...DATE_RANGE_NAMES, WEB_TRANSACTIONS_GROUP],
    parse: (own) => ({ ...webTransactionsRange.parse(own), ...parseGroup(own) }),
    toSaved: (extras) => {
      const group = webTransactionsGroup(extras)
      return { ...webTransactionsRange.toSaved(extras), ...(group ? { group } : {}) }
    },
    fromSaved: (saved) => ({
      ...webTransactionsRange.fromSaved(saved),
      ...(typeof saved.group === 'string' ? { [WEB_TRANSACTIONS_GROUP]: saved.group } : {}),
    }),
    transient: DATE_PICKER_PARAMS,
  },
}
