/**
 * Licensing Portal Access (spec 1 sections 2.7, 4, 5 and 8): the customer's
 * contacts and their roles, which are the customer's portal access list. Rows are
 * added and removed with conform's list intents, so the screen works as plain HTML
 * forms; the list the user started from travels in a hidden field so the API can
 * refuse a save over someone else's.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import {
  ASSIGNABLE_ROLES,
  emailProblem,
  normalizeEmail,
  PORTAL_ACCESS_MESSAGES as M,
  ROLE_COORDINATOR,
  sameContacts,
  type Contact,
  type PortalAccessAuthority,
} from '../domain/portal-access'
import { parseBaseline, portalAccessFormSchema, saveBlockers, type FormIssue } from '../domain/portal-access-form'
import { useContactEmailCheck } from '../portal-access/contact-email-check'
import { FREE_EMAIL_DOMAINS } from '../domain/free-email-domains.server'
import { parseWithZod } from '../request/parse-form.server'
import { withReauth } from '../request/context.server'
import { failureStatus } from '../api-client/portal-access.server'
import { redirectWithFlash, requirePortalAccessScreen } from '../guards/screen.server'
import { withCustomer } from '../ui/customer-href'
import { EditableList, EditableListCell, EditableListRow } from '../ui/editable-list'
import { FlashPanel } from '../ui/shell/flash-panel'
import { UnsavedChangesGuard } from '../ui/unsaved-changes'
import { useHydrated } from '../ui/use-hydrated'
import { parseWithSchema } from '../ui/parse-with-schema'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle, screenPath } from '../screens/registry'

const FORM_ID = 'portal-access'
const SAVE_BLOCKERS_ID = `${FORM_ID}-save-blockers`
export const SAVED_MESSAGE = 'Portal access saved.'
/**
 * The list of free mail providers is large: the server checks a new address when
 * its field is left (with JavaScript) and the whole list when the form is submitted.
 */
const NO_FREE_DOMAINS: ReadonlySet<string> = new Set()

export const meta = screenMeta(screenTitle('portalAccess'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requirePortalAccessScreen(request, context, 'portalAccess')
  const reply = await withReauth(request, context, () => screen.calls.getPortalAccess(screen.customerNumber))
  // Spec 1 section 8: a failed read empties the contacts and shows the error.
  return {
    contacts: reply.status === 'SUCCESS' ? reply.data : [],
    loadError: reply.status === 'SUCCESS' ? null : reply.err,
    authority: screen.authority,
    staff: screen.staff,
    customerNumber: screen.customerNumber,
  }
}

type ActionResult = { result: SubmissionResult<string[]>; baseline: Contact[]; stale?: boolean }

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requirePortalAccessScreen(request, context, 'portalAccess')
  const formData = await request.formData()
  const baseline = parseBaseline(formData.get('baseline'))
  const schema = portalAccessFormSchema({ freeDomains: FREE_EMAIL_DOMAINS, baseline, authority: screen.authority })
  const submission = parseWithZod(formData, { schema })
  const answer = (body: Omit<ActionResult, 'baseline'>, status: number) =>
    data({ ...body, baseline } satisfies ActionResult, { status })

  // Add contact and remove (list intents) come back as the updated form; a failed check as 400.
  if (submission.status !== 'success')
    return answer({ result: submission.reply() }, submission.status === 'error' ? 400 : 200)
  if (!screen.authority.canEdit) return answer({ result: submission.reply({ formErrors: [M.viewOnly] }) }, 403)
  if (sameContacts(submission.value, baseline))
    return answer({ result: submission.reply({ formErrors: [M.noChanges] }) }, 400)

  const reply = await withReauth(request, context, () =>
    screen.calls.setPortalAccess(screen.customerNumber, submission.value, baseline),
  )
  if (reply.status !== 'SUCCESS') {
    const status = failureStatus(reply)
    return answer({ result: submission.reply({ formErrors: [reply.err] }), stale: status === 409 }, status)
  }
  return redirectWithFlash(screen.session, context, screen.href, { type: 'success', message: SAVED_MESSAGE })
}

