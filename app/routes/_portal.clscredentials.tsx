/**
 * Elastic Credentials (spec 2 "Elastic Credentials screen", sections 4 to 8): the PIN
 * of the customer's elastic licence server, its export, and the allowed usernames.
 * Changing the PIN or the usernames asks for confirmation as a server step.
 */
import { useState } from 'react'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import {
  CREDENTIAL_MESSAGES,
  formatUsernames,
  isValidPin,
  parseUsernames,
  pinControls,
  sameUsernames,
  usernamesBanner,
  usernamesControls,
} from '../domain/elastic-credentials'
import { withCustomer } from '../ui/customer-href'
import {
  generatePin,
  permissionDenied,
  requireElasticScreen,
  type ElasticScreen,
  type ElasticServer,
} from '../upstream/elastic.server'
import { redirectWithFlash } from '../portal/screen-guard.server'
import { askConfirmation, ConfirmStep, isConfirmed, type Confirmation } from '../ui/confirm-step'
import { UnsavedChangesGuard } from '../ui/unsaved-changes'
import { useHydrated } from '../ui/use-hydrated'
import { FieldError, fieldDescription } from '../ui/field-error'
import { RestrictionBanner } from '../ui/restriction-banner'
import { ScreenErrorBoundary } from '../ui/error-page'
import { failureStatus } from '../upstream/envelope'

