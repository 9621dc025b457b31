/**
 * Web Transactions (issue 36): every checkout, return, lease expiry and denial of the customer's
 * web licences in a server-paged grid over a date range (the presets and custom range of Usage
 * Transactions), part of the saved view WebTransactions. A denial shows its reason in words. The
 * rows of a script's request never wait for the count, which follows them; a page load waits for
 * it. No browser cache of the rows (a customer may have millions).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { screenTitle } from '../screens/registry'
import { gridHref, withExtras, type GridState } from '../grid/grid-state'
import { formatRangeDay, rangeDays } from '../domain/date-presets'
import { usageExportTooMany } from '../domain/usage-export'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import {
  webTransactionsGrid,
  webTransactionsGroup,
  webTransactionsRange,
  type WebTransactionGridRow,
} from '../grid/web-transactions'
import { WEB_TRANSACTIONS_GROUP } from '../web-usage/transactions-href'
import {
  WEB_TRANSACTIONS_EXPORT_TOO_MANY,
  webTransactionsSelection,
  webTransactionsSource,
} from '../grid/web-transactions.server'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { DataGrid } from '../ui/grid/data-grid'
import { TransactionsRange } from '../ui/transactions-range'
import type { RangeChoice } from '../grid/date-range-extras'

export const meta = screenMeta(screenTitle('webTransactions'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'webTransactions')
  const params = new URL(request.url).searchParams
  const now = Date.now()
  const spec = webTransactionsGrid
  const selection = webTransactionsSelection(params, now)
  const grid = await loadGrid({
    request,
    spec,
    source: webTransactionsSource(api, customerNumber, selection),
    preferences: preferenceStore(api, customerNumber, spec),
    countLater: true,
  })
  // A refused list call leads to /nopermissions; a filter the service cannot read (400) is shown in
  // place of the rows instead, so it can be cleared.
  if (grid.error?.source === 'data' && grid.error.httpStatus !== 400) {
    throw redirect(withCustomer(`/nopermissions?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
  }
  return {
    grid,
    customerNumber,
    days: rangeDays(selection.range),
    today: formatRangeDay(now),
    exportRefused: params.get('csvRefused') === WEB_TRANSACTIONS_EXPORT_TOO_MANY,
  }
}

export default function WebTransactionsRoute() {
  const data = useLoaderData<typeof loader>()
  const { grid, customerNumber } = data
  const spec = webTransactionsGrid
  const location = useLocation()
  const current = new URLSearchParams(location.search)
  const hrefOf = (next: GridState) => gridHref(location.pathname, spec, next, current)
  const chosen = webTransactionsRange.choice(grid.state.extras)
  const group = webTransactionsGroup(grid.state.extras)

  // The filters stay: a range narrows the transactions, it does not change what is looked for.
  const rangeHref = (choice: RangeChoice) =>
    hrefOf(withExtras(spec, { ...grid.state, page: 1 }, webTransactionsRange.valuesOf(choice)))

  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {screenTitle('webTransactions')}
      </h1>
      <p className="text-sm text-gray-700">
        Every checkout, return, lease expiry and denial of your web licences. Times are UTC; a denial shows its reason.
      </p>

      <TransactionsRange
        id="web-transactions-range"
        chosen={chosen}
        today={data.today}
        days={data.days}
        rangeHref={rangeHref}
      />

      {group ? (
        <p className="rounded border-l-4 border-brand-700 bg-brand-50 px-3 py-2 text-sm" data-testid="group-notice">
          Showing the transactions of the current members of group <span className="font-medium">{group}</span>.{' '}
          <Link
            to={hrefOf(withExtras(spec, { ...grid.state, page: 1 }, { [WEB_TRANSACTIONS_GROUP]: '' }))}
            className="underline"
          >
            Show all users
          </Link>
        </p>
      ) : null}

      {data.exportRefused ? (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {usageExportTooMany()}
        </p>
      ) : null}

      <DataGrid<WebTransactionGridRow>
        spec={spec}
        data={grid}
        label="Web Transactions"
        noun="transactions"
        loadingText="Getting Web Transactions..."
        emptyText="No web transactions in this date range."
        customerNumber={customerNumber}
        rowKey={(row) => String(row.id)}
        exportLabel="Export as csv file"
      />
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
