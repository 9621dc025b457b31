/**
 * Activate Entitlements (spec 3, "Host activations editor"): pick one of the
 * customer's licence hosts, mark assigned entitlements for removal and pick
 * available ones with their counts, review what will change (with the licence
 * file's lines added and removed), then save: the stages of the save flow run
 * on the server and the page lists each one's outcome, ending with the file.
 *
 * Every step before the save is a GET: the draft lives in the address
 * (`remove=`, `add=` and `n.<key>=`), so the editor works without JavaScript
 * and nothing is written until Ok.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../portal/screen-guard.server'
import { activationCalls } from '../upstream/activations.server'
import { loadEditor, type EditorState } from '../activations/load-editor.server'
import { runSave, type SaveResult } from '../activations/save-flow.server'
import {
  actionLabels,
  applyOp,
  draftParams,
  EDITOR_TEXTS,
  hasChanges,
  maintenanceBlocked,
  matchesProduct,
  matchesServer,
  operationsFor,
  readOp,
  rowKey,
  serverLabel,
  splitKey,
} from '../domain/activation-editor'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  BORROWABLE_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  type FulfillmentOperation,
} from '../domain/activation-types'
import { licenceDiff, type DiffLine } from '../domain/licence-diff'
import { todayUtc } from '../domain/entitlements'
import { isViewOnly } from '../domain/permissions'
import { screenName } from '../domain/page-title'
import { ScreenErrorBoundary } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { TableScroll } from '../ui/table-scroll'

const SCREEN = '/activations'
const MAX_SERVER_RESULTS = 50

export const meta = screenMeta(screenName(SCREEN))

interface Review {
  changes: Record<string, FulfillmentOperation[]>
  blocked: string[]
  warn: boolean
  diff: DiffLine[]
  mode: 'generate' | 'email'
}

async function reviewOf(
  calls: ReturnType<typeof activationCalls>,
  customerNumber: string,
  state: EditorState,
  mode: Review['mode'],
  today: string,
): Promise<Review | null> {
  const { host, tabs, draft, errors } = state
  if (!host || !hasChanges(draft) || Object.keys(errors).length > 0) return null
  const changes = Object.fromEntries(
    tabs.filter((t) => !t.denied).map((t) => [t.customerNumber, operationsFor(draft, t)]),
  )
  const blocked = tabs.flatMap((t) =>
    maintenanceBlocked(changes[t.customerNumber] ?? [], t.rows, today).map(
      (r) => `${r.ProductName} (${r.ActivationId})`,
    ),
  )
  const [override, preview] = await Promise.all([
    calls.override(customerNumber, host),
    calls.preview({ customerNumber, serverId: host.serverId, serverIdType: host.serverIdType, changes }),
  ])
  const diff = preview.status === 'SUCCESS' ? licenceDiff(preview.data.current, preview.data.proposed) : []
  return { changes, blocked, warn: override.status === 'SUCCESS' && override.data.warn, diff, mode }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, SCREEN)
  const url = new URL(request.url)
  const params = url.searchParams
  const calls = activationCalls(api)
  const today = todayUtc()
  const state = await loadEditor(calls, customerNumber, params, today)
  const op = readOp(params.get('op'))
  if (op) {
    // The editing buttons change the draft and land on the address without the button.
    const next = new URLSearchParams([...params].filter(([name]) => !/^(op|remove|add|n\..*)$/.test(name)))
    for (const [name, value] of draftParams(applyOp(state.draft, op, state.tabs))) next.append(name, value)
    throw redirect(`${url.pathname}?${next}`)
  }
  const serverSearch = params.get('serverq') ?? ''
  const mode = params.get('review')
  const review =
    mode === 'generate' || mode === 'email' ? await reviewOf(calls, customerNumber, state, mode, today) : null
  return {
    customerNumber,
    viewOnly: isViewOnly(user, info),
    serverSearch,
    serverResults: state.servers.filter((s) => matchesServer(s, serverSearch)).slice(0, MAX_SERVER_RESULTS),
    host: state.host,
    tabs: state.tabs,
    tab: params.get('tab') ?? customerNumber,
    draft: state.draft,
    errors: state.errors,
    productSearch: params.get('q') ?? '',
    review,
  }
}

type ActionResult = { notice: string } | { save: SaveResult; serverId: string; serverIdType: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, SCREEN)
  const form = new URLSearchParams(
    [...(await request.formData())].map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : '']),
  )
  const calls = activationCalls(api)
  const today = todayUtc()
  const state = await loadEditor(calls, customerNumber, form, today)
  const changed = hasChanges(state.draft)
  if (changed && isViewOnly(user, info)) return data<ActionResult>({ notice: NOT_ENOUGH_PERMISSIONS }, 403)
  if (!state.host) return data<ActionResult>({ notice: EDITOR_TEXTS.noServer }, 404)
  if (Object.keys(state.errors).length > 0) {
    return data<ActionResult>({ notice: Object.values(state.errors)[0] }, 400)
  }
  const changes = Object.fromEntries(
    state.tabs.filter((t) => !t.denied).map((t) => [t.customerNumber, operationsFor(state.draft, t)]),
  )
  if (state.tabs.some((t) => maintenanceBlocked(changes[t.customerNumber] ?? [], t.rows, today).length > 0)) {
    return data<ActionResult>({ notice: `${EDITOR_TEXTS.maintenanceExpired} ${EDITOR_TEXTS.unselect}` }, 409)
  }
  const save = await runSave(calls, {
    customerNumber,
    host: state.host,
    changes: changed ? changes : { [customerNumber]: [] },
    borrowable: form.get('borrowable') === 'on',
    email: form.get('intent') === 'email',
  })
  return data<ActionResult>(
    { save, serverId: state.host.serverId, serverIdType: state.host.serverIdType },
    save.ok ? 200 : 502,
  )
}

function Hidden({ entries }: { entries: [string, string][] }) {
  return entries.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />)
}

const button = 'rounded border border-gray-400 px-3 py-1 text-sm hover:bg-gray-100'
const primary = 'rounded bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800'

export default function ActivationsRoute() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ActionResult | undefined
  const { customerNumber, host, tabs, draft, errors, review } = page
  const changed = hasChanges(draft)
  const labels = actionLabels(changed)
  const hostParams: [string, string][] = host
    ? [
        ['customer', customerNumber],
        ['id', String(host.id)],
      ]
    : []
  const openTabs = tabs.map((t) => t.customerNumber)
  const extraTabs = openTabs.filter((t) => t !== customerNumber)
  const keep: [string, string][] = [
    ...hostParams,
    ...(extraTabs.length ? [['tabs', extraTabs.join(',')] as [string, string]] : []),
  ]
  const shown = tabs.find((t) => t.customerNumber === page.tab) ?? tabs[0]
  const otherDraft = draftParams(draft).filter(([name, value]) => {
    const key = name.startsWith('n.') ? name.slice(2) : value
    return splitKey(key)?.customerNumber !== shown?.customerNumber
  })
  const hostRef = host
    ? `serverId=${encodeURIComponent(host.serverId)}&serverIdType=${encodeURIComponent(host.serverIdType)}`
    : ''

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Activate Entitlements
      </h1>

      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Server search">
        <input type="hidden" name="customer" value={customerNumber} />
        <label className="flex flex-col text-sm">
          Server
          <input
            name="serverq"
            type="search"
            defaultValue={page.serverSearch}
            className="mt-1 w-72 max-w-full rounded border border-gray-400 px-2 py-1"
          />
        </label>
        <button type="submit" className={button}>
          Search
        </button>
      </Form>
      {!host || page.serverSearch ? (
        page.serverResults.length === 0 ? (
          <p>{EDITOR_TEXTS.noServer}</p>
        ) : (
          <ul aria-label="Servers" className="space-y-1">
            {page.serverResults.map((s) => (
              <li key={s.id}>
                <Link to={`?customer=${customerNumber}&id=${s.id}`} className="text-blue-800 underline break-all">
                  {serverLabel(s)}
                </Link>{' '}
                <span className="text-sm text-gray-700">{s.state}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {result && 'notice' in result ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3">
          <p>{result.notice}</p>
          <Link to={`?${new URLSearchParams(keep)}`} className="underline">
            Ok
          </Link>
        </div>
      ) : null}

      {result && 'save' in result ? <SaveOutcome result={result} customerNumber={customerNumber} keep={keep} /> : null}

      {host && shown ? (
        <>
          <h2 className="text-xl font-semibold break-all">{serverLabel(host)}</h2>
          {review ? (
            <ReviewPanel
              review={review}
              keep={keep}
              draft={draftParams(draft)}
              hostId={host.serverId}
              borrowable={host[BORROWABLE_FIELD]}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Link to={`?${new URLSearchParams(hostParams)}`} className={button}>
              Cancel
            </Link>
            {changed ? null : (
              <Form method="post" className="flex flex-wrap items-center gap-2">
                <Hidden entries={keep} />
                <label className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name="borrowable" defaultChecked={host[BORROWABLE_FIELD]} /> Borrowable
                </label>
                <button type="submit" name="intent" value="generate" className={primary}>
                  {labels.generate}
                </button>
                <button type="submit" name="intent" value="email" className={button}>
                  {labels.email}
                </button>
              </Form>
            )}
          </div>
          {tabs.length > 1 ? (
            <nav aria-label="Customers">
              <ul className="flex flex-wrap gap-2">
                {tabs.map((t) => (
                  <li key={t.customerNumber}>
                    <Link
                      to={`?${new URLSearchParams([...keep, ['tab', t.customerNumber], ...draftParams(draft)])}`}
                      aria-current={t === shown ? 'page' : undefined}
                      className={t === shown ? 'font-semibold underline' : 'underline'}
                    >
                      {t.customerNumber}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {shown.denied ? (
            <p role="alert">{shown.denied}</p>
          ) : (
            <Form method="get" id="editor" className="space-y-4" noValidate>
              <Hidden entries={[...keep, ['tab', shown.customerNumber], ...otherDraft]} />
              {draft.remove
                .filter((key) => splitKey(key)?.customerNumber === shown.customerNumber)
                .map((key) => (
                  <input key={key} type="hidden" name="remove" value={key} />
                ))}
              <div className="flex flex-wrap items-end gap-2">
                <label className="flex flex-col text-sm">
                  Product
                  <input
                    name="q"
                    type="search"
                    defaultValue={page.productSearch}
                    placeholder={EDITOR_TEXTS.productSearch}
                    className="mt-1 w-72 max-w-full rounded border border-gray-400 px-2 py-1"
                  />
                </label>
                <button type="submit" className={button}>
                  Filter
                </button>
              </div>
              <AssignedTable tab={shown} draft={draft} search={page.productSearch} />
              <AvailableTable tab={shown} draft={draft} errors={errors} search={page.productSearch} />
              {changed ? (
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="review" value="generate" className={primary}>
                    {labels.generate}
                  </button>
                  <button type="submit" name="review" value="email" className={button}>
                    {labels.email}
                  </button>
                </div>
              ) : (
                <button type="submit" className={button}>
                  Update selection
                </button>
              )}
            </Form>
          )}
          {hostRef ? (
            <p className="text-sm">
              <a href={`/activations/licence?customer=${customerNumber}&${hostRef}`} className="underline" download>
                Download the current licence file
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

function HeaderRow({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className="px-2 text-left">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** Product name above the activation id. */
function EntitlementCell({ row }: { row: { ProductName: string; ActivationId: string } }) {
  return (
    <td className="px-2">
      {row.ProductName}
      <span className="block text-xs text-gray-700">{row.ActivationId}</span>
    </td>
  )
}

