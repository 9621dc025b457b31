/**
 * The e-mail list (/emails): its columns and view rules. Shared by the screen and its CSV export.
 * A customer whose e-mails are delivered by e-mail has a Delivery column besides (docs/decisions/0032).
 */
import type { GridColumnSpec, GridCriterion, GridSpec, GridView } from './grid-state'
import type { EmailSummary } from '../api-client/emails.server'
import { DELIVERY_STATE_FIELD } from '../domain/email-delivery'
import { deliveryStateLabel } from '../view/email-delivery'
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

export const DELIVERY_COLUMN = 'delivery'

const deliveryColumn: GridColumnSpec<EmailSummary> = {
  id: DELIVERY_COLUMN,
  header: 'Delivery',
  field: DELIVERY_STATE_FIELD,
  setFilter: true,
  setValueLabel: deliveryStateLabel,
  sortable: true,
  kind: 'short',
  value: (row) => deliveryStateLabel(row.deliveryState),
}

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

/** The list with each e-mail's delivery, for a customer whose e-mails are delivered by e-mail. */
const emailGridWithDelivery: GridSpec<EmailSummary> = { ...emailGrid, columns: [...columns, deliveryColumn] }

export const emailGridFor = (delivery: boolean) => (delivery ? emailGridWithDelivery : emailGrid)

/** Both, the one with every column first (the browser's cache of the list, app/ui/grid/client-loader.ts). */
export const EMAIL_GRIDS = [emailGridWithDelivery, emailGrid] as const

/** The list a view was made for: the server chose its columns for the customer. */
export const emailGridOf = (view: GridView) => emailGridFor(view.columns.some((c) => c.id === DELIVERY_COLUMN))
