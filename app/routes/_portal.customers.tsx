import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireScreen } from '../guards/screen.server'
import { searchCustomers } from '../customers/customer-search.server'
import { CUSTOMER_RESULTS_SHOWN } from '../domain/customer-search'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

/** The customer search without JavaScript: results of the toolbar form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireScreen(request, context, 'customers')
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim()
  const result = await searchCustomers(api, q)
  // One match: select it straight away.
  if (result.ok && result.accounts.length === 1) {
    throw redirect(`/home?customer=${encodeURIComponent(result.accounts[0].AccountID)}`)
  }
  return { q, result }
}

const HEADING = 'Select a customer'

export const meta = screenMeta(HEADING)

export default function CustomerResults() {
  const { q, result } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {HEADING}
      </h1>
      <p>
        Search: <strong>{q || '(all customers)'}</strong>
      </p>
      {!result.ok ? (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
          {result.error}
        </p>
      ) : (
        <>
          <p>
            {result.count > result.accounts.length
              ? `Showing ${result.accounts.length} of ${result.count} customers. Refine the search to narrow the list.`
              : `${result.count} customers found.`}
          </p>
          <ul className="divide-y divide-gray-200 rounded border border-gray-300 bg-white">
            {result.accounts.map((account) => (
              <li key={account.AccountID}>
                <Link
                  to={`/home?customer=${encodeURIComponent(account.AccountID)}`}
                  className="block px-4 py-2 hover:bg-gray-50"
                >
                  {account.AccountID} ({account.AccountName})
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="text-sm text-gray-700">At most {CUSTOMER_RESULTS_SHOWN} customers are listed at once.</p>
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
