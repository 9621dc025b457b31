/**
 * Manage Activations' changes (spec 3 "Deactivate", "Rehost" and dialog 5): a
 * post names the host by its record id and an intent; the first post asks
 * (Confirm, No and Yes), the Yes does it through the API's all-or-nothing call
 * and lands back on the page with a message. A rehost's new host is checked as
 * Add New Host checks it before the question; the API's refusals come back by
 * the form. A view-only user gets the permission notice; the API refuses them too.
 */
import { data, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { requireCustomerScreen, redirectWithFlash } from '../guards/screen.server'
import { isViewOnly } from '../domain/permissions'
import { checkHostRows, readHostRows } from '../domain/add-host-form'
import { rewriteActivationError } from '../domain/activation-errors'
import { NOT_ENOUGH_PERMISSIONS } from '../domain/activation-types'
import { loadServerRows } from '../grid/servers.server'
import { activationCalls } from '../api-client/activations.server'
import { failureStatus, type Failure } from '../api-client/envelope'
import { STAGE_FAILURES } from '../domain/activation-editor'
import { askConfirmation, isConfirmed, type Confirmation } from '../ui/confirm-step'
import { HISTORY_TEXTS, withoutSteps } from './history-screen'
import type { RehostState } from './rehost-section'

const actionForm = z.object({
  intent: z.enum(['deactivate', 'delete', 'rehost']),
  host: z.coerce.number().int().positive(),
})

/** Spec 3 section 8: what a failed step says, before the service's own error. */
const STEP_FAILURES = {
  deactivate: STAGE_FAILURES.return,
  rehost: STAGE_FAILURES.create,
  delete: HISTORY_TEXTS.removeFailed,
} as const

/**
 * A refusal (4xx) says what is wrong in the service's words; a failure of the service
 * says which step failed and what to do, followed by the service's error, rewritten.
 */
function failureText(intent: keyof typeof STEP_FAILURES, reply: Failure): string {
  const said = rewriteActivationError(reply.err)
  return failureStatus(reply) >= 500 ? `${STEP_FAILURES[intent]} ${said}` : said
}

export type HostActionData = {
  error: string | null
  confirmation: Confirmation | null
  notice: string | null
  rehost: RehostState | null
}

const answer = (fields: Partial<HostActionData>, status = 200) =>
  data<HostActionData>({ error: null, confirmation: null, notice: null, rehost: null, ...fields }, { status })

export async function hostAction(request: Request, context: AppLoadContext) {
  const screen = await requireCustomerScreen(request, context, 'activationsHistory')
  const { customerNumber } = screen
  const url = new URL(request.url)
  const back = withoutSteps(url)
  const formData = await request.formData()
  const parsed = actionForm.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return answer({ error: 'The request could not be read. Reload the page and try again.' }, 400)
  if (isViewOnly(screen.user, screen.info)) return answer({ notice: NOT_ENOUGH_PERMISSIONS }, 403)
  const { intent, host: hostId } = parsed.data
  const calls = activationCalls(screen.api)
  const servers = await loadServerRows(screen.api, customerNumber)
  if (servers.status !== 'SUCCESS') return answer({ error: servers.err }, failureStatus(servers))
  const host = [...servers.data.active, ...servers.data.inactive].find((s) => s.id === hostId)
  if (!host) return answer({ error: HISTORY_TEXTS.gone }, 404)
  const ref = { serverId: host.serverId, serverIdType: host.serverIdType }
  const fields = { intent, host: String(hostId) }
  const label = `${host.name} (${host.serverId})`

  if (intent === 'rehost') {
    const text = (name: string) => {
      const value = formData.get(name)
      return typeof value === 'string' ? value : null
    }
    const triad = formData.get('triad') === '1'
    const rows = readHostRows(text, triad)
    const checked = checkHostRows(rows)
    if (!checked.ok) return answer({ rehost: { rows, triad, errors: checked.errors } }, 400)
    const target = checked.fields
    if (!isConfirmed(formData)) {
      const posted = Object.fromEntries([...formData].filter((e): e is [string, string] => typeof e[1] === 'string'))
      const to = `${target.serverName} (${target.serverId})`
      return answer({
        rehost: { rows, triad, errors: {} },
        ...askConfirmation(HISTORY_TEXTS.rehostQuestion(label, to), { ...posted, ...fields }),
      })
    }
    const reply = await calls.rehost(customerNumber, ref, target)
    if (reply.status !== 'SUCCESS') {
      return answer({ rehost: { rows, triad, errors: { host: failureText(intent, reply) } } }, failureStatus(reply))
    }
    const to = reply.data.to!
    const landing = new URL(back, url)
    landing.searchParams.set('rehosted', String(to.id))
    return redirectWithFlash(screen.session, context, `${landing.pathname}${landing.search}`, {
      type: 'success',
      message: HISTORY_TEXTS.rehosted(host.name, to.name),
    })
  }

  if (!isConfirmed(formData)) {
    const question = intent === 'deactivate' ? HISTORY_TEXTS.deactivateQuestion : HISTORY_TEXTS.deleteQuestion
    return answer(askConfirmation(question(label), fields, undefined, { danger: true }))
  }
  const reply =
    intent === 'deactivate'
      ? await calls.deactivateHost(customerNumber, ref)
      : await calls.removeHost(customerNumber, ref)
  if (reply.status !== 'SUCCESS') return answer({ error: failureText(intent, reply) }, failureStatus(reply))
  const message = intent === 'deactivate' ? HISTORY_TEXTS.deactivated(host.name) : HISTORY_TEXTS.deleted(host.name)
  return redirectWithFlash(screen.session, context, back, { type: 'success', message })
}