const SCREEN = '/clscredentials'
const exportHref = (customerNumber: string) => withCustomer(`${SCREEN}/export.json`, customerNumber)

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
  const screen = await requireElasticScreen(request, context, SCREEN)
  const base = { viewOnly: screen.viewOnly, href: screen.href, exportHref: exportHref(screen.customerNumber) }
  const server = await requireServer(screen)
  if (!server) return { ...base, server: null, pin: null, users: [] as string[] }

  let pin = await storedPin(screen, server)
  if (pin === null && !screen.viewOnly) {
    // Spec 2 section 4: without a PIN, a random one is generated and saved silently.
    // onlyIfUnset keeps a PIN someone else saved at the same moment; read back whichever won.
    const saved = await screen.calls.changePin(screen.customerNumber, server.deviceId, generatePin(), { onlyIfUnset: true })
    if (saved.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
    pin = await storedPin(screen, server)
  }
  const users = await screen.calls.getUsers(screen.customerNumber, screen.info.customerName, server.deviceId)
  if (users.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
  return { ...base, server, pin, users: users.data.users ?? [] }
}

interface ActionResult {
  confirmation?: Confirmation
  pin?: string
  pinError?: string
  users?: string
  oldUsers?: string
  usersError?: string
}

const oldUsersSchema = z.array(z.string())

function parseOldUsers(raw: string): string[] | undefined {
  try {
    const parsed = oldUsersSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

const field = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireElasticScreen(request, context, SCREEN)
  const formData = await request.formData()
  const server = await requireServer(screen)
  if (!server) throw redirect(screen.href)
  const intent = field(formData, 'intent')

  if (intent === 'changepin' || intent === 'export') {
    const pin = field(formData, 'pin')
    const stored = await storedPin(screen, server)
    if (intent === 'export') {
      if (!isValidPin(pin) || pin !== stored) {
        return data<ActionResult>({ pin, pinError: CREDENTIAL_MESSAGES.pinExportInvalid }, { status: 400 })
      }
      return redirect(exportHref(screen.customerNumber))
    }
    if (!isValidPin(pin)) return data<ActionResult>({ pin, pinError: CREDENTIAL_MESSAGES.pinInvalid }, { status: 400 })
    if (pin === stored) return redirectWithFlash(screen.session, context, screen.href, { type: 'warning', message: 'The PIN is unchanged.' })
    if (!isConfirmed(formData)) {
      return data<ActionResult>({ pin, ...askConfirmation(CREDENTIAL_MESSAGES.pinQuestion, { intent, pin }, server.deviceId) })
    }
    const reply = await screen.calls.changePin(screen.customerNumber, server.deviceId, pin)
    if (reply.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
    return redirectWithFlash(screen.session, context, screen.href, { type: 'success', message: 'The PIN has been changed.' })
  }

  if (intent === 'saveusers') {
    const users = field(formData, 'users')
    const oldUsers = field(formData, 'oldUsers')
    const parsed = parseUsernames(users)
    if (!parsed.ok) {
      return data<ActionResult>(
        { users, oldUsers, usersError: `${CREDENTIAL_MESSAGES.usernamesInvalid} ${parsed.reason}` },
        { status: 400 },
      )
    }
    const startedFrom = parseOldUsers(oldUsers)
    if (startedFrom && sameUsernames(parsed.users, startedFrom)) {
      return redirectWithFlash(screen.session, context, screen.href, { type: 'warning', message: 'No changes to save.' })
    }
    if (!isConfirmed(formData)) {
      return data<ActionResult>({
        users,
        oldUsers,
        ...askConfirmation(CREDENTIAL_MESSAGES.usernamesQuestion, { intent, users, oldUsers }, server.deviceId),
      })
    }
    const reply = await screen.calls.saveUsers(screen.customerNumber, server.deviceId, parsed.users, startedFrom)
    if (reply.status !== 'SUCCESS') {
      // Someone else saved first: say so and keep the edits. Any other refusal: /nopermissions (spec 2 section 8).
      if (failureStatus(reply) === 409) {
        return data<ActionResult>({ users, oldUsers, usersError: reply.err }, { status: 409 })
      }
      throw permissionDenied(screen.customerNumber)
    }
    return redirectWithFlash(screen.session, context, screen.href, { type: 'success', message: 'The allowed usernames have been saved.' })
  }

  return data<ActionResult>({}, { status: 400 })
}

export default function ClsCredentialsRoute() {
  const loaded = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-3xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic Credentials
      </h1>
      {loaded.server ? (
        // New saved values (after a save) start fresh inputs.
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

function Credentials({ server, storedPin, savedUsers, viewOnly, href, exportHref }: CredentialsProps) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'
  const [pin, setPin] = useState(actionData?.pin ?? storedPin ?? '')
  const savedText = formatUsernames(savedUsers)
  const [usersText, setUsersText] = useState(actionData?.users ?? savedText)
  const oldUsers = actionData?.oldUsers ?? JSON.stringify(savedUsers)

  const pinState = pinControls(pin, storedPin, viewOnly)
  const usersState = usernamesControls(usersText, savedUsers, viewOnly)
  const parsedUsers = parseUsernames(usersText)
  const pinError = shownError(
    hydrated,
    pin !== (storedPin ?? '') && !isValidPin(pin) ? CREDENTIAL_MESSAGES.pinInvalid : undefined,
    pin,
    { value: actionData?.pin, error: actionData?.pinError },
  )
  const usersError = shownError(
    hydrated,
    parsedUsers.ok ? undefined : `${CREDENTIAL_MESSAGES.usernamesInvalid} ${parsedUsers.reason}`,
    usersText,
    { value: actionData?.users, error: actionData?.usersError },
  )

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
        <Form method="post" action={href} noValidate className="space-y-2">
          <label htmlFor="pin" className="block font-medium">
            PIN
          </label>
          <p id="pin-hint" className="text-sm text-gray-700">
            6 digits.
          </p>
          <input
            id="pin"
            name="pin"
            type="text"
            inputMode="numeric"
            pattern="[0-9]{6}"
            autoComplete="off"
            spellCheck={false}
            className="input w-40 font-mono aria-[invalid=true]:border-red-700"
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            disabled={viewOnly}
            {...fieldDescription('pin-hint', 'pin-error', pinError)}
          />
          <FieldError id="pin-error" message={pinError} />
          <div className="flex flex-wrap gap-2">
            <CancelButton hydrated={hydrated} enabled={!viewOnly && (!hydrated || pinState.canCancel)} href={href} onCancel={() => setPin(storedPin ?? '')} />
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
        <Form method="post" action={href} noValidate className="space-y-2">
          <input type="hidden" name="oldUsers" value={oldUsers} />
          <label htmlFor="users" className="block font-medium">
            Allowed usernames
          </label>
          <p id="users-hint" className="text-sm text-gray-700">
            One username per line, without spaces, in ASCII characters. Leave the list empty to allow every user with the
            current PIN.
          </p>
          <textarea
            id="users"
            name="users"
            rows={8}
            spellCheck={false}
            autoComplete="off"
            className="input w-full max-w-md font-mono aria-[invalid=true]:border-red-700"
            value={usersText}
            onChange={(event) => setUsersText(event.target.value)}
            disabled={viewOnly}
            {...fieldDescription('users-hint', 'users-error', usersError)}
          />
          <FieldError id="users-error" message={usersError} />
          <div className="flex flex-wrap gap-2">
            <CancelButton
              hydrated={hydrated}
              enabled={!viewOnly && (!hydrated || usersState.canCancel)}
              href={href}
              onCancel={() => setUsersText(savedText)}
            />
            <button
              type="submit"
              name="intent"
              value="saveusers"
              className="btn-primary"
              disabled={hydrated ? !usersState.canSave || busy : viewOnly}
            >
              Save
            </button>
          </div>
        </Form>
      </section>
      <UnsavedChangesGuard when={hydrated && !viewOnly && (pin !== (storedPin ?? '') || usersState.changed)} />
    </>
  )
}

/** Cancel reverts the input: in place with JavaScript, by reloading the stored values without it. */
/**
 * The message a field shows. With JavaScript it follows the input: the message found in the
 * browser, else the server's as long as the field still holds the value the server refused.
 * Without JavaScript it is the server's.
 */
function shownError(
  hydrated: boolean,
  browserError: string | undefined,
  value: string,
  server: { value: string | undefined; error: string | undefined },
) {
  if (!hydrated) return server.error
  return browserError ?? (value === server.value ? server.error : undefined)
}

function CancelButton({ hydrated, enabled, href, onCancel }: { hydrated: boolean; enabled: boolean; href: string; onCancel: () => void }) {
  if (hydrated || !enabled) {
    return (
      <button type="button" className="btn-secondary" disabled={!enabled} onClick={onCancel}>
        Cancel
      </button>
    )
  }
  return (
    <Link to={href} className="btn-secondary">
      Cancel
    </Link>
  )
}

export const ErrorBoundary = ScreenErrorBoundary