export default function PortalAccessRoute() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionResult | undefined
  const location = useLocation()
  // After a refused save the user's starting point stays the baseline (the list may have changed meanwhile).
  const baseline = actionData?.baseline ?? loaderData.contacts
  const href = withCustomer(screenPath('portalAccess'), loaderData.customerNumber)
  return (
    <section aria-labelledby="page-title" className="max-w-4xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Licensing Portal Access
      </h1>
      <Intro />
      {loaderData.staff ? (
        <p>
          <Link to={withCustomer(screenPath('portalAccessAudit'), loaderData.customerNumber)}>Change history</Link> of
          this customer’s access settings.
        </p>
      ) : null}
      {loaderData.loadError ? <FlashPanel type="error" message={loaderData.loadError} /> : null}
      {/* Every navigation (a save's answer, Cancel) starts the form afresh from its data. */}
      <ContactsForm
        key={location.key}
        baseline={baseline}
        lastResult={actionData?.result}
        stale={Boolean(actionData?.stale)}
        authority={loaderData.authority}
        customerNumber={loaderData.customerNumber}
        href={href}
      />
    </section>
  )
}

function Intro() {
  return (
    <div className="space-y-2 text-gray-900">
      <p>
        Enter the e-mail address of each contact who may use the Licensing Portal for this customer and assign the{' '}
        <strong>Administrator</strong> or the <strong>Viewer</strong> role. Administrators manage the customer’s
        licences and settings, this list included; Viewers can see them but not change them.
      </p>
      <p>All contacts must have an active vendor account. Ask a contact to create one before you add them here.</p>
      <p>
        To become an Administrator, ask an existing Administrator or the Support Coordinator of this customer: only they
        can grant the Administrator role. To become a Support Coordinator, ask your Account Manager.
      </p>
    </div>
  )
}

type Row = { email?: string; role?: string }

