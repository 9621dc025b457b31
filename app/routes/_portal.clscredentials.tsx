/**
 * Elastic Credentials (spec 2 "Elastic Credentials screen", sections 4 to 8): the PIN
 * of the customer's elastic licence server, its export, and the allowed usernames.
 * Changing the PIN or the usernames asks for confirmation as a server step.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import {
  CREDENTIAL_MESSAGES,
  credentialsActionSchema,
  formatUsernames,
  pinControls,
  pinFormSchema,
  sameUsernames,
  usernamesBanner,
  usernamesControls,
  usernamesFormSchema,
  type CredentialsIntent,
} from '../domain/elastic-credentials'
import { withCustomer } from '../ui/customer-href'
import { generatePin, permissionDenied, type ElasticServer } from '../api-client/elastic.server'
import { redirectWithFlash, requireElasticScreen, type ElasticScreen } from '../guards/screen.server'
import { parseWithZod } from '../request/parse-form.server'
import { askConfirmation, ConfirmStep, isConfirmed, type Confirmation } from '../ui/confirm-step'
import { UnsavedChangesGuard } from '../ui/unsaved-changes'
import { useHydrated } from '../ui/use-hydrated'
import { parseWithSchema } from '../ui/parse-with-schema'
import { FieldErrors, fieldDescription } from '../ui/field-error'
import { RestrictionBanner } from '../ui/restriction-banner'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle, screenPath } from '../screens/registry'
import { STALE_FORM_MESSAGE } from '../domain/saved-list'
import { failureStatus } from '../api-client/envelope'

export const meta = screenMeta(screenTitle('elasticCredentials'))
const exportHref = (customerNumber: string) =>
  withCustomer(`${screenPath('elasticCredentials')}/export.json`, customerNumber)

async function requireServer(screen: ElasticScreen): Promise<ElasticServer | null> {
  const reply = await screen.calls.firstServer(screen.customerNumber, screen.info.customerName)
  if (reply.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
  return reply.data
}

/** The stored PIN, or null when there is none; any other refusal goes to /nopermissions (spec 2 section 8). */
async function storedPin(screen: ElasticScreen, server: ElasticServer): Promise<string | null> {
  const reply = await screen.calls.getPin(screen.customerNumber, screen.info.customerName, server.deviceId)
  if (reply.status === 'SUCCESS') return reply.data.pin
  if (reply.err === CREDENTIAL_MESSAGES.pinNotFound) return null
  throw permissionDenied(screen.customerNumber)
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireElasticScreen(request, context, 'elasticCredentials')
  const base = { viewOnly: screen.viewOnly, href: screen.href, exportHref: exportHref(screen.customerNumber) }
  const server = await requireServer(screen)
  if (!server) return { ...base, server: null, pin: null, users: [] as string[] }

  let pin = await storedPin(screen, server)
  if (pin === null && !screen.viewOnly) {
    // Spec 2 section 4: without a PIN, a random one is generated and saved silently.
    // onlyIfUnset keeps a PIN someone else saved at the same moment; read back whichever won.
    const saved = await screen.calls.changePin(screen.customerNumber, server.deviceId, generatePin(), {
      onlyIfUnset: true,
    })
    if (saved.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
    pin = await storedPin(screen, server)
  }
  const users = await screen.calls.getUsers(screen.customerNumber, screen.info.customerName, server.deviceId)
  if (users.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
  return { ...base, server, pin, users: users.data.users ?? [] }
}

interface ActionResult {
  /** The intent the result answers, so that only its form takes it. */
  intent: string
  result: SubmissionResult<string[]>
  confirmation?: Confirmation
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireElasticScreen(request, context, 'elasticCredentials')
  const formData = await request.formData()
  const server = await requireServer(screen)
  if (!server) throw redirect(screen.href)
  const submission = parseWithZod(formData, { schema: credentialsActionSchema })
  const answer = (body: Omit<ActionResult, 'intent'>, status = 200) =>
    data<ActionResult>({ intent: String(submission.payload.intent ?? ''), ...body }, { status })
  const done = (type: 'success' | 'warning', message: string) =>
    redirectWithFlash(screen.session, context, screen.href, { type, message })
  if (submission.status !== 'success') return answer({ result: submission.reply() }, 400)
  const form = submission.value

  if (form.intent === 'changepin' || form.intent === 'export') {
    const stored = await storedPin(screen, server)
    if (form.intent === 'export') {
      if (form.pin !== stored) {
        return answer(
          { result: submission.reply({ fieldErrors: { pin: [CREDENTIAL_MESSAGES.pinExportInvalid] } }) },
          400,
        )
      }
      return redirect(exportHref(screen.customerNumber))
    }
    if (form.pin === stored) return done('warning', 'The PIN is unchanged.')
    if (!isConfirmed(formData)) {
      return answer({
        result: submission.reply(),
        ...askConfirmation(CREDENTIAL_MESSAGES.pinQuestion, { intent: form.intent, pin: form.pin }, server.deviceId),
      })
    }
    const reply = await screen.calls.changePin(screen.customerNumber, server.deviceId, form.pin)
    if (reply.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
    return done('success', 'The PIN has been changed.')
  }

  const { users, oldUsers } = form
  if (!oldUsers) return answer({ result: submission.reply({ fieldErrors: { users: [STALE_FORM_MESSAGE] } }) }, 400)
  if (sameUsernames(users, oldUsers)) return done('warning', 'No changes to save.')
  if (!isConfirmed(formData)) {
    const fields = {
      intent: form.intent,
      users: formatUsernames(users),
      oldUsers: JSON.stringify(oldUsers),
    }
    return answer({
      result: submission.reply(),
      ...askConfirmation(CREDENTIAL_MESSAGES.usernamesQuestion, fields, server.deviceId),
    })
  }
  const reply = await screen.calls.saveUsers(screen.customerNumber, server.deviceId, users, oldUsers)
  if (reply.status !== 'SUCCESS') {
    // Someone else saved first: say so and keep the edits. Any other refusal: /nopermissions (spec 2 section 8).
    if (failureStatus(reply) === 409) {
      return answer({ result: submission.reply({ fieldErrors: { users: [reply.err] } }) }, 409)
    }
    throw permissionDenied(screen.customerNumber)
  }
  return done('success', 'The allowed usernames have been saved.')
}

export default function ClsCredentialsRoute() {
  const loaded = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-3xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic Credentials
      </h1>
      {loaded.server ? (
        // New saved values (after a save) start fresh forms.
        <Credentials
          key={`${loaded.pin}\n${loaded.users.join('\n')}`}
          server={loaded.server}
          storedPin={loaded.pin}
          savedUsers={loaded.users}
          viewOnly={loaded.viewOnly}
          href={loaded.href}
          exportHref={loaded.exportHref}
        />
      ) : (
        <p className="rounded border border-gray-300 bg-white p-4">
          This customer has no activated Elastic License Server, so there are no credentials to manage.
        </p>
      )}
    </section>
  )
}

interface CredentialsProps {
  server: ElasticServer
  storedPin: string | null
  savedUsers: string[]
  viewOnly: boolean
  href: string
  exportHref: string
}

const PIN_INTENTS: readonly string[] = ['changepin', 'export'] satisfies CredentialsIntent[]
const USERS_INTENTS: readonly string[] = ['saveusers'] satisfies CredentialsIntent[]

function Credentials({ server, storedPin, savedUsers, viewOnly, href, exportHref }: CredentialsProps) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'
  const resultFor = (intents: readonly string[]) =>
    actionData && intents.includes(actionData.intent) ? actionData.result : undefined

  const [pinForm, pinFields] = useForm({
    id: 'credentials-pin',
    lastResult: resultFor(PIN_INTENTS),
    defaultValue: { pin: storedPin ?? '' },
    constraint: { pin: { required: true } },
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithSchema(formData, pinFormSchema),
  })
  const [usersForm, usersFields] = useForm({
    id: 'credentials-users',
    lastResult: resultFor(USERS_INTENTS),
    defaultValue: { users: formatUsernames(savedUsers), oldUsers: JSON.stringify(savedUsers) },
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithSchema(formData, usernamesFormSchema),
  })

  const pin = pinFields.pin.value ?? ''
  const usersText = usersFields.users.value ?? ''
  const pinState = pinControls(pin, storedPin, viewOnly)
  const usersState = usernamesControls(usersText, savedUsers, viewOnly)
  const { key: pinKey, ...pinProps } = getInputProps(pinFields.pin, { type: 'text' })
  const { key: usersKey, ...usersProps } = getTextareaProps(usersFields.users)
  const { key: oldUsersKey, ...oldUsersProps } = getInputProps(usersFields.oldUsers, { type: 'hidden' })

  return (
    <>
      <ConfirmStep confirmation={actionData?.confirmation} action={href} noHref={href} />

      <section aria-labelledby="credentials-title" className="space-y-3 rounded border border-gray-300 bg-white p-4">
        <h2 id="credentials-title" className="text-lg font-semibold">
          Elastic Credentials
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Elastic License Server Id</dt>
          <dd className="break-all" data-testid="server-id">
            {server.deviceId}
          </dd>
          <dt className="font-medium">Alias</dt>
          <dd>{server.alias}</dd>
        </dl>
        {storedPin === null ? (
          <p className="text-sm text-gray-700" data-testid="no-pin">
            No PIN is set for this server yet.
          </p>
        ) : null}
        <Form method="post" action={href} {...getFormProps(pinForm)} noValidate className="space-y-2">
          <label htmlFor={pinFields.pin.id} className="block font-medium">
            PIN
          </label>
          <p id="pin-hint" className="text-sm text-gray-700">
            6 digits.
          </p>
          <input
            key={pinKey}
            {...pinProps}
            inputMode="numeric"
            pattern="[0-9]{6}"
            autoComplete="off"
            spellCheck={false}
            className="input w-40 font-mono aria-[invalid=true]:border-red-700"
            disabled={viewOnly}
            {...fieldDescription('pin-hint', pinFields.pin.errorId, pinFields.pin.errors)}
          />
          <FieldErrors id={pinFields.pin.errorId} errors={pinFields.pin.errors} />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="changepin"
              className="btn-primary"
              disabled={hydrated ? !pinState.canChange || busy : viewOnly}
            >
              Change PIN
            </button>
            {!hydrated ? (
              <button type="submit" name="intent" value="export" className="btn-secondary">
                Export ID &amp; PIN
              </button>
            ) : pinState.canExport ? (
              <a href={exportHref} download className="btn-secondary">
                Export ID &amp; PIN
              </a>
            ) : (
              <button type="button" className="btn-secondary" disabled>
                Export ID &amp; PIN
              </button>
            )}
            <CancelButton
              hydrated={hydrated}
              enabled={!viewOnly && (!hydrated || pinState.canCancel)}
              href={href}
              onCancel={() => pinForm.reset()}
            />
          </div>
        </Form>
      </section>

      <section aria-labelledby="users-title" className="space-y-3 rounded border border-gray-300 bg-white p-4">
        <h2 id="users-title" className="text-lg font-semibold">
          Additional User Access Restrictions
        </h2>
        <RestrictionBanner restricts={savedUsers.length > 0} testId="users-banner">
          {usernamesBanner(savedUsers)}
        </RestrictionBanner>
        <Form method="post" action={href} {...getFormProps(usersForm)} noValidate className="space-y-2">
          <input key={oldUsersKey} {...oldUsersProps} />
          <label htmlFor={usersFields.users.id} className="block font-medium">
            Allowed usernames
          </label>
          <p id="users-hint" className="text-sm text-gray-700">
            One username per line, without spaces, in ASCII characters. Leave the list empty to allow every user with
            the current PIN.
          </p>
          <textarea
            key={usersKey}
            {...usersProps}
            rows={8}
            spellCheck={false}
            autoComplete="off"
            className="input w-full max-w-md font-mono aria-[invalid=true]:border-red-700"
            disabled={viewOnly}
            {...fieldDescription('users-hint', usersFields.users.errorId, usersFields.users.errors)}
          />
          <FieldErrors id={usersFields.users.errorId} errors={usersFields.users.errors} />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="saveusers"
              className="btn-primary"
              disabled={hydrated ? !usersState.canSave || busy : viewOnly}
            >
              Save
            </button>
            <CancelButton
              hydrated={hydrated}
              enabled={!viewOnly && (!hydrated || usersState.canCancel)}
              href={href}
              onCancel={() => usersForm.reset()}
            />
          </div>
        </Form>
      </section>
      <UnsavedChangesGuard when={hydrated && !viewOnly && (pin !== (storedPin ?? '') || usersState.changed)} />
    </>
  )
}

/** Cancel reverts the input: in place with JavaScript, by reloading the stored values without it. */
function CancelButton({
  hydrated,
  enabled,
  href,
  onCancel,
}: {
  hydrated: boolean
  enabled: boolean
  href: string
  onCancel: () => void
}) {
  if (hydrated || !enabled) {
    return (
      <button type="button" className="btn-link" disabled={!enabled} onClick={onCancel}>
        Cancel
      </button>
    )
  }
  return (
    <Link to={href} className="btn-link">
      Cancel
    </Link>
  )
}

export const ErrorBoundary = RouteErrorPage
