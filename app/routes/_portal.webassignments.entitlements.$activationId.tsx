import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { readOrThrow, refused, requireWebScreen } from '../web/web-screen.server'
import { entitlementForm, readForm } from '../web/web-forms.server'
import { Field, IntentForm, SubmitButton, WebFormError } from '../web/web-form'
import { seatsText } from '../web/seats-text'
import { webPageName } from '../web/web-titles'
import { redirectWithFlash } from '../guards/screen.server'
import { DAY_INPUT_FORMAT, dayText } from '../domain/date-format'
import { WEB_LICENSE_MODEL, webTermLabel } from '../domain/web-licenses'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { MAX_PAGE_SIZE_FOR_CHOICES } from '../web/web-limits'

export const meta = screenMeta<typeof loader>((loaded) => webPageName(loaded?.entitlement.productName))

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webEntitlement')
  const detail = readOrThrow(await screen.calls.entitlement(screen.customerNumber, params.activationId ?? ''))
  const groups = screen.viewOnly
    ? []
    : readOrThrow(
        await screen.calls.groups.page(screen.customerNumber, {
          limit: MAX_PAGE_SIZE_FOR_CHOICES,
          sorting: [{ name: 'name', direction: 'asc' }],
        }),
      ).map((g) => ({ id: g.id, name: g.name }))
  const assigned = new Set(detail.assignedGroups.map((g) => g.id))
  return {
    ...detail,
    seatsText: seatsText(detail.entitlement),
    groupChoices: groups.filter((g) => !assigned.has(g.id)),
    viewOnly: screen.viewOnly,
    href: screen.href('entitlements', detail.entitlement.activationId),
    groupHref: Object.fromEntries(detail.assignedGroups.map((g) => [g.id, screen.href('groups', g.name)])),
    userHref: Object.fromEntries(detail.seats.map((s) => [s.id, screen.href('users', s.email)])),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webEntitlement')
  const activationId = params.activationId ?? ''
  const submission = readForm(await request.formData(), entitlementForm)
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    return data({ intent, result: submission.reply(), confirmation: null }, { status: 400 })
  }
  const v = submission.value
  const c = screen.customerNumber
  const reply =
    v.intent === 'assign-group'
      ? await screen.calls.assignGroup(c, activationId, v.groupId)
      : v.intent === 'unassign-group'
        ? await screen.calls.unassignGroup(c, activationId, v.groupId)
        : v.intent === 'assign-users'
          ? await screen.calls.assignUsers(c, activationId, v.emails, v.endDate ?? null)
          : await screen.calls.unassignUser(c, activationId, v.userId)
  if (reply.status !== 'SUCCESS') return refused(v.intent, (errors) => submission.reply(errors), reply)
  const product = reply.data.entitlement.productName
  const message =
    v.intent === 'assign-group'
      ? `${reply.data.assignedGroups.find((g) => g.id === v.groupId)?.name ?? 'The group'} may now use ${product}.`
      : v.intent === 'unassign-group'
        ? `${product} is no longer assigned to that group.`
        : v.intent === 'assign-users'
          ? `${v.emails.length === 1 ? `${v.emails[0]} has` : `${v.emails.length} users have`} a seat of ${product}.`
          : `The seat of ${product} has been taken back.`
  return redirectWithFlash(screen.session, context, screen.href('entitlements', activationId), {
    type: 'success',
    message,
  })
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

