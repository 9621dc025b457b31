/**
 * Activate Entitlements (spec 3, "Host activations editor"): pick one of the
 * customer's licence hosts, mark assigned entitlements for removal and pick
 * available ones with their counts, review what will change (with the licence
 * file's lines added and removed), then save: the stages of the save flow run
 * on the server and the page lists each one's outcome, ending with the file.
 *
 * Every step before the save is a GET: the draft lives in the address
 * (`remove=`, `add=` and `n.<key>=` of the rows picked), so the editor works
 * without JavaScript, a host's address (`?id=`) can be bookmarked, and nothing
 * is written until the confirmation's button. With no host picked, the page
 * lists the customer's hosts to pick from.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { activationCalls } from '../api-client/activations.server'
import { loadEditor } from '../activations/load-editor.server'
import type { SaveResult } from '../activations/save-flow.server'
import { prepareSave } from '../activations/save-request.server'
import { reviewOf } from '../activations/review.server'
import {
  actionLabels,
  applyOp,
  draftParams,
  EDITOR_TEXTS,
  hasChanges,
  matchesPicked,
  matchesProduct,
  readBorrowable,
  readOp,
  readSaved,
  rowKey,
  serverChoices,
  hostIdLabel,
} from '../domain/activation-editor'
import { activationSummary, activeProducts, changeLines, compactParams } from '../domain/activation-changes'
import { BORROWABLE_FIELD, NOT_ENOUGH_PERMISSIONS } from '../domain/activation-types'
import { todayUtc } from '../domain/entitlements'
import { isViewOnly } from '../domain/permissions'
import { screenRedirect } from '../screens/access'
import { screenPath, screenTitle } from '../screens/registry'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { button, cancelLink, Hidden, primary } from '../activations/editor-ui'
import { ServerPicker } from '../activations/server-picker'
import { EditorNotice } from '../activations/editor-notice'
import { AssignedTable, AvailableTable, ProductFilter } from '../activations/entitlement-tables'
import { ReviewPanel } from '../activations/review-panel'
import { SaveOutcome } from '../activations/save-outcome'
import { useLiveSave } from '../activations/live-save'
import { useAutoApply } from '../activations/auto-apply'
import { AddHostSection } from '../activations/add-host-section'
import { licenseHref } from '../activations/license-href'
import { addHostAction, type AddHostState } from '../activations/add-host.server'
import { CustomerTabs } from '../activations/customer-tabs'
import { AssociatedCustomers } from '../activations/associated-customers'
import { associatedCustomers } from '../activations/associated-customers.server'
import { HostList } from '../activations/host-list'
import { ChangesToSave } from '../activations/changes-to-save'
import { NoticeBox } from '../activations/notice-box'
import { fetchHistories } from '../activations/host-histories.server'

/** The hosts whose activations the list sums up (their histories are read for it); the rest say 'Not known'. */
const MAX_SUMMARISED_HOSTS = 100
/** Parameters that hold the draft or an editing button: an `op` lands on the address without the button. */
const DRAFT_PARAM = /^(op|remove|add|n\..*)$/

const SCREEN = screenTitle('activations')
/** The title names the host picked first: "acme-lic01 – Activate Entitlements – …". */
const baseMeta = screenMeta<typeof loader>((page) => (page?.host ? `${page.host.name} – ${SCREEN}` : SCREEN))

