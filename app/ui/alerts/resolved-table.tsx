import { Link } from '@remix-run/react'
import type { AlertSummary } from '../../domain/alerts'
import { withCustomer } from '../customer-href'

export const NO_RESOLVED_ALERTS = 'There are no resolved alerts to display.'

const COLUMNS = ['Start Time', 'End Time', 'Alert Title', 'Category', 'Affected Service', 'Details']

/** The Resolved tab's table (spec 1 section 2.10). */
export function ResolvedAlertsTable({ rows, customerNumber }: { rows: AlertSummary[]; customerNumber: string | null }) {
  return (
    <div className="relative overflow-x-auto rounded border border-gray-300 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Resolved alerts</caption>
        <thead className="bg-gray-100">
          <tr>
            {COLUMNS.map((name) => (
              <th key={name} scope="col" className="px-3 py-2 font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-6 text-center text-gray-700">
                {NO_RESOLVED_ALERTS}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-200">
                <td className="whitespace-nowrap px-3 py-2">{row.start}</td>
                <td className="whitespace-nowrap px-3 py-2">{row.end ?? ''}</td>
                <td className="px-3 py-2">{row.title}</td>
                <td className="px-3 py-2">{row.categoryTitle}</td>
                <td className="px-3 py-2">{row.services}</td>
                <td className="px-3 py-2">
                  <Link to={withCustomer(`/notification-details/${row.id}`, customerNumber)}>
                    View<span className="sr-only"> {row.title}</span>
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
