import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { readOrThrow, refused, requireWebScreen } from '../web/web-screen.server'
import { groupIdByName } from '../web/find-record.server'
import { groupForm, readForm } from '../web/web-forms.server'
import { Field, IntentForm, SubmitButton, WebFormError, useWebActionData } from '../web/web-form'
import { webPageName } from '../web/web-titles'
import { redirectWithFlash } from '../guards/screen.server'
import { webRoleLabel, WEB_LICENSE_MODEL } from '../domain/web-licenses'
import { askConfirmation, ConfirmStep, isConfirmed } from '../ui/confirm-step'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

export const meta = screenMeta<typeof loader>((loaded) => webPageName(loaded ? `Group ${loaded.group.name}` : null))

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webGroup')
  const groupId = await groupIdByName(screen, params.name ?? '')
  const detail = readOrThrow(await screen.calls.group(screen.customerNumber, groupId))
  return {
    ...detail,
    viewOnly: screen.viewOnly,
    href: screen.href('groups', detail.group.name),
    userHref: Object.fromEntries(detail.members.map((m) => [m.id, screen.href('users', m.email)])),
    entitlementHref: Object.fromEntries(
      detail.entitlements.map((e) => [e.activationId, screen.href('entitlements', e.activationId)]),
    ),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webGroup')
  const groupId = await groupIdByName(screen, params.name ?? '')
  const formData = await request.formData()
  const submission = readForm(formData, groupForm)
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    return data({ intent, result: submission.reply(), confirmation: null }, { status: 400 })
  }
  const v = submission.value
  const c = screen.customerNumber
  const here = screen.href('groups', params.name ?? '')
  const reply = (errors: { formErrors: string[] }) => submission.reply(errors)
  if (v.intent === 'delete') {
    const removed = await screen.calls.removeGroup(c, groupId, isConfirmed(formData))
    if (removed.status !== 'SUCCESS' && removed.httpStatus === 409) {
      // A group with members or assignments: the API says what would go; the user confirms it.
      return data(
        {
          intent: v.intent,
          result: submission.reply(),
          ...askConfirmation(removed.err, { intent: 'delete' }, undefined, { danger: true }),
        },
        { status: 409 },
      )
    }
    if (removed.status !== 'SUCCESS') return refused(v.intent, reply, removed)
    return redirectWithFlash(screen.session, context, screen.href('groups'), {
      type: 'success',
      message: `The group ${params.name ?? ''} has been deleted.`,
    })
  }
  if (v.intent === 'rename') {
    const changed = await screen.calls.changeGroup(c, groupId, v.name, v.description)
    if (changed.status !== 'SUCCESS') return refused(v.intent, reply, changed)
    return redirectWithFlash(screen.session, context, screen.href('groups', changed.data.name), {
      type: 'success',
      message: `The group ${changed.data.name} has been saved.`,
    })
  }
  if (v.intent === 'add-members') {
    const added = await screen.calls.addMembers(c, groupId, v.emails)
    if (added.status !== 'SUCCESS') return refused(v.intent, reply, added)
    const { added: n, alreadyMembers } = added.data
    const message = `${n === 1 ? '1 member' : `${n} members`} added${alreadyMembers > 0 ? `; ${alreadyMembers} already in the group` : ''}.`
    return redirectWithFlash(screen.session, context, here, { type: 'success', message })
  }
  const removed = await screen.calls.removeMember(c, groupId, v.userId)
  if (removed.status !== 'SUCCESS') return refused(v.intent, reply, removed)
  return redirectWithFlash(screen.session, context, here, {
    type: 'success',
    message: 'The member has been taken out of the group.',
  })
}

export default function WebGroupRoute() {
  const { group, members, entitlements, viewOnly, href, userHref, entitlementHref } = useLoaderData<typeof loader>()
  const confirmation = useWebActionData()?.confirmation
  return (
    <section aria-labelledby="page-title" className="max-w-4xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold break-words">
        Group {group.name}
      </h1>
      <ConfirmStep confirmation={confirmation} action={href} noHref={href} />
      <WebFormError />
      {group.description ? <p>{group.description}</p> : null}

      <section aria-labelledby="licences-title" className="space-y-2">
        <h2 id="licences-title" className="text-lg font-semibold">
          Licences
        </h2>
        {entitlements.length === 0 ? (
          <p>No licence is assigned to this group.</p>
        ) : (
          <ul className="list-inside list-disc">
            {entitlements.map((e) => (
              <li key={e.activationId}>
                <Link to={entitlementHref[e.activationId] ?? '#'} className="underline">
                  {e.productName}
                </Link>{' '}
                ({WEB_LICENSE_MODEL[e.type]})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-lg font-semibold">
          Members ({members.length})
        </h2>
        {members.length === 0 ? (
          <p>The group has no members.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded border border-gray-300 bg-white">
            {members.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span className="min-w-0 break-words">
                  <Link to={userHref[m.id] ?? '#'} className="font-medium underline">
                    {m.name}
                  </Link>{' '}
                  <span className="text-gray-700">
                    {m.email}, {webRoleLabel(m.role)}
                  </span>
                </span>
                {viewOnly ? null : (
                  <IntentForm intent="remove-member" action={href}>
                    <input type="hidden" name="userId" value={m.id} />
                    <SubmitButton secondary>
                      Remove<span className="sr-only"> {m.email} from the group</span>
                    </SubmitButton>
                  </IntentForm>
                )}
              </li>
            ))}
          </ul>
        )}
        {viewOnly ? null : (
          <IntentForm
            intent="add-members"
            action={href}
            className="space-y-3 rounded border border-gray-300 bg-white p-4"
          >
            <h3 className="font-semibold">Add Members</h3>
            <Field
              intent="add-members"
              name="emails"
              label="E-mail addresses"
              hint="Web users of this customer, one a line or separated by commas."
              type="textarea"
            />
            <SubmitButton>Add Members</SubmitButton>
          </IntentForm>
        )}
      </section>

      {viewOnly ? (
        <p className="text-sm text-gray-700">You have view-only access: the group cannot be changed.</p>
      ) : (
        <>
          <IntentForm intent="rename" action={href} className="space-y-3 rounded border border-gray-300 bg-white p-4">
            <h2 className="text-lg font-semibold">Rename</h2>
            <Field intent="rename" name="name" label="Name" defaultValue={group.name} />
            <Field intent="rename" name="description" label="Description (optional)" defaultValue={group.description} />
            <SubmitButton>Save</SubmitButton>
          </IntentForm>
          <IntentForm intent="delete" action={href} className="space-y-2">
            <h2 className="text-lg font-semibold">Delete the Group</h2>
            <p className="text-sm text-gray-700">Its members stay users of the customer.</p>
            <SubmitButton secondary>Delete Group</SubmitButton>
          </IntentForm>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