/** After Generate, the file downloads by itself: a refresh to the file, which the browser saves and stays. */
export const meta: typeof baseMeta = (args) => {
  const page = args.data as { autoDownload?: string | null } | undefined
  const refresh = page?.autoDownload ? [{ httpEquiv: 'refresh', content: `0; url=${page.autoDownload}` }] : []
  return [...baseMeta(args), ...refresh]
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, 'activations')
  const url = new URL(request.url)
  const params = url.searchParams
  const calls = activationCalls(api)
  const today = todayUtc()
  const opText = params.get('op')
  if (opText === 'select-all') {
    throw redirect(`${url.pathname}?${new URLSearchParams([...params].filter(([n]) => n !== 'op' && n !== 'product'))}`)
  }
  // The form sends every row's count: the address keeps those of the rows picked.
  const compact = opText ? null : compactParams(params)
  if (compact) throw redirect(`${url.pathname}?${compact}`)
  const state = await loadEditor(calls, customerNumber, params, today)
  const op = readOp(opText)
  if (op) {
    const next = new URLSearchParams([...params].filter(([name]) => !DRAFT_PARAM.test(name)))
    for (const [name, value] of draftParams(applyOp(state.draft, op, state.tabs))) next.append(name, value)
    throw redirect(`${url.pathname}?${compactParams(next) ?? next}`)
  }
  const viewOnly = isViewOnly(user, info)
  const changed = hasChanges(state.draft)
  const mode = params.get('review')
  const reviewMode = mode === 'generate' || mode === 'email' ? mode : null
  const addHost = params.get('addHost')
  const notice =
    params.get('action') === 'rehost'
      ? EDITOR_TEXTS.rehostUnsupported
      : viewOnly && ((reviewMode && changed) || addHost)
        ? NOT_ENOUGH_PERMISSIONS
        : null
  const listed = state.host ? [] : state.servers.filter((s) => s.state !== 'INACTIVE')
  const [review, associated, histories] = await Promise.all([
    reviewMode && !notice ? reviewOf(calls, customerNumber, state, reviewMode, today) : null,
    state.host ? associatedCustomers(calls, params.get('customerq') ?? '') : null,
    listed.length > 0
      ? fetchHistories(
          calls,
          customerNumber,
          listed.slice(0, MAX_SUMMARISED_HOSTS).map((s) => s.id),
        )
      : null,
  ])
  const summaryOf = (id: number) => {
    const history = histories?.ok ? histories.byHost.get(id) : undefined
    return history ? activationSummary(activeProducts(history.fulfillments)) : null
  }
  const saved = state.host ? readSaved(params) : null
  const fileHref = saved && state.host ? licenseHref(customerNumber, state.host) : null
  const serverSearch = params.get('serverq') ?? ''
  const emailScreen = { pathname: screenPath('emails'), searchParams: new URLSearchParams(), customerCount: null }
  const readsEmails = screenRedirect({ ...emailScreen, user, info, customerNumber }) === null
  const historyScreen = { ...emailScreen, pathname: screenPath('activationsHistory') }
  const readsHistory = screenRedirect({ ...historyScreen, user, info, customerNumber }) === null
  return {
    customerNumber,
    associated,
    addHost: addHost && !notice ? { triad: addHost === 'triad' } : null,
    serverSearch,
    hostList: listed.map((server) => ({ server, activated: summaryOf(server.id) })),
    inactiveCount: state.host ? 0 : state.servers.length - listed.length,
    historyHref: readsHistory
      ? `${screenPath('activationsHistory')}?${new URLSearchParams({ customer: customerNumber })}`
      : null,
    serverChoices: serverChoices(state.servers),
    host: state.host,
    tabs: state.tabs,
    tab: params.get('tab') ?? customerNumber,
    draft: state.draft,
    errors: state.errors,
    filter: { search: params.get('q') ?? '', picked: params.getAll('product') },
    borrowable: readBorrowable(params.getAll('borrowable'), state.host?.[BORROWABLE_FIELD] ?? false),
    notice,
    review,
    saved,
    fileHref,
    /** Generate ends with the file; Email has sent it, and its page keeps the link. */
    autoDownload: saved?.mode === 'generate' ? fileHref : null,
    emailsHref:
      saved?.mode === 'email' && readsEmails ? `/emails?${new URLSearchParams({ customer: customerNumber })}` : null,
  }
}

type ActionResult = { notice: string } | { save: SaveResult } | { addHost: AddHostState }

