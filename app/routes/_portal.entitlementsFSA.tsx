/**
 * Flexible Spending Account (spec 3, "Flexible Spending Account page"): three
 * tabs, each an address (?tab=), so each works without JavaScript and can be
 * bookmarked. Entitlements: the contracts in 'Active Entitlements' and
 * 'Inactive Entitlements', each row's Order Now opening the order tab with it.
 * Order Products: ordering leases against a contract's balance. History: the
 * ordered lines, with their CSV. Only the shown tab's data is loaded.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { formatNumber, todayUtc } from '../domain/entitlements'
import { activationsAllowed, flagSet, isBusops } from '../domain/permissions'
import { pickableContracts, type FsaEntitlementRow } from '../domain/fsa-entitlements'
import { FSA_FIELD, type FsaContract } from '../domain/fsa-types'
import type { Envelope } from '../api-client/envelope'
import { fsaCalls } from '../api-client/fsa.server'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import { activeFsaGrid, fsaHistoryGrid, inactiveFsaGrid, ORDER_NOW_COLUMN, type FsaHistoryGridRow } from '../grid/fsa'
import { fsaEntitlementSource, fsaHistorySource } from '../grid/fsa.server'
import type { GridData } from '../grid/types'
import { DataGrid } from '../ui/grid/data-grid'
import { FlashPanel } from '../ui/shell/flash-panel'
import { isSectionOpen, SectionToggle } from '../ui/section-toggle'
import { ProgressBar } from '../ui/progress-bar'
import { fsaUsedColor } from '../domain/fsa-entitlements'
import { leaseRemainingDaysColor } from '../domain/entitlements'
import { FSA_TABS, FSA_TEXTS, fsaHref, fsaPageName, fsaTab, type FsaTab } from '../fsa/fsa-screen'
import { orderContract } from '../fsa/order-context'
import { orderAction } from '../fsa/order-action.server'
import { OrderTab } from '../fsa/order-tab'

export const meta = screenMeta<typeof loader>(fsaPageName)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, 'fsa')
  const params = new URL(request.url).searchParams
  const tab = fsaTab(params)
  const today = todayUtc()
  const page = {
    customerNumber,
    tab,
    today,
    hasFsa: flagSet(info.hasFSA),
    busops: isBusops(user),
    activationsAllowed: activationsAllowed(user, info),
    error: null as string | null,
    open: { active: isSectionOpen(params, 'active'), inactive: isSectionOpen(params, 'inactive') },
    active: null as GridData<FsaEntitlementRow> | null,
    inactive: null as GridData<FsaEntitlementRow> | null,
    history: null as GridData<FsaHistoryGridRow> | null,
    order: null as null | {
      search: string
      contracts: { id: string; endDate: string; available: number; currency: string }[]
      contract: ReturnType<typeof orderContract> | null
    },
  }
  if (!page.hasFsa) return page

  let contracts: Promise<Envelope<FsaContract[]>> | null = null
  const loadContracts = () => (contracts ??= fsaCalls(api).contracts(customerNumber))
  const grid = <Row,>(
    spec: Parameters<typeof loadGrid<Row>>[0]['spec'],
    source: Parameters<typeof loadGrid<Row>>[0]['source'],
  ) => loadGrid({ request, spec, source, preferences: preferenceStore(api, customerNumber, spec) })

  if (tab === 'entitlements') {
    const [active, inactive] = await Promise.all([
      page.open.active ? grid(activeFsaGrid, fsaEntitlementSource(loadContracts, true)) : null,
      page.open.inactive ? grid(inactiveFsaGrid, fsaEntitlementSource(loadContracts, false)) : null,
    ])
    return { ...page, active, inactive }
  }
  if (tab === 'history') {
    return { ...page, history: await grid(fsaHistoryGrid, fsaHistorySource(api, customerNumber)) }
  }
  const reply = await loadContracts()
  if (reply.status !== 'SUCCESS') return { ...page, error: reply.err }
  const search = (params.get('q') ?? '').slice(0, 100)
  const listed = pickableContracts(reply.data, search, today)
  const chosenId = params.get('contract') ?? (listed.length === 1 ? listed[0].EntitlementID : null)
  const chosen = pickableContracts(reply.data, '', today).find((c) => c.EntitlementID === chosenId && c.EntitlementID)
  return {
    ...page,
    order: {
      search,
      contracts: listed.map((c) => ({
        id: c.EntitlementID,
        endDate: c.EndDate.slice(0, 10),
        available: c.Available,
        currency: c[FSA_FIELD.currency] || 'USD',
      })),
      contract: chosen ? orderContract(chosen) : null,
    },
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderAction(request, context)
}

function RemainingCell({ row }: { row: FsaEntitlementRow }) {
  const expired = row.status === 'EXPIRED'
  return (
    <ProgressBar
      value={row.usedDaysPercentage}
      text={row.remainingText === 'NOT STARTED' || expired ? row.remainingText : formatNumber(row.remainingdays)}
      label={`Term elapsed, ${row.entitlementId}`}
      color={leaseRemainingDaysColor(row.remainingdays, expired)}
    />
  )
}

export default function FlexibleSpendingAccountRoute() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { customerNumber } = page
  const tabHref = (tab: FsaTab, more: Record<string, string> = {}) => fsaHref(customerNumber, tab, more)

  const entitlementCells = (orderNow: boolean) => ({
    entitlement: (row: FsaEntitlementRow) => (
      <span className="block min-w-0">
        <span className="block font-medium break-words">{row.ansysproduct}</span>
        <span className="block text-xs break-all text-gray-700">{row.entitlementId}</span>
      </span>
    ),
    remainingDays: (row: FsaEntitlementRow) => <RemainingCell row={row} />,
    usedPercentage: (row: FsaEntitlementRow) => (
      <ProgressBar
        value={row.usedpercentage}
        text={`${row.usedpercentage}%`}
        label={`Used, ${row.entitlementId}`}
        color={fsaUsedColor(row.usedpercentage)}
      />
    ),
    ...(orderNow
      ? {
          [ORDER_NOW_COLUMN]: (row: FsaEntitlementRow) =>
            row.entitlementId ? (
              <Link to={tabHref('order', { contract: row.entitlementId })} className="btn-secondary">
                Order Now<span className="sr-only"> from {row.entitlementId}</span>
              </Link>
            ) : null,
        }
      : {}),
  })

  const entitlementGrid = (active: boolean, data: GridData<FsaEntitlementRow>) => (
    <DataGrid
      spec={active ? activeFsaGrid : inactiveFsaGrid}
      data={data}
      label={active ? 'Active Entitlements' : 'Inactive Entitlements'}
      noun="entitlements"
      loadingText="Getting Flexible Spending Account Details..."
      emptyText={active ? FSA_TEXTS.noActive : 'Account does not have any inactive entitlements.'}
      customerNumber={customerNumber}
      rowKey={(row) => row.entitlementId}
      cells={entitlementCells(active)}
      exportLabel={null}
    />
  )

  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Flexible Spending Account
      </h1>
      {!page.hasFsa ? (
        <p>{FSA_TEXTS.noFsa}</p>
      ) : (
        <>
          <nav aria-label="Flexible Spending Account tabs">
            <ul className="flex flex-wrap gap-2 border-b border-gray-300">
              {FSA_TABS.map((t) => (
                <li key={t.key}>
                  <Link
                    to={tabHref(t.key)}
                    aria-current={t.key === page.tab ? 'page' : undefined}
                    className={`inline-block px-2 py-1 ${t.key === page.tab ? 'border-b-2 border-brand-700 font-semibold' : 'underline'}`}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {page.error ? <FlashPanel type="error" message={page.error} /> : null}
          {page.tab === 'entitlements'
            ? (
                [
                  ['active', 'Active Entitlements', page.open.active, page.active],
                  ['inactive', 'Inactive Entitlements', page.open.inactive, page.inactive],
                ] as const
              ).map(([id, title, open, data]) => (
                <SectionToggle key={id} id={id} title={title} open={open}>
                  {data ? entitlementGrid(id === 'active', data) : null}
                </SectionToggle>
              ))
            : null}
          {page.tab === 'order' && page.order ? (
            <OrderTab
              customerNumber={customerNumber}
              contracts={page.order.contracts}
              search={page.order.search}
              contract={page.order.contract}
              today={page.today}
              busops={page.busops}
              activationsAllowed={page.activationsAllowed}
              result={result && result.contract === page.order.contract?.id ? result : null}
              href={tabHref('order', page.order.contract ? { contract: page.order.contract.id } : {})}
              pickerHref={(id) => tabHref('order', { contract: id })}
            />
          ) : null}
          {page.tab === 'history' && page.history ? (
            <section aria-labelledby="history-heading" className="min-w-0 space-y-2">
              <h2 id="history-heading" className="text-xl font-semibold">
                History
              </h2>
              <DataGrid
                spec={fsaHistoryGrid}
                data={page.history}
                label="Order History"
                noun="orders"
                loadingText="Getting Flexible Spending Account Details..."
                emptyText="No FSA orders yet."
                customerNumber={customerNumber}
                rowKey={(row) => row.id}
                exportLabel="Export as csv file"
                cells={{
                  entitlement: (row) => (
                    <span className="block min-w-0">
                      <span className="block font-medium break-words">{row.ansysproduct}</span>
                      <span className="block text-xs break-all text-gray-700">{row.entitlementId}</span>
                    </span>
                  ),
                }}
              />
            </section>
          ) : null}
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
