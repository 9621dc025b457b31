import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { readOrThrow, refused, requireWebScreen } from '../web/web-screen.server'
import { userIdByEmail } from '../web/find-record.server'
import { readForm, userForm } from '../web/web-forms.server'
import { Field, IntentForm, SubmitButton, WebFormError, useWebActionData } from '../web/web-form'
import { webPageName } from '../web/web-titles'
import { redirectWithFlash } from '../guards/screen.server'
import { WEB_LICENSE_MODEL, WEB_ROLES, webRoleLabel } from '../domain/web-licenses'
import { dayText, momentText } from '../domain/date-format'
import { askConfirmation, ConfirmStep, isConfirmed } from '../ui/confirm-step'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

export const meta = screenMeta<typeof loader>((loaded) => webPageName(loaded ? `User ${loaded.user.email}` : null))

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webUser')
  const userId = await userIdByEmail(screen, params.email ?? '')
  const detail = readOrThrow(await screen.calls.user(screen.customerNumber, userId))
  return {
    ...detail,
    checkouts: detail.checkouts.map((c) => ({
      ...c,
      started: momentText(c.startedAt),
      leaseEnds: momentText(c.leaseExpiresAt),
    })),
    viewOnly: screen.viewOnly,
    href: screen.href('users', detail.user.email),
    groupHref: Object.fromEntries(detail.groups.map((g) => [g.id, screen.href('groups', g.name)])),
    entitlementHref: Object.fromEntries(
      detail.entitlements.map((e) => [e.activationId, screen.href('entitlements', e.activationId)]),
    ),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webUser')
  const userId = await userIdByEmail(screen, params.email ?? '')
  const formData = await request.formData()
  const submission = readForm(formData, userForm)
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    return data({ intent, result: submission.reply(), confirmation: null }, { status: 400 })
  }
  const v = submission.value
  const reply = (errors: { formErrors: string[] }) => submission.reply(errors)
  if (v.intent === 'change') {
    const changed = await screen.calls.changeUser(screen.customerNumber, userId, { name: v.name, role: v.role })
    if (changed.status !== 'SUCCESS') return refused(v.intent, reply, changed)
    return redirectWithFlash(screen.session, context, screen.href('users', changed.data.email), {
      type: 'success',
      message: `${changed.data.name} is now a ${webRoleLabel(changed.data.role)}.`,
    })
  }
  const removed = await screen.calls.removeUser(screen.customerNumber, userId, isConfirmed(formData))
  if (removed.status !== 'SUCCESS' && removed.httpStatus === 409) {
    // A named seat or a running session would be lost: the API says which; the user confirms it.
    return data(
      {
        intent: v.intent,
        result: submission.reply(),
        ...askConfirmation(removed.err, { intent: 'remove' }, undefined, { danger: true }),
      },
      { status: 409 },
    )
  }
  if (removed.status !== 'SUCCESS') return refused(v.intent, reply, removed)
  const ended = removed.data.endedCheckouts
  return redirectWithFlash(screen.session, context, screen.href('users'), {
    type: 'success',
    message: `${params.email ?? ''} has been removed${ended > 0 ? `; ${ended} running session${ended === 1 ? '' : 's'} ended` : ''}.`,
  })
}

const THROUGH = { seat: 'Named seat', group: 'Through group', everyone: 'Open to every web user' } as const

export default function WebUserRoute() {
  const { user, groups, entitlements, checkouts, viewOnly, href, groupHref, entitlementHref } =
    useLoaderData<typeof loader>()
  const confirmation = useWebActionData()?.confirmation
  return (
    <section aria-labelledby="page-title" className="max-w-4xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold break-words">
        {user.name}
      </h1>
      <ConfirmStep confirmation={confirmation} action={href} noHref={href} />
      <WebFormError />
      <p className="break-words">
        {user.email}, {webRoleLabel(user.role)}
      </p>

      <section aria-labelledby="groups-title" className="space-y-2">
        <h2 id="groups-title" className="text-lg font-semibold">
          Groups
        </h2>
        {groups.length === 0 ? (
          <p>A member of no group.</p>
        ) : (
          <ul className="list-inside list-disc">
            {groups.map((g) => (
              <li key={g.id}>
                <Link to={groupHref[g.id] ?? '#'} className="underline">
                  {g.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="licences-title" className="space-y-2">
        <h2 id="licences-title" className="text-lg font-semibold">
          Licences
        </h2>
        {entitlements.length === 0 ? (
          <p>This user may use no web licence.</p>
        ) : (
          <ul className="list-inside list-disc">
            {entitlements.map((e) => (
              <li key={`${e.activationId}-${e.through}-${e.group ?? ''}`}>
                <Link to={entitlementHref[e.activationId] ?? '#'} className="underline">
                  {e.productName}
                </Link>{' '}
                ({WEB_LICENSE_MODEL[e.type]}): {THROUGH[e.through]}
                {e.group ? ` ${e.group}` : ''}
                {e.endDate ? `, until ${dayText(e.endDate)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sessions-title" className="space-y-2">
        <h2 id="sessions-title" className="text-lg font-semibold">
          Current Sessions
        </h2>
        {checkouts.length === 0 ? (
          <p>No running session.</p>
        ) : (
          <ul className="list-inside list-disc">
            {checkouts.map((c) => (
              <li key={c.checkoutId}>
                {c.productName} on {c.clientHost || 'an unnamed machine'}, since {c.started} UTC (lease until{' '}
                {c.leaseEnds} UTC)
              </li>
            ))}
          </ul>
        )}
      </section>

      {viewOnly ? (
        <p className="text-sm text-gray-700">You have view-only access: the user cannot be changed.</p>
      ) : (
        <>
          <IntentForm intent="change" action={href} className="space-y-3 rounded border border-gray-300 bg-white p-4">
            <h2 className="text-lg font-semibold">Name and Role</h2>
            <Field intent="change" name="name" label="Name" defaultValue={user.name} />
            <div className="space-y-1">
              <label htmlFor="change-role" className="block font-medium">
                Role
              </label>
              <select id="change-role" name="role" className="input" defaultValue={user.role}>
                {WEB_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {webRoleLabel(role)}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton>Save</SubmitButton>
          </IntentForm>
          <IntentForm intent="remove" action={href} className="space-y-2">
            <h2 className="text-lg font-semibold">Remove the User</h2>
            <p className="text-sm text-gray-700">Their running sessions end at once and their named seats are freed.</p>
            <SubmitButton secondary>Remove User</SubmitButton>
          </IntentForm>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
