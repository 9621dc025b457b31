/**
 * Manage Activations (spec 3, "Manage Activations (history)"): the customer's
 * hosts in 'Active Servers' and 'Inactive Servers', each row opening into its
 * history, with the row actions: view the activations on a host, download its
 * licence file, rehost, deactivate, delete. Every step works without
 * JavaScript: views are addresses (a section of the page; a dialog with
 * JavaScript), changes are posts that ask first and land back here with a
 * message. After a rehost the new host's licence file downloads by itself.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { isViewOnly } from '../domain/permissions'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle, screenPath } from '../screens/registry'
import { todayUtc } from '../domain/entitlements'
import { paramName } from '../grid/grid-state'
import { rewriteActivationError } from '../domain/activation-errors'
import { NOT_ENOUGH_PERMISSIONS, type ActivationRow, type HostHistory } from '../domain/activation-types'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import { ACTIONS_COLUMN, OPEN_HISTORY_PARAM, activeServersGrid, inactiveServersGrid } from '../grid/servers'
import { loadServerRows, serverSource } from '../grid/servers.server'
import { activationCalls } from '../api-client/activations.server'
import { DataGrid } from '../ui/grid/data-grid'
import { FlashPanel } from '../ui/shell/flash-panel'
import { ConfirmStep } from '../ui/confirm-step'
import { withoutSteps } from '../activations/history-screen'
import { mayCheckLicense } from '../domain/license-check'
import { withCustomer } from '../ui/customer-href'
import { hostAction } from '../activations/host-action.server'
import { RehostSection } from '../activations/rehost-section'
import { fetchHistories } from '../activations/host-histories.server'
import { HostHistoryTree } from '../activations/host-history-tree'
import { HostRowActions } from '../activations/host-row-actions'
import { HostActivationsDialog } from '../activations/host-activations-dialog'
import { EditorNotice } from '../activations/editor-notice'
import { licenseHref } from '../activations/license-href'

const baseMeta = screenMeta(screenTitle('activationsHistory'))

/** After a rehost the new host's file downloads by itself: a refresh to the file, which the browser saves and stays. */
export const meta: typeof baseMeta = (args) => {
  const page = args.data as { autoDownload?: string | null } | undefined
  const refresh = page?.autoDownload ? [{ httpEquiv: 'refresh', content: `0; url=${page.autoDownload}` }] : []
  return [...baseMeta(args), ...refresh]
}

const hostParam = (params: URLSearchParams, name: string) => {
  const id = Number(params.get(name))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, 'activationsHistory')
  const url = new URL(request.url)
  const params = url.searchParams
  const calls = activationCalls(api)
  let rows: ReturnType<typeof loadServerRows> | null = null
  const loadRows = () => (rows ??= loadServerRows(api, customerNumber))
  const [active, inactive, all] = await Promise.all([
    loadGrid({
      request,
      spec: activeServersGrid,
      source: serverSource(loadRows, true),
      preferences: preferenceStore(api, customerNumber, activeServersGrid),
    }),
    loadGrid({
      request,
      spec: inactiveServersGrid,
      source: serverSource(loadRows, false),
      preferences: preferenceStore(api, customerNumber, inactiveServersGrid),
    }),
    loadRows(),
  ])
  const servers = all.status === 'SUCCESS' ? [...all.data.active, ...all.data.inactive] : []
  const hostOf = (name: string) => servers.find((s) => s.id === hostParam(params, name)) ?? null

  // The histories of the open rows on the pages shown.
  const shown = new Set([...active.rows, ...inactive.rows].map((r) => r.id))
  const open = [
    ...params.getAll(paramName(activeServersGrid, OPEN_HISTORY_PARAM)),
    ...params.getAll(paramName(inactiveServersGrid, OPEN_HISTORY_PARAM)),
  ]
    .map(Number)
    .filter((id) => shown.has(id))
  const viewHost = hostOf('view')
  const [histories, viewed] = await Promise.all([
    open.length > 0 ? fetchHistories(calls, customerNumber, open) : null,
    viewHost
      ? calls.hostEntitlements({ customerNumber, serverId: viewHost.serverId, serverIdType: viewHost.serverIdType })
      : null,
  ])
  const history: Record<number, HostHistory | string> = {}
  for (const id of open) history[id] = histories?.ok ? histories.byHost.get(id)! : (histories?.message ?? '')

  const viewOnly = isViewOnly(user, info)
  const rehostHost = hostOf('rehost')
  const rehosted = hostOf('rehosted')
  const pageHref = withoutSteps(url)
  const triad = params.get('triad') === '1'
  return {
    customerNumber,
    active,
    inactive,
    serversError: all.status === 'SUCCESS' ? null : all.err,
    history,
    today: todayUtc(),
    view: viewHost
      ? {
          host: viewHost,
          rows: viewed?.status === 'SUCCESS' ? viewed.data : ([] as ActivationRow[]),
          error: viewed?.status === 'SUCCESS' ? null : rewriteActivationError(viewed?.err ?? ''),
        }
      : null,
    rehost:
      rehostHost?.state === 'ACTIVE' && !viewOnly
        ? {
            host: rehostHost,
            triad,
            toggleHref: `${pageHref}&${new URLSearchParams({ rehost: String(rehostHost.id), ...(triad ? {} : { triad: '1' }) })}`,
          }
        : null,
    notice: rehostHost && viewOnly ? NOT_ENOUGH_PERMISSIONS : null,
    autoDownload: rehosted?.state === 'ACTIVE' ? licenseHref(customerNumber, rehosted) : null,
    pageHref,
    mayCheckLicense: mayCheckLicense(user, info),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return hostAction(request, context)
}

