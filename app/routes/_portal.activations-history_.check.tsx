/**
 * Check a Licence File (under Manage Activations): an administrator or support
 * person pastes or uploads a .lic and sees whether each line is genuine, what
 * the file grants, whose it is and on which host, and whether it is what the
 * host's activations give today, or what differs. A plain form post that
 * answers on the page (it changes nothing), so it works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useRef } from 'react'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { activationCalls } from '../api-client/activations.server'
import { failureStatus } from '../api-client/envelope'
import { UPLOAD_LIMIT_BYTES } from '../domain/activation-types'
import { LICENSE_CHECK_MESSAGES, mayCheckLicense, type LicenseCheck } from '../domain/license-check'
import { screenTitle, screenPath } from '../screens/registry'
import { LicenseCheckResult } from '../activations/license-check-result'
import { withCustomer } from '../ui/customer-href'
import { FlashPanel } from '../ui/shell/flash-panel'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

const TITLE = screenTitle('licenseCheck')

export const meta = screenMeta(TITLE)

async function checkScreen(request: Request, context: ActionFunctionArgs['context']) {
  const screen = await requireCustomerScreen(request, context, 'licenseCheck')
  return { ...screen, allowed: mayCheckLicense(screen.user, screen.info) }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { customerNumber, allowed } = await checkScreen(request, context)
  return data({ customerNumber, allowed }, { status: allowed ? 200 : 403 })
}

type Outcome = { result: LicenseCheck | null; error: string | null; text: string; fileName: string | null }

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await checkScreen(request, context)
  const answer = (outcome: Partial<Outcome>, status: number) =>
    data<Outcome>({ result: null, error: null, text: '', fileName: null, ...outcome }, { status })
  if (!screen.allowed) return answer({ error: LICENSE_CHECK_MESSAGES.refused }, 403)
  const form = await request.formData()
  const pasted = form.get('licenseText')
  const text = typeof pasted === 'string' ? pasted : ''
  const file = form.get('file')
  const uploaded = file !== null && typeof file !== 'string' && (file.size > 0 || file.name !== '') ? file : null
  if (uploaded && text.trim() !== '') return answer({ error: LICENSE_CHECK_MESSAGES.both, text }, 400)
  if (uploaded && uploaded.size > UPLOAD_LIMIT_BYTES) {
    return answer({ error: LICENSE_CHECK_MESSAGES.tooLarge(UPLOAD_LIMIT_BYTES / 1024) }, 400)
  }
  const licenseText = uploaded ? await uploaded.text() : text
  const reply = await activationCalls(screen.api).checkLicense(licenseText)
  const kept = uploaded ? '' : text
  if (reply.status !== 'SUCCESS') return answer({ error: reply.err, text: kept }, failureStatus(reply))
  return answer({ result: reply.data, text: kept, fileName: uploaded?.name ?? null }, 200)
}

export default function CheckLicenseRoute() {
  const { customerNumber, allowed } = useLoaderData<typeof loader>()
  const outcome = useActionData<typeof action>()
  // A new form for each answer, so a file chosen for the last check is not sent again with the next.
  const answers = useRef({ outcome, count: 0 })
  if (answers.current.outcome !== outcome) answers.current = { outcome, count: answers.current.count + 1 }
  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <p>
        <Link to={withCustomer(screenPath('activationsHistory'), customerNumber)}>
          ← {screenTitle('activationsHistory')}
        </Link>
      </p>
      <h1 id="page-title" className="text-2xl font-semibold">
        {TITLE}
      </h1>
      {!allowed ? (
        <p className="rounded border border-gray-300 bg-white p-4">{LICENSE_CHECK_MESSAGES.refused}</p>
      ) : (
        <>
          <p className="max-w-prose">
            Is this the right licence file? Paste its text or upload it: each line is checked against this portal’s
            signature, and the file against what its host’s activations give today.
          </p>
          {outcome?.error ? <FlashPanel key={outcome.error} type="error" message={outcome.error} /> : null}
          <Form key={answers.current.count} method="post" encType="multipart/form-data" className="max-w-3xl space-y-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="license-text" className="font-medium">
                Licence file text
              </label>
              <textarea
                id="license-text"
                name="licenseText"
                rows={10}
                defaultValue={outcome?.text ?? ''}
                spellCheck={false}
                className="input w-full font-mono text-sm"
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="licence-file" className="font-medium">
                Or upload a licence file (.lic)
              </label>
              <input id="licence-file" name="file" type="file" accept=".lic,.txt,text/plain" className="max-w-full" />
            </div>
            <button type="submit" name="intent" value="check" className="btn-primary">
              Check
            </button>
          </Form>
          {outcome?.result ? <LicenseCheckResult check={outcome.result} fileName={outcome.fileName} /> : null}
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
