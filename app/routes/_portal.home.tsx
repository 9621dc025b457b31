import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { requireScreen } from '../portal/screen-guard.server'
import { ScreenErrorBoundary } from '../ui/error-page'
import { PortalLink } from '../ui/portal-link'
import { expandNav } from '../domain/navigation'
import { roleSentence } from '../domain/permissions'
import type { loader as portalLoader } from './_portal'
import { withCustomer } from '../ui/customer-href'
import { screenMeta } from '../ui/screen-meta'
import { screenName } from '../domain/page-title'

/** Home shows what the shell loaded and the user's roles; its guard still applies the rules (export control, the customer's info). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, info } = await requireScreen(request, context, '/home')
  return { roles: roleSentence(user, info) }
}

export const meta = screenMeta(screenName('/home'))

export default function Home() {
  const shell = useRouteLoaderData<typeof portalLoader>('routes/_portal')
  const { roles } = useLoaderData<typeof loader>()
  if (!shell) return null
  const firstName = shell.user.name.split(' ')[0] || shell.user.email
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Welcome, {firstName}
      </h1>
      {shell.customer ? (
        <>
          <div className="rounded border border-gray-300 bg-white p-4">
            <h2 className="text-lg font-semibold">Selected customer</h2>
            <p data-testid="selected-customer">
              {shell.customer.AccountID} ({shell.customer.AccountName})
            </p>
            <p className="text-sm text-gray-700">{roles}</p>
          </div>
          <div>
            <h2 className="mb-2 text-lg font-semibold">Go to</h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {expandNav(shell.nav).flatMap((group) =>
                group.items.map((item) => (
                  <li key={item.path}>
                    <PortalLink to={withCustomer(item.path, shell.customerNumber)} className="card-link">
                      <span className="card-kicker">{group.label}</span>
                      <span className="font-medium">{item.label}</span>
                    </PortalLink>
                  </li>
                )),
              )}
            </ul>
          </div>
        </>
      ) : (
        <p className="rounded border border-gray-300 bg-white p-4">
          Find a customer with the search box at the top to work on its licences.
        </p>
      )}
    </section>
  )
}

export const ErrorBoundary = ScreenErrorBoundary