function ContactsForm({
  baseline,
  lastResult,
  stale,
  authority,
  customerNumber,
  href,
}: {
  baseline: Contact[]
  lastResult: SubmissionResult<string[]> | undefined
  stale: boolean
  authority: PortalAccessAuthority
  customerNumber: string
  href: string
}) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const locked = baseline.filter((c) => c.role === ROLE_COORDINATOR)
  const editable = baseline.filter((c) => c.role !== ROLE_COORDINATOR)
  const schema = portalAccessFormSchema({ freeDomains: NO_FREE_DOMAINS, baseline, authority })
  const [form, fields] = useForm<{ contacts: Row[] }, Contact[]>({
    id: FORM_ID,
    lastResult,
    defaultValue: { contacts: editable.map((c) => ({ email: c.email, role: c.role })) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithSchema(formData, schema),
  })
  const emailCheck = useContactEmailCheck(customerNumber)
  const known = new Set(baseline.map((c) => normalizeEmail(c.email)))
  /** The server's refusal of a new address (a free mail provider), once it has answered. */
  const refusal = (raw: unknown) => {
    const email = normalizeEmail(typeof raw === 'string' ? raw : '')
    return known.has(email) ? null : (emailCheck.verdicts[email] ?? null)
  }
  const checkEmail = (raw: string) => {
    const email = normalizeEmail(raw)
    if (!known.has(email) && emailProblem(email, NO_FREE_DOMAINS) === null) emailCheck.check(email)
  }
  const rows = form.value?.contacts ?? []
  const current = schema.safeParse({ contacts: rows })
  const refusals: FormIssue[] = (Array.isArray(rows) ? rows : []).flatMap((row, index) => {
    const message = refusal(row?.email)
    return message ? [{ path: ['contacts', index, 'email'], message }] : []
  })
  const valid = current.success && refusals.length === 0
  const changed = current.success ? !sameContacts(current.data, baseline) : true
  const readOnly = !authority.canEdit
  const busy = navigation.state === 'submitting'
  // Without JavaScript nothing can be known before the server answers, so the buttons stay enabled.
  const saveDisabled = readOnly || busy || (hydrated && (!valid || !changed))
  const addDisabled = readOnly || busy || (hydrated && !valid)
  const blockers =
    hydrated && !readOnly ? saveBlockers([...(current.error?.issues ?? []), ...refusals], locked.length + 1) : []

  return (
    <Form method="post" action={href} {...getFormProps(form)} noValidate className="space-y-4">
      <UnsavedChangesGuard when={hydrated && changed && !readOnly} />
      {form.errors?.length ? (
        <div className="space-y-1">
          {form.errors.map((message) => (
            <FlashPanel key={message} type="error" message={message} />
          ))}
          {stale ? (
            <p>
              <Link to={href}>Load the current list</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {readOnly ? (
        <p className="rounded border-l-4 border-gray-500 bg-gray-50 px-4 py-2" data-testid="view-only-note">
          You have view-only access: the list is shown but cannot be changed.
        </p>
      ) : null}
      <input type="hidden" name="baseline" value={JSON.stringify(baseline)} />
      <EditableList
        form={form}
        list={fields.contacts}
        lockedRows={locked.map((c, i) => (
          <LockedRow key={c.email} contact={c} number={i + 1} />
        ))}
        renderRow={(row, index, removeButton) => (
          <ContactRow
            row={row}
            number={locked.length + index + 1}
            formStatus={form.status}
            disabled={readOnly}
            removeButton={removeButton}
            refusal={refusal(row.value?.email)}
            onEmailLeft={checkEmail}
          />
        )}
        caption="Contact and Role"
        captionVisible
        columns={['Contact', 'Role']}
        emptyText="No contacts."
        add={{ label: 'Add contact', newRow: { email: '', role: '' }, disabled: addDisabled }}
      >
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn-primary"
          disabled={saveDisabled}
          aria-describedby={blockers.length ? SAVE_BLOCKERS_ID : undefined}
        >
          Save
        </button>
        {readOnly ? (
          <button type="button" className="btn-link" disabled>
            Cancel
          </button>
        ) : (
          <Link to={href} className="btn-link">
            Cancel
          </Link>
        )}
      </EditableList>
      {/* Why Save is disabled, also for a field whose own message does not show yet. */}
      {blockers.length ? (
        <div id={SAVE_BLOCKERS_ID} className="text-sm text-gray-800">
          <p>Save is available once these are fixed:</p>
          <ul className="list-disc pl-5">
            {blockers.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Form>
  )
}

function LockedRow({ contact, number }: { contact: Contact; number: number }) {
  const id = `locked-contact-${number}`
  return (
    <EditableListRow
      locked
      removeLabel={`Remove ${contact.email} (locked)`}
      removeDisabled
      data-testid="locked-contact"
    >
      <EditableListCell inputId={`${id}-email`} label={`Contact ${number} e-mail (locked)`}>
        <input id={`${id}-email`} className="input w-full bg-gray-100" value={contact.email} disabled readOnly />
      </EditableListCell>
      <EditableListCell inputId={`${id}-role`} label={`Contact ${number} role (locked)`}>
        <select id={`${id}-role`} className="input bg-gray-100 max-sm:w-full" value={contact.role} disabled>
          <option value={contact.role}>{contact.role}</option>
        </select>
      </EditableListCell>
    </EditableListRow>
  )
}

function ContactRow({
  row,
  number,
  formStatus,
  disabled,
  removeButton,
  refusal,
  onEmailLeft,
}: {
  row: FieldMetadata<Row>
  number: number
  formStatus: 'success' | 'error' | undefined
  disabled: boolean
  removeButton: React.ButtonHTMLAttributes<HTMLButtonElement>
  /** The server's refusal of the address typed, asked when the field was left. */
  refusal: string | null
  onEmailLeft: (email: string) => void
}) {
  const { email, role } = row.getFieldset()
  const { key: emailKey, ...emailProps } = getInputProps(email, { type: 'email' })
  const { key: roleKey, ...roleProps } = getSelectProps(role)
  // Spec 1 section 5: a role error shows only once the field was changed (or the form was submitted).
  const roleErrors = role.dirty || formStatus === 'error' ? role.errors : undefined
  const emailErrors = email.errors ?? (refusal ? [refusal] : undefined)
  const label = email.value ? String(email.value) : `contact ${number}`
  return (
    <EditableListRow removeLabel={`Remove ${label}`} removeButton={removeButton} removeDisabled={disabled}>
      <EditableListCell
        inputId={email.id}
        label={`Contact ${number} e-mail`}
        errorId={email.errorId}
        errors={emailErrors}
      >
        <input
          key={emailKey}
          {...emailProps}
          className="input w-full"
          autoComplete="off"
          maxLength={320}
          disabled={disabled}
          aria-invalid={emailErrors ? true : undefined}
          aria-describedby={emailErrors ? email.errorId : undefined}
          onBlur={(event) => onEmailLeft(event.currentTarget.value)}
        />
      </EditableListCell>
      <EditableListCell inputId={role.id} label={`Contact ${number} role`} errorId={role.errorId} errors={roleErrors}>
        <select
          key={roleKey}
          {...roleProps}
          className="input max-sm:w-full"
          disabled={disabled}
          aria-invalid={roleErrors ? true : undefined}
          aria-describedby={roleErrors ? role.errorId : undefined}
        >
          <option value="">Select a role</option>
          {ASSIGNABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </EditableListCell>
    </EditableListRow>
  )
}

export const ErrorBoundary = RouteErrorPage