export default function ManageActivationsRoute() {
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const { customerNumber } = page
  const stepHref = (name: string, value: string) => `${page.pageHref}&${new URLSearchParams({ [name]: value })}`
  const confirmation = actionData?.confirmation
  const confirm = <ConfirmStep confirmation={confirmation} action={here} noHref={page.pageHref} />
  const grid = (active: boolean) => (
    <DataGrid
      spec={active ? activeServersGrid : inactiveServersGrid}
      data={active ? page.active : page.inactive}
      label={active ? 'Active Servers' : 'Inactive Servers'}
      noun={active ? 'active servers' : 'inactive servers'}
      loadingText="Getting Activations History..."
      emptyText={active ? 'There are no active servers.' : 'There are no inactive servers.'}
      customerNumber={customerNumber}
      rowKey={(row) => row.id}
      cells={{
        [ACTIONS_COLUMN]: (row) => <HostRowActions row={row} customerNumber={customerNumber} hrefWith={stepHref} />,
      }}
      rowDetails={{
        param: OPEN_HISTORY_PARAM,
        id: (row) => String(row.id),
        label: (row) => row.name,
        render: (row) => <HostHistoryTree hostName={row.name} history={page.history[row.id] ?? ''} />,
      }}
    />
  )

  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Manage Activations
      </h1>
      {page.mayCheckLicense ? (
        <p>
          <Link to={withCustomer(screenPath('licenseCheck'), customerNumber)} className="underline">
            {screenTitle('licenseCheck')}
          </Link>
          : is a licence file genuine and current?
        </p>
      ) : null}
      {actionData?.error ? <FlashPanel key={actionData.error} type="error" message={actionData.error} /> : null}
      {page.serversError ? <FlashPanel type="error" message={page.serversError} /> : null}
      {page.autoDownload ? (
        <p>
          The new licence file is downloading.{' '}
          <a href={page.autoDownload} download className="underline">
            Download it again
          </a>
        </p>
      ) : null}
      {page.rehost ? null : confirm}
      {(actionData?.notice ?? page.notice) ? (
        <EditorNotice text={(actionData?.notice ?? page.notice)!} okHref={page.pageHref} />
      ) : null}
      {page.view ? (
        <HostActivationsDialog
          hostId={page.view.host.serverId}
          rows={page.view.rows}
          error={page.view.error}
          okHref={page.pageHref}
          today={page.today}
        />
      ) : null}
      {page.rehost ? (
        <RehostSection
          host={page.rehost.host}
          triad={page.rehost.triad}
          state={actionData?.rehost ?? null}
          closeHref={page.pageHref}
          toggleHref={page.rehost.toggleHref}
          confirm={confirm}
        />
      ) : null}

      {[true, false].map((active) => (
        <section
          key={String(active)}
          aria-labelledby={`${active ? '' : 'in'}active-servers`}
          className="min-w-0 space-y-2"
        >
          <h2 id={`${active ? '' : 'in'}active-servers`} className="text-lg font-semibold">
            {active ? 'Active Servers' : 'Inactive Servers'}
          </h2>
          {grid(active)}
        </section>
      ))}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
