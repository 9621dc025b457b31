import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'
import { DataGrid } from '../ui/grid/data-grid'
import { EMAIL_GRIDS, emailGridFor, emailGridOf } from '../grid/emails'
import { emailSource } from '../grid/emails.server'
import { emailCalls } from '../api-client/emails.server'
import { deliveryStateLabel } from '../view/email-delivery'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import { gridClientLoader } from '../ui/grid/client-loader'

export const meta = screenMeta(screenTitle('emails'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  // No customer, or one whose type has no e-mail list, is refused here (spec 1 section 6).
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'emails')
  // Each e-mail's delivery is shown once the customer has e-mails that are delivered by e-mail.
  const spec = emailGridFor(await emailCalls(api).hasDeliveryStates(customerNumber))
  const grid = await loadGrid({
    request,
    spec,
    source: emailSource(api, customerNumber),
    preferences: preferenceStore(api, customerNumber, spec),
  })
  // Spec 1 section 8: a FAILURE from the list call leads to /nopermissions. A filter the
  // service cannot read (400) is shown in place of the rows instead, so it can be cleared.
  if (grid.error?.source === 'data' && grid.error.httpStatus !== 400) {
    throw redirect(withCustomer(`/nopermissions?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
  }
  return { grid, customerNumber }
}

/** With JavaScript, pages and narrowing filters are answered from the rows already loaded. */
export const clientLoader = gridClientLoader(EMAIL_GRIDS)

export default function EmailsRoute() {
  const { grid, customerNumber } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Emails
      </h1>
      <p className="text-sm text-gray-700">
        E-mails the Licensing Portal sent to this customer: licence files, statements and account notices.
      </p>
      {grid ? (
        <DataGrid
          spec={emailGridOf(grid.state)}
          data={grid}
          label="Emails"
          noun="emails"
          loadingText="Getting Emails..."
          emptyText="No emails have been sent to this customer."
          customerNumber={customerNumber}
          rowKey={(row) => row.id}
          cells={{
            details: (row) => (
              <Link to={withCustomer(`/emails/${row.id}`, customerNumber)} className="font-medium">
                View<span className="sr-only"> email: {row.subject}</span>
              </Link>
            ),
            // Many recipients would make a tall row on a phone: three lines show, the e-mail's page has them all.
            to: (row) => (
              <span className="line-clamp-3" title={row.to}>
                {row.to}
              </span>
            ),
            delivery: (row) => (
              <span className={row.deliveryState === 'failed' ? 'font-medium text-red-800' : undefined}>
                {deliveryStateLabel(row.deliveryState)}
              </span>
            ),
          }}
        />
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
