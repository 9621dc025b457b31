/**
 * Leases/Perpetuals (spec 2, Leases/Perpetuals screen): the customer's self-serve
 * entitlements in two collapsible grids, Active and Inactive, paged on the server
 * (20 rows a page). The manual drawdown lines of a Flexible Spending Account are
 * never listed. A closed section (`closed=...` in the address) loads none of its data.
 */
import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { screenTitle } from '../screens/registry'
import { formatDay, maintenanceText } from '../domain/entitlements'
import type { EntitlementRow } from '../domain/entitlement-row'
import { activeLeaseGrid, inactiveLeaseGrid, isEvaluation, isPermanent } from '../grid/leases'
import { leaseSource, loadEntitlementGrids } from '../grid/entitlements.server'
import type { GridData } from '../grid/types'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { EntitlementGrid } from '../ui/entitlement-grid'
import { isSectionOpen, SectionToggle } from '../ui/section-toggle'
import { RemainingDaysBar } from '../ui/entitlement-cells'

export const meta = screenMeta(screenTitle('ssl'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'ssl')
  const params = new URL(request.url).searchParams
  const open = { active: isSectionOpen(params, 'active'), inactive: isSectionOpen(params, 'inactive') }
  const [active, inactive] = await loadEntitlementGrids({
    request,
    api,
    customerNumber,
    specs: { active: activeLeaseGrid, inactive: inactiveLeaseGrid },
    source: leaseSource,
    open,
  })
  return { customerNumber, open, active, inactive }
}

/** Product name above the activation id; PERMANENT with its maintenance end; the term as a bar. */
const leaseCells = {
  entitlement: (row: EntitlementRow) => (
    <span className="block min-w-0">
      <span className="block font-medium break-words">
        {row.ProductName}
        {isEvaluation(row) ? <span className="ml-1 font-normal text-amber-800">(Evaluation)</span> : null}
      </span>
      <span className="block text-xs break-all text-gray-700">{row.ActivationId}</span>
    </span>
  ),
  endDate: (row: EntitlementRow) =>
    isPermanent(row) ? (
      <span className="block">
        <span className="block font-medium">PERMANENT</span>
        {row.VersionDate ? (
          <span className="block text-xs whitespace-normal text-gray-700">{maintenanceText(row.VersionDate)}</span>
        ) : null}
      </span>
    ) : (
      formatDay(row.EndDate)
    ),
  remainingDays: (row: EntitlementRow) => <RemainingDaysBar row={row} lease />,
}

export default function LeasesRoute() {
  const { customerNumber, open, active, inactive } = useLoaderData<typeof loader>()
  const sections = [
    { id: 'active', title: 'Active Entitlements', spec: activeLeaseGrid, data: active, open: open.active },
    { id: 'inactive', title: 'Inactive Entitlements', spec: inactiveLeaseGrid, data: inactive, open: open.inactive },
  ]
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Leases/Perpetuals
      </h1>
      {sections.map((s) => (
        <SectionToggle key={s.id} id={s.id} title={s.title} open={s.open}>
          {s.data ? (
            <EntitlementGrid
              data={s.data as GridData<EntitlementRow>}
              spec={s.spec}
              label={s.title}
              customerNumber={customerNumber}
              cells={leaseCells}
            />
          ) : null}
        </SectionToggle>
      ))}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
