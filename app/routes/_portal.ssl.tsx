/**
 * Leases/Perpetuals (spec 2, Leases/Perpetuals screen): the customer's self-serve
 * entitlements in two collapsible grids, Active and Inactive, paged on the server
 * (20 rows a page). The manual drawdown lines of a Flexible Spending Account are
 * never listed. A closed section (`closed=...` in the address) loads none of its data.
 */
import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../portal/screen-guard.server'
import { screenName } from '../domain/page-title'
import { formatDay, maintenanceText } from '../domain/entitlements'
import { activeLeaseGrid, inactiveLeaseGrid, isEvaluation, isPermanent } from '../grid/leases'
import { leaseSource } from '../grid/entitlements.server'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import type { GridData } from '../grid/types'
import type { EntitlementRow } from '../upstream/entitlement-row'
import { ScreenErrorBoundary } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { DataGrid } from '../ui/grid/data-grid'
import { isSectionOpen, SectionToggle } from '../ui/section-toggle'
import { RemainingDaysBar } from '../ui/entitlement-cells'

const SCREEN = '/ssl'

export const meta = screenMeta(screenName(SCREEN))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, SCREEN)
  const params = new URL(request.url).searchParams
  const open = { active: isSectionOpen(params, 'active'), inactive: isSectionOpen(params, 'inactive') }
  const grid = (spec: typeof activeLeaseGrid, active: boolean, show: boolean) =>
    show
      ? loadGrid({
          request,
          spec,
          source: leaseSource(api, customerNumber, active),
          preferences: preferenceStore(api, customerNumber, spec),
        })
      : Promise.resolve(null)
  const [active, inactive] = await Promise.all([
    grid(activeLeaseGrid, true, open.active),
    grid(inactiveLeaseGrid, false, open.inactive),
  ])
  return { customerNumber, open, active, inactive }
}

export default function LeasesRoute() {
  const { customerNumber, open, active, inactive } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Leases/Perpetuals
      </h1>
      <SectionToggle id="active" title="Active Entitlements" open={open.active}>
        {active ? (
          <LeaseGrid
            data={active as GridData<EntitlementRow>}
            spec={activeLeaseGrid}
            label="Active Entitlements"
            customerNumber={customerNumber}
          />
        ) : null}
      </SectionToggle>
      <SectionToggle id="inactive" title="Inactive Entitlements" open={open.inactive}>
        {inactive ? (
          <LeaseGrid
            data={inactive as GridData<EntitlementRow>}
            spec={inactiveLeaseGrid}
            label="Inactive Entitlements"
            customerNumber={customerNumber}
          />
        ) : null}
      </SectionToggle>
    </section>
  )
}

function LeaseGrid({
  data,
  spec,
  label,
  customerNumber,
}: {
  data: GridData<EntitlementRow>
  spec: typeof activeLeaseGrid
  label: string
  customerNumber: string
}) {
  return (
    <DataGrid
      spec={spec}
      data={data}
      label={label}
      noun="entitlements"
      loadingText="Getting Entitlements..."
      emptyText={`No ${label.toLowerCase()}.`}
      customerNumber={customerNumber}
      rowKey={(row) => row.ActivationId}
      cells={{
        entitlement: (row) => (
          <span className="block min-w-0">
            <span className="block font-medium break-words">
              {row.ProductName}
              {isEvaluation(row) ? <span className="ml-1 font-normal text-amber-800">(Evaluation)</span> : null}
            </span>
            <span className="block text-xs break-all text-gray-700">{row.ActivationId}</span>
          </span>
        ),
        endDate: (row) =>
          isPermanent(row) ? (
            <span className="block">
              <span className="block font-medium">PERMANENT</span>
              {row.VersionDate ? (
                <span className="block text-xs whitespace-normal text-gray-700">
                  {maintenanceText(row.VersionDate)}
                </span>
              ) : null}
            </span>
          ) : (
            formatDay(row.EndDate)
          ),
        remainingDays: (row) => <RemainingDaysBar row={row} lease />,
      }}
    />
  )
}

export const ErrorBoundary = ScreenErrorBoundary
