/** The e-mail list (/emails): its columns and view rules. Shared by the screen and its CSV export. */
import type { GridColumnSpec, GridCriterion, GridSpec } from './grid-state'
import type { EmailSummary } from '../api-client/emails.server'
import { formatDayMonYear, parseDayRangeInput } from './format'

/**
 * A typed date (YYYY-MM-DD or DD-Mon-YYYY) matches that day, and 'from..to' those days; other text
 * is matched as written.
 */
function dateCriterion(filter: { op: 'contains' | 'equals'; text: string }, field: string): GridCriterion {
  const days = parseDayRangeInput(filter.text)
  if (days) return { name: field, method: 'DAYRANGE', value: days }
  return { name: field, method: filter.op === 'equals' ? 'EQUALS' : 'CONTAINS', value: filter.text, casefold: true }
}

const columns: GridColumnSpec<EmailSummary>[] = [
  { id: 'details', header: 'Show Details', noExport: true },
  {
    id: 'date',
    header: 'Date',
    field: 'date',
    textFilter: 'contains-equals',
    sortable: true,
    kind: 'date',
    value: (row) => formatDayMonYear(row.date),
    criterion: dateCriterion,
    filterHint: 'e.g. 05-Mar-2026 or 2026-03',
  },
  { id: 'subject', header: 'Subject', field: 'subject', textFilter: 'contains-equals', sortable: true },
  { id: 'to', header: 'To', field: 'to', textFilter: 'contains-equals', setFilter: true, sortable: true },
]

export const emailGrid: GridSpec<EmailSummary> = {
  tableName: 'emailList',
  columns,
  defaultSort: [{ col: 'date', dir: 'desc' }],
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  multiSort: true,
  exportLimit: 10_000,
  distinctLimit: 500,
  uniqueKey: ['id'],
}
