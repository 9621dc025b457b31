/**
 * Web > Assignments, the flagged variant (issue 35, decision 0028): the assignment matrix.
 * Users by web entitlements; an administrator ticks and unticks named seats for many people
 * and saves once. A save made over someone else's change is refused and the page shows what
 * is stored now with the user's ticks put back.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { redirectWithFlash, requireCustomerScreen } from '../guards/screen.server'
import { MATRIX_MESSAGES } from '../domain/web-matrix'
import { loadMatrix } from '../web-matrix/load.server'
import { readMatrixForm, saveMatrix, type PendingTicks } from '../web-matrix/save.server'
import { matrixPageHref, matrixQuery } from '../web-matrix/matrix-href'
import { MatrixForm } from '../web-matrix/matrix-form'
import { FlashPanel } from '../ui/shell/flash-panel'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'

export const meta = screenMeta(screenTitle('webAssignmentsV2'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, 'webAssignmentsV2')
  return loadMatrix(screen, new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, 'webAssignmentsV2')
  const back = matrixPageHref(screen.href, matrixQuery(new URL(request.url)))
  const changes = readMatrixForm(await request.formData())
  if (!changes) return data({ messages: [MATRIX_MESSAGES.badForm], pending: {} as PendingTicks }, { status: 400 })
  const outcome = await saveMatrix(screen, changes)
  if (outcome.kind === 'nothing') {
    return redirectWithFlash(screen.session, context, back, { type: 'warning', message: MATRIX_MESSAGES.nothing })
  }
  if (outcome.kind === 'saved') {
    return redirectWithFlash(screen.session, context, back, {
      type: 'success',
      message: MATRIX_MESSAGES.saved(outcome.columns),
    })
  }
  return data({ messages: outcome.messages, pending: outcome.pending }, { status: outcome.status })
}

// A refused save (409, 400) still reads the matrix again: the page shows what is stored now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || actionStatus === 400 || defaultShouldRevalidate

export default function WebAssignmentMatrixRoute() {
  const matrix = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const { query, total, pageSize, href } = matrix
  const pending = refused?.pending ?? {}
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const offset = (query.page - 1) * pageSize
  const first = matrix.users.length === 0 ? 0 : offset + 1
  const last = offset + matrix.users.length
  const customer = new URL(href, 'http://portal').searchParams.get('customer') ?? ''
  // What is stored and the ticks put back draw a fresh form.
  const formKey = JSON.stringify([matrix.columns.map((c) => c.direct), pending, query])

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Assignments
      </h1>
      <p className="max-w-3xl">
        Tick a user under a named-user licence to give the user a seat, untick to free it, then save once for the page.
        Shared web licences say who may take a seat; they are assigned to groups.
      </p>
      {refused ? refused.messages.map((m) => <FlashPanel key={`${formKey}${m}`} type="error" message={m} />) : null}
      <Form method="get" action={new URL(href, 'http://portal').pathname} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="customer" value={customer} />
        <label className="flex flex-col text-sm">
          <span>Find users by name, e-mail or group</span>
          <input type="search" name="q" defaultValue={query.q} className="input w-72 max-w-full" maxLength={200} />
        </label>
        <button type="submit" className="btn-secondary">
          Find
        </button>
      </Form>
      <MatrixForm key={formKey} matrix={matrix} pending={pending} />
      <nav aria-label="Pages of users" className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          Users {first}–{last} of {total}
        </span>{' '}
        {query.page > 1 ? (
          // A page past the end (the users found shrank) goes back to the last one.
          <Link to={matrixPageHref(href, { ...query, page: Math.min(query.page - 1, pages) })}>Previous page</Link>
        ) : null}{' '}
        {query.page < pages ? (
          <Link to={matrixPageHref(href, { ...query, page: query.page + 1 })}>Next page</Link>
        ) : null}
      </nav>
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