type Tab = ReturnType<typeof useLoaderData<typeof loader>>['tabs'][number]
type Draft = ReturnType<typeof useLoaderData<typeof loader>>['draft']

function AssignedTable({ tab, draft, search }: { tab: Tab; draft: Draft; search: string }) {
  const rows = tab.assigned.filter((r) => matchesProduct(r, search))
  return (
    <details open className="rounded border border-gray-300 p-2">
      <summary className="cursor-pointer font-semibold">Assigned Entitlements</summary>
      <div className="my-2 flex gap-2">
        <button type="submit" name="op" value={`remove-all:${tab.customerNumber}`} className={button}>
          Remove All
        </button>
        <button type="submit" name="op" value={`undo-all:${tab.customerNumber}`} className={button}>
          Undo All
        </button>
      </div>
      <TableScroll label="Assigned Entitlements table">
        <table className="min-w-full text-sm">
          <HeaderRow names={['Entitlement', 'Activated', 'Expiration Date', 'Action']} />
          <tbody>
            {rows.map((r) => {
              const key = rowKey(tab.customerNumber, r.ActivationId)
              const removed = draft.remove.includes(key)
              return (
                <tr key={key} className={removed ? 'line-through' : undefined}>
                  <EntitlementCell row={r} />
                  <td className="px-2">{r[ACTIVATED_FIELD]}</td>
                  <td className="px-2">{r.EndDate || 'PERMANENT'}</td>
                  <td className="px-2">
                    <button
                      type="submit"
                      name="op"
                      value={`${removed ? 'undo' : 'remove'}:${key}`}
                      className={button}
                      aria-label={`${removed ? 'Undo' : 'Remove'} ${r.ProductName} ${r.ActivationId}`}
                    >
                      {removed ? 'Undo' : 'Remove'}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableScroll>
    </details>
  )
}

function AvailableTable({
  tab,
  draft,
  errors,
  search,
}: {
  tab: Tab
  draft: Draft
  errors: Record<string, string>
  search: string
}) {
  const rows = tab.available.filter((r) => matchesProduct(r, search))
  // A picked entitlement that is no longer available (someone else took its count) has no row to show its error.
  const gone = Object.entries(errors).filter(
    ([key]) =>
      splitKey(key)?.customerNumber === tab.customerNumber &&
      !tab.available.some((r) => rowKey(tab.customerNumber, r.ActivationId) === key),
  )
  return (
    <details open className="rounded border border-gray-300 p-2">
      <summary className="cursor-pointer font-semibold">Available Entitlements</summary>
      {gone.length > 0 ? (
        <ul role="alert" className="my-2 text-red-800">
          {gone.map(([key, message]) => (
            <li key={key}>
              {splitKey(key)?.activationId}: {message}
            </li>
          ))}
        </ul>
      ) : null}
      {tab.available.length === 0 ? (
        <p className="my-2">{EDITOR_TEXTS.noNewEntitlements}</p>
      ) : (
        <>
          <div className="my-2">
            <button type="submit" name="op" value={`add-all:${tab.customerNumber}`} className={button}>
              Add All
            </button>
          </div>
          <TableScroll label="Available Entitlements table">
            <table className="min-w-full text-sm">
              <HeaderRow names={['Activate', 'Entitlement', 'Available', 'Count', 'Expiration Date']} />
              <tbody>
                {rows.map((r) => {
                  const key = rowKey(tab.customerNumber, r.ActivationId)
                  const picked = key in draft.add
                  const error = errors[key]
                  const errorId = `count-error-${key}`
                  return (
                    <tr key={key}>
                      <td className="px-2">
                        <input
                          type="checkbox"
                          name="add"
                          value={key}
                          defaultChecked={picked}
                          aria-label={`Activate ${r.ProductName} ${r.ActivationId}`}
                        />
                      </td>
                      <EntitlementCell row={r} />
                      <td className="px-2">{r[AVAILABLE_FIELD]}</td>
                      <td className="px-2">
                        <input
                          type="number"
                          name={`n.${key}`}
                          min={1}
                          max={r[AVAILABLE_FIELD]}
                          defaultValue={draft.add[key] ?? String(r[AVAILABLE_FIELD])}
                          aria-label={`Count of ${r.ProductName} ${r.ActivationId}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          className="w-20 rounded border border-gray-400 px-1"
                        />
                        {error ? (
                          <span id={errorId} className="block text-red-800">
                            {error}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-2">{r.EndDate || 'PERMANENT'}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </details>
  )
}

function ReviewPanel({
  review,
  keep,
  draft,
  hostId,
  borrowable,
}: {
  review: Review
  keep: [string, string][]
  draft: [string, string][]
  hostId: string
  /** The host's Borrowable flag, kept by the save. */
  borrowable: boolean
}) {
  return (
    <section aria-labelledby="review-title" className="space-y-3 rounded border border-blue-300 bg-blue-50 p-3">
      <h2 id="review-title" className="text-lg font-semibold">
        Confirm the changes
      </h2>
      {review.warn ? <p role="alert">{EDITOR_TEXTS.override}</p> : null}
      {Object.entries(review.changes).map(([customer, ops]) => (
        <section key={customer} aria-label={`Customer ${customer}`}>
          <h3 className="font-semibold">{customer}</h3>
          {ops.length === 0 ? (
            <p>{EDITOR_TEXTS.nothingToChange(hostId)}</p>
          ) : (
            <ul>
              {ops.map((op) => (
                <li key={op.id}>
                  {op.count > 0 ? `Activate ${op.count} of ${op.id}` : `Deactivate ${-op.count} of ${op.id}`}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {review.blocked.length > 0 ? (
        <div role="alert">
          <p>{EDITOR_TEXTS.maintenanceExpired}</p>
          <ul>
            {review.blocked.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p>{EDITOR_TEXTS.unselect}</p>
        </div>
      ) : null}
      <section aria-labelledby="diff-title">
        <h3 id="diff-title" className="font-semibold">
          Licence file changes
        </h3>
        <pre className="max-h-96 overflow-auto bg-white p-2 text-xs">
          {review.diff
            .filter((l) => l.kind !== 'same')
            .map((l, i) => (
              <span key={i} className={l.kind === 'added' ? 'block text-green-800' : 'block text-red-800'}>
                {l.kind === 'added' ? '+ ' : '- '}
                {l.text}
              </span>
            ))}
        </pre>
      </section>
      <div className="flex gap-2">
        <Link to={`?${new URLSearchParams([...keep, ...draft])}`} className={button}>
          Cancel
        </Link>
        {review.blocked.length === 0 ? (
          <Form method="post">
            <Hidden entries={[...keep, ...draft, ...(borrowable ? [['borrowable', 'on'] as [string, string]] : [])]} />
            <button type="submit" name="intent" value={review.mode} className={primary}>
              Ok
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  )
}

function SaveOutcome({
  result,
  customerNumber,
  keep,
}: {
  result: { save: SaveResult; serverId: string; serverIdType: string }
  customerNumber: string
  keep: [string, string][]
}) {
  const file = `/activations/licence?customer=${customerNumber}&serverId=${encodeURIComponent(result.serverId)}&serverIdType=${encodeURIComponent(result.serverIdType)}`
  return (
    <section aria-labelledby="save-title" className="space-y-2 rounded border border-gray-300 p-3">
      <h2 id="save-title" className="text-lg font-semibold">
        {result.save.ok ? 'Saved' : 'The save stopped'}
      </h2>
      <ol className="list-decimal pl-6">
        {result.save.stages.map((s) => (
          <li key={s.stage}>
            {s.text} {s.progress ?? ''} <strong>{s.status}</strong>
            {s.message ? <span className="block text-red-800">{s.message}</span> : null}
          </li>
        ))}
      </ol>
      {result.save.ok && result.save.fileName ? (
        <a href={file} download className="underline">
          Download {result.save.fileName}
        </a>
      ) : (
        <Link to={`?${new URLSearchParams(keep)}`} className="underline">
          Clear the error
        </Link>
      )}
    </section>
  )
}

export const ErrorBoundary = ScreenErrorBoundary
