/**
 * Usage Transactions (spec 2, Usage Transactions screen): the customer's usage
 * sessions in a server-paged grid over a date range (a preset or a custom range)
 * with Active Sessions, both part of the saved view UsageTransactions. The rows
 * of a script's request never wait for the count, which follows them; a page
 * load waits for it, as only a script could show it later. No browser cache of
 * the rows (a customer may have millions).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { screenTitle } from '../screens/registry'
import { gridHref, hasFilter, withExtras, withoutFilters, type GridState } from '../grid/grid-state'
import { formatRangeDay, isPresetId, rangeDays, USAGE_PRESETS } from '../domain/date-presets'
import { usageExportTooMany } from '../domain/usage-export'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import {
  ACTIVE_PARAM,
  CONFIRM_PARAM,
  DATA_LENGTH_PARAM,
  isActiveOnly,
  usageGridFor,
  usageRange,
  type UsageGridRow,
} from '../grid/usage'
import { USAGE_EXPORT_TOO_MANY, usageSelection, usageSource } from '../grid/usage.server'
import { usageCalls } from '../api-client/usage.server'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { DataGrid } from '../ui/grid/data-grid'
import { GetForm } from '../ui/grid/get-form'
import { WithGridCount } from '../ui/grid/grid-count'
import { ConfirmLinkStep } from '../ui/confirm-link-step'
import { TransactionsRange } from '../ui/transactions-range'
import type { RangeChoice } from '../grid/date-range-extras'
import { useHydrated } from '../ui/use-hydrated'

export const meta = screenMeta(screenTitle('usage'))

const CONFIRM_QUESTION = 'Action will clear all current filters. Do you wish to continue?'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'usage')
  const params = new URL(request.url).searchParams
  const now = Date.now()
  const calls = usageCalls(api)
  const scope = { customerNumber }
  const lastUpdated = calls.lastUpdatedOn()
  lastUpdated.catch(() => undefined)
  const cloudJobs = await calls.hasCloudJobs(scope)
  const spec = usageGridFor(cloudJobs)
  const selection = usageSelection(params, now)
  const grid = await loadGrid({
    request,
    spec,
    source: usageSource(api, scope, selection),
    preferences: preferenceStore(api, customerNumber, spec),
    countLater: true,
  })
  // Spec 1 section 8: a refused list call leads to /nopermissions; a filter the service cannot read (400)
  // is shown in place of the rows instead, so it can be cleared.
  if (grid.error?.source === 'data' && grid.error.httpStatus !== 400) {
    throw redirect(withCustomer(`/nopermissions?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
  }
  const last = await lastUpdated
  if (!last.ok) console.error(JSON.stringify({ level: 'error', msg: 'Last update time failed', detail: last.message }))
  const confirm = params.get(CONFIRM_PARAM)
  return {
    grid,
    customerNumber,
    cloudJobs,
    lastReceived: last.ok ? last.time : null,
    days: rangeDays(selection.range),
    today: formatRangeDay(now),
    confirm: isPresetId(confirm) && USAGE_PRESETS.some((p) => p.id === confirm) ? confirm : null,
    exportRefused: params.get('csvRefused') === USAGE_EXPORT_TOO_MANY,
    showDataLength: params.get(DATA_LENGTH_PARAM) === '1',
  }
}

export default function UsageTransactionsRoute() {
  const data = useLoaderData<typeof loader>()
  const { grid, customerNumber } = data
  const spec = usageGridFor(data.cloudJobs)
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const current = new URLSearchParams(location.search)
  const state = grid.state
  const hrefOf = (next: GridState) => gridHref(location.pathname, spec, next, current)
  const here = hrefOf(state)
  const chosen = usageRange.choice(state.extras)
  const activeOnly = isActiveOnly(state.extras)

  const rangeHref = (choice: RangeChoice) => {
    // Spec 2 section 4: a preset clears the filters, after a confirmation when there are any.
    if ('preset' in choice && hasFilter(state)) {
      const ask = new URL(here, 'http://portal.local')
      ask.searchParams.set(CONFIRM_PARAM, choice.preset)
      return `${ask.pathname}${ask.search}`
    }
    return hrefOf(withExtras(spec, state, usageRange.valuesOf(choice)))
  }
  // Without filters there is nothing to confirm: the step's address then just shows the view.
  const confirmYes =
    data.confirm && hasFilter(state)
      ? hrefOf(withExtras(spec, withoutFilters(state), usageRange.valuesOf({ preset: data.confirm })))
      : null

  /** The view with the 'Data Length' line shown or hidden (hidden by default, spec 2 Usage Transactions screen). */
  const dataLengthHref = (show: boolean) => {
    const next = new URL(here, 'http://portal.local')
    if (show) next.searchParams.set(DATA_LENGTH_PARAM, '1')
    else next.searchParams.delete(DATA_LENGTH_PARAM)
    return `${next.pathname}${next.search}`
  }

  const activeFormId = 'active-sessions'
  const activeSwitch = (
    <GetForm
      id={activeFormId}
      href={here}
      omit={[ACTIVE_PARAM, 'page']}
      className="flex items-center gap-2"
      onSubmit={(event) => {
        if (!hydrated) return
        event.preventDefault()
      }}
    >
      <input
        id="active-only"
        type="checkbox"
        name={ACTIVE_PARAM}
        value="1"
        defaultChecked={activeOnly}
        key={String(activeOnly)}
        className="h-4 w-4"
        onChange={
          hydrated
            ? (event) =>
                navigate(hrefOf(withExtras(spec, state, { [ACTIVE_PARAM]: event.target.checked ? '1' : '' })), {
                  preventScrollReset: true,
                })
            : undefined
        }
      />
      <label htmlFor="active-only">Active Sessions</label>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary px-2 py-0.5 text-xs">
          Apply<span className="sr-only"> Active Sessions</span>
        </button>
      )}
    </GetForm>
  )

  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Usage Transactions
      </h1>
      <div className="space-y-1 text-sm text-gray-700">
        <p>
          Last received transaction: {data.lastReceived ? `${data.lastReceived} UTC` : 'none'}{' '}
          <Link to={here} preventScrollReset className="whitespace-nowrap underline">
            (refresh)
          </Link>
        </p>
        <p>Transactions may be delayed by up to 30 minutes.</p>
      </div>

      {confirmYes ? <ConfirmLinkStep question={CONFIRM_QUESTION} yesHref={confirmYes} noHref={here} /> : null}

      <TransactionsRange id="usage-range" chosen={chosen} today={data.today} days={data.days} rangeHref={rangeHref} />

      {data.exportRefused ? (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {usageExportTooMany()}
        </p>
      ) : null}

      {data.showDataLength ? (
        <WithGridCount data={grid}>
          {(count) => (
            <p className="text-sm">
              Data Length: {grid.rows.length} of {count?.ok ? count.total : '…'}{' '}
              <Link to={dataLengthHref(false)} preventScrollReset className="underline">
                (hide)
              </Link>
            </p>
          )}
        </WithGridCount>
      ) : (
        <p className="text-sm">
          <Link to={dataLengthHref(true)} preventScrollReset className="underline">
            Show data length
          </Link>
        </p>
      )}

      <DataGrid<UsageGridRow>
        spec={spec}
        data={grid}
        label="Usage Transactions"
        noun="transactions"
        loadingText="Getting Transactions..."
        emptyText="No transactions in this date range."
        customerNumber={customerNumber}
        rowKey={(row) => `${row.DeviceID}|${row.StartTime_ts}`}
        exportLabel="Export as csv file"
        toolbarStart={activeSwitch}
      />
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
