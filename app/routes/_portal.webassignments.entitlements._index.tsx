import { Link, useLoaderData } from '@remix-run/react'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWebScreen } from '../web/web-screen.server'
import { loadWebGrid } from '../web/web-grid.server'
import { webEntitlementGrid } from '../grid/web-lists'
import { webEntitlementSource } from '../grid/web-lists.server'
import { DataGrid } from '../ui/grid/data-grid'
import { gridClientLoader } from '../ui/grid/client-loader'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { webPath } from '../web/web-paths'
import { webPageName } from '../web/web-titles'

export const meta = screenMeta(webPageName('Entitlements'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webEntitlements')
  const grid = await loadWebGrid(
    request,
    screen,
    webEntitlementGrid,
    webEntitlementSource(screen.api, screen.customerNumber),
  )
  return { grid, customerNumber: screen.customerNumber }
}

export const clientLoader = gridClientLoader(webEntitlementGrid)

export default function WebEntitlementsRoute() {
  const { grid, customerNumber } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Entitlements
      </h1>
      <p className="text-sm text-gray-700">
        Shared web licences are seats anyone allowed may take while free; named-user licences are seats held by people.
        Open a licence to choose who may use it.
      </p>
      <DataGrid
        spec={webEntitlementGrid}
        data={grid}
        label="Web entitlements"
        noun="entitlements"
        loadingText="Getting Web Entitlements..."
        emptyText="This customer has no web licences."
        customerNumber={customerNumber}
        rowKey={(row) => row.activationId}
        cells={{
          productName: (row) => (
            <Link to={withCustomer(webPath('entitlements', row.activationId), customerNumber)} className="font-medium">
              {row.productName}
            </Link>
          ),
        }}
      />
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