const ADD_HOST_INTENTS = new Set(['addHost', 'upload'])

export async function action({ request, context }: ActionFunctionArgs) {
  if (ADD_HOST_INTENTS.has(String((await request.clone().formData()).get('intent')))) {
    const outcome = await addHostAction(request, context)
    if (outcome instanceof Response) return outcome
    if ('notice' in outcome) return data<ActionResult>({ notice: outcome.notice }, outcome.status)
    return data<ActionResult>({ addHost: outcome.state }, outcome.status)
  }
  const prepared = await prepareSave(request, context)
  if (prepared.refused) return data<ActionResult>({ notice: prepared.refused.notice }, prepared.refused.status)
  if (prepared.review !== undefined) return redirect(`${new URL(request.url).pathname}${prepared.review}`)
  const { save, landing } = await prepared.run()
  if (!landing) return data<ActionResult>({ save }, 502)
  return redirect(`${new URL(request.url).pathname}${landing}`)
}

export default function ActivationsRoute() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ActionResult | undefined
  const { customerNumber, host, tabs, draft, errors, review, filter } = page
  const changed = hasChanges(draft)
  const labels = actionLabels(changed)
  const hostParams: [string, string][] = host
    ? [
        ['customer', customerNumber],
        ['id', String(host.id)],
      ]
    : [['customer', customerNumber]]
  const extraTabs = tabs.map((t) => t.customerNumber).filter((t) => t !== customerNumber)
  const keep: [string, string][] = [
    ...hostParams,
    ...(extraTabs.length ? [['tabs', extraTabs.join(',')] as [string, string]] : []),
  ]
  const shown = tabs.find((t) => t.customerNumber === page.tab) ?? tabs[0]
  // The draft of rows this form does not show (other tabs, rows filtered out) travels as hidden fields.
  const shownAvailable = new Set(
    (shown?.available ?? [])
      .filter((r) => matchesProduct(r, filter.search) && matchesPicked(r, filter.picked))
      .map((r) => rowKey(shown!.customerNumber, r.ActivationId)),
  )
  const hiddenDraft = draftParams(draft).filter(([name, value]) => {
    if (name === 'remove') return true
    const key = name.startsWith('n.') ? name.slice(2) : value
    return !shownAvailable.has(key)
  })
  const borrowableParam: [string, string][] = page.borrowable ? [['borrowable', '1']] : [['borrowable', '0']]
  const draftHref = `?${new URLSearchParams([...keep, ...draftParams(draft), ...borrowableParam])}`
  const addHref = `?${new URLSearchParams({ customer: customerNumber, addHost: '1' })}`
  const lines = changeLines(
    draft,
    tabs.filter((t) => !t.denied),
  )
  const autoApply = useAutoApply()
  const liveSave = useLiveSave({ customerNumber, clearHref: `?${new URLSearchParams(keep)}` })

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Activate Entitlements
      </h1>

      {host ? (
        <div className="flex flex-wrap items-end gap-2">
          <ServerPicker
            customerNumber={customerNumber}
            search={page.serverSearch}
            choices={page.serverChoices}
            selected={host.id}
          />
          <Link to={addHref} className={button}>
            Add server
          </Link>
        </div>
      ) : (
        <HostList
          customerNumber={customerNumber}
          hosts={page.hostList}
          search={page.serverSearch}
          inactiveCount={page.inactiveCount}
          addHref={addHref}
          historyHref={page.historyHref}
        />
      )}
      {page.addHost ? (
        <AddHostSection
          customerNumber={customerNumber}
          triad={page.addHost.triad}
          state={result && 'addHost' in result ? result.addHost : null}
        />
      ) : null}

      {page.notice ? (
        <EditorNotice
          text={page.notice}
          okHref={page.notice === NOT_ENOUGH_PERMISSIONS ? draftHref : `?${new URLSearchParams(hostParams)}`}
        />
      ) : null}
      {result && 'notice' in result ? <EditorNotice text={result.notice} okHref={draftHref} /> : null}
      {result && 'save' in result ? (
        <SaveOutcome save={result.save} fileHref="" clearHref={`?${new URLSearchParams(keep)}`} />
      ) : null}
      {page.saved && page.fileHref ? (
        <SaveOutcome
          save={{ stages: page.saved.stages, ok: true, fileName: page.saved.fileName }}
          fileHref={page.fileHref}
          emailsHref={page.emailsHref}
          clearHref={`?${new URLSearchParams(hostParams)}`}
        />
      ) : null}

      {liveSave.dialog}
      {host && shown ? (
        <>
          <div className="space-y-1">
            <h2 className="text-xl font-semibold break-words">
              {host.name.replaceAll(',', ', ')}{' '}
              <span className="text-base font-normal break-all text-gray-700">({hostIdLabel(host)})</span>
            </h2>
            <p className="text-sm">
              <a href={licenseHref(customerNumber, host)} className="text-brand-700 underline" download>
                Download the current licence file
              </a>
            </p>
          </div>
          {page.associated?.manyAccounts ? (
            <AssociatedCustomers
              customerNumber={customerNumber}
              params={[...keep, ['tab', shown.customerNumber], ...draftParams(draft), ...borrowableParam]}
              extra={extraTabs}
              search={page.associated.search}
            />
          ) : null}
          {review ? (
            <ReviewPanel
              review={review}
              keep={keep}
              draft={[...draftParams(draft), ...borrowableParam]}
              hostName={host.name}
              hostId={host.serverId}
              onSubmit={liveSave.onSubmit}
            />
          ) : null}
          <Form
            method="get"
            id="editor"
            className="space-y-4"
            noValidate
            onSubmit={(event) => {
              autoApply.cancel()
              liveSave.onSubmit(event)
            }}
            onChange={autoApply.onChange}
          >
            <Hidden entries={[...keep, ['tab', shown.customerNumber], ...hiddenDraft]} />
            {/* The form's default button (Enter in a field): applies the selection, not the first Undo below. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true">
              Update selection
            </button>
            {page.associated?.manyAccounts ? (
              <CustomerTabs
                tabs={tabs.map((t) => t.customerNumber)}
                shown={shown.customerNumber}
                selected={customerNumber}
                params={[...keep, ...draftParams(draft)]}
              />
            ) : null}
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
              <div className="lg:sticky lg:top-4 lg:order-last">
                <ChangesToSave lines={lines} errors={errors}>
                  <div>
                    <input type="hidden" name="borrowable" value="0" />
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="borrowable" value="1" defaultChecked={page.borrowable} />
                      Borrowable
                    </label>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {changed ? (
                      <>
                        <button type="submit" name="review" value="generate" className={primary}>
                          {labels.generate}
                        </button>
                        <button type="submit" name="review" value="email" className={button}>
                          {labels.email}
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="submit" formMethod="post" name="intent" value="generate" className={primary}>
                          {labels.generate}
                        </button>
                        <button type="submit" formMethod="post" name="intent" value="email" className={button}>
                          {labels.email}
                        </button>
                      </>
                    )}
                    <Link to={`?${new URLSearchParams(hostParams)}`} className={cancelLink}>
                      Cancel
                    </Link>
                  </div>
                </ChangesToSave>
              </div>
              <div className="min-w-0 space-y-6">
                {shown.denied ? (
                  <NoticeBox kind="error" title={shown.denied} />
                ) : (
                  <>
                    <ProductFilter tab={shown} filter={filter} />
                    <AssignedTable tab={shown} draft={draft} filter={filter} />
                    <AvailableTable tab={shown} draft={draft} errors={errors} filter={filter} />
                    <button type="submit" className={button}>
                      Update selection
                    </button>
                  </>
                )}
              </div>
            </div>
          </Form>
        </>
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
