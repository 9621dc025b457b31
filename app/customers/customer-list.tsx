/**
 * A user's customers with a few figures each, for choosing where to work: sortable
 * by any column with links (the sort is in the address), each customer's name
 * opening its Home.
 */
import type { CustomerFigures, CustomerSortKey } from '../domain/home-cards'
import { formatNumber } from '../domain/entitlements'
import { EmptyCell } from '../ui/empty-cell'
import { PortalLink } from '../ui/portal-link'
import { TableScroll } from '../ui/table-scroll'

export const CUSTOMER_SORT_KEYS = [
  'customer',
  'elasticRemaining',
  'belowThreshold',
  'endingSoon',
  'activeHosts',
] as const

export interface CustomerSort {
  key: CustomerSortKey
  direction: 'asc' | 'desc'
}

const COLUMNS: { key: CustomerSortKey; header: string; numeric: boolean }[] = [
  { key: 'customer', header: 'Customer', numeric: false },
  { key: 'elasticRemaining', header: 'Elastic credit left', numeric: true },
  { key: 'belowThreshold', header: 'Below threshold', numeric: true },
  { key: 'endingSoon', header: 'Ending within 90 days', numeric: true },
  { key: 'activeHosts', header: 'Active hosts', numeric: true },
]

/** The address of the list sorted by `key`: ascending first, then the other way. */
export function customerSortHref(base: string, current: CustomerSort, key: CustomerSortKey): string {
  const direction = current.key === key && current.direction === 'asc' ? 'desc' : 'asc'
  const params = new URLSearchParams({ view: 'customers', sort: key, dir: direction })
  return `${base}?${params}`
}

function Figure({ row, field }: { row: CustomerFigures; field: Exclude<CustomerSortKey, 'customer'> }) {
  const label = COLUMNS.find((c) => c.key === field)?.header
  const value = row[field]
  const text =
    value === null
      ? null
      : field === 'elasticRemaining'
        ? `${formatNumber(value, 1)}${row.currency ? ` ${row.currency}` : ''}`
        : formatNumber(value)
  return (
    <td data-label={label} className="px-3 py-2 text-right tabular-nums">
      <span>{text ?? <EmptyCell />}</span>
    </td>
  )
}

export function CustomerList({
  rows,
  sort,
  base,
  customerHref,
}: {
  rows: CustomerFigures[]
  sort: CustomerSort
  /** The list's own path (/home). */
  base: string
  customerHref: (customerNumber: string) => string
}) {
  return (
    <TableScroll label="Your customers table">
      {/* On a phone each customer is a list of 'figure: value' lines (the grids' stacked layout). */}
      <table className="w-full text-left" data-testid="customer-list" data-phone-layout="stacked">
        <caption className="sr-only">
          Your customers, sorted by {COLUMNS.find((c) => c.key === sort.key)?.header}
        </caption>
        <thead className="border-b border-gray-300 bg-gray-50">
          <tr>
            {COLUMNS.map((c) => {
              const sorted = sort.key === c.key
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-3 py-2 ${c.numeric ? 'text-right' : ''}`}
                  aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <PortalLink to={customerSortHref(base, sort, c.key)}>
                    {c.header}
                    {sorted ? <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                  </PortalLink>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.map((row) => (
            <tr key={row.customerNumber} data-customer={row.customerNumber}>
              <th scope="row" className="px-3 py-2 font-normal">
                <PortalLink to={customerHref(row.customerNumber)}>
                  {row.customerNumber} ({row.customerName})
                </PortalLink>
                {row.restricted ? (
                  <span className="block text-sm text-gray-700">Export controlled: no figures shown.</span>
                ) : null}
              </th>
              <Figure row={row} field="elasticRemaining" />
              <Figure row={row} field="belowThreshold" />
              <Figure row={row} field="endingSoon" />
              <Figure row={row} field="activeHosts" />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