export default function WebEntitlementRoute() {
  const {
    entitlement: e,
    assignedGroups,
    seats,
    groupChoices,
    viewOnly,
    href,
    groupHref,
    userHref,
    ...page
  } = useLoaderData<typeof loader>()
  const shared = e.type === 'SHARED_WEB'
  return (
    <section aria-labelledby="page-title" className="max-w-4xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold break-words">
        {e.productName}
      </h1>
      <WebFormError />
      <dl className="space-y-2 rounded border border-gray-300 bg-white p-4">
        <Figure label="Type" value={WEB_LICENSE_MODEL[e.type]} />
        <Figure label="Seats" value={e.seats} />
        {shared ? <Figure label="In Use Now" value={e.inUse} /> : <Figure label="Held" value={e.holders} />}
        <Figure label={shared ? 'Free Now' : 'Allowed Number Left'} value={e.free} />
        <Figure label="Start" value={dayText(e.startDate)} />
        <Figure label="End" value={e.endDate ? dayText(e.endDate) : 'No end'} />
        <Figure label="Term" value={webTermLabel(e.termState)} />
        <Figure label="Activation ID" value={e.activationId} />
      </dl>
      <p data-testid="seats-left" className="font-medium">
        {page.seatsText}
      </p>

      <section aria-labelledby="groups-title" className="space-y-3">
        <h2 id="groups-title" className="text-lg font-semibold">
          Groups
        </h2>
        <p className="text-sm text-gray-700">
          {shared
            ? 'With no group, every web user of the customer may take a free seat; with groups, only their members may.'
            : 'Every member of an assigned group holds a seat.'}
        </p>
        {assignedGroups.length === 0 ? (
          <p>Assigned to no group.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded border border-gray-300 bg-white">
            {assignedGroups.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <Link to={groupHref[g.id] ?? '#'} className="font-medium break-words underline">
                  {g.name}
                </Link>
                {viewOnly ? null : (
                  <IntentForm intent="unassign-group" action={href}>
                    <input type="hidden" name="groupId" value={g.id} />
                    <SubmitButton secondary>
                      Remove<span className="sr-only"> group {g.name}</span>
                    </SubmitButton>
                  </IntentForm>
                )}
              </li>
            ))}
          </ul>
        )}
        {viewOnly ? null : groupChoices.length === 0 ? (
          <p className="text-sm text-gray-700">Every group of the customer is assigned already.</p>
        ) : (
          <IntentForm intent="assign-group" action={href} className="flex flex-wrap items-end gap-2">
            <div className="space-y-1">
              <label htmlFor="assign-group-groupId" className="block font-medium">
                Group
              </label>
              <select id="assign-group-groupId" name="groupId" className="input">
                {groupChoices.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton>Assign to Group</SubmitButton>
          </IntentForm>
        )}
      </section>

      {shared ? null : (
        <section aria-labelledby="seats-title" className="space-y-3">
          <h2 id="seats-title" className="text-lg font-semibold">
            Named Seats
          </h2>
          {seats.length === 0 ? (
            <p>No user has a seat of this licence directly.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded border border-gray-300 bg-white">
              {seats.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                  <span className="min-w-0 break-words">
                    <Link to={userHref[s.id] ?? '#'} className="font-medium underline">
                      {s.name}
                    </Link>{' '}
                    <span className="text-gray-700">
                      {s.email}, {s.endDate ? `until ${dayText(s.endDate)}` : 'for the whole term'}
                    </span>
                  </span>
                  {viewOnly ? null : (
                    <IntentForm intent="unassign-user" action={href}>
                      <input type="hidden" name="userId" value={s.id} />
                      <SubmitButton secondary>
                        Remove<span className="sr-only"> the seat of {s.email}</span>
                      </SubmitButton>
                    </IntentForm>
                  )}
                </li>
              ))}
            </ul>
          )}
          {viewOnly ? null : (
            <IntentForm
              intent="assign-users"
              action={href}
              className="space-y-3 rounded border border-gray-300 bg-white p-4"
            >
              <h3 className="font-semibold">Give Named Seats</h3>
              <Field
                intent="assign-users"
                name="emails"
                label="E-mail addresses"
                hint="Web users of this customer, one a line or separated by commas."
                type="textarea"
              />
              <Field
                intent="assign-users"
                name="endDate"
                label="Until (optional)"
                hint={`As ${DAY_INPUT_FORMAT}; leave empty for the whole term of the licence.`}
                type="day"
              />
              <SubmitButton>Give Seats</SubmitButton>
            </IntentForm>
          )}
        </section>
      )}
      {viewOnly ? (
        <p className="text-sm text-gray-700">You have view-only access: the assignments cannot be changed.</p>
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
