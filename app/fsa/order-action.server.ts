/**
 * The Order Products form's posts (spec 3, "FSA order lifecycle"). Without
 * JavaScript every step is a post: adding, removing and recomputing lines,
 * Order Now (which asks with the confirmation), and Order or Order & Activate.
 * With JavaScript the lines recompute in the browser and only Order Now and the
 * order itself come here. Every post is worked out again from the contract the
 * API answers, so a price shown is the price the API charges.
 */
import { data, type AppLoadContext } from '@remix-run/node'
import { todayUtc } from '../domain/entitlements'
import { activationsAllowed, isBusops, isViewOnly } from '../domain/permissions'
import { NOT_ENOUGH_PERMISSIONS } from '../domain/activation-types'
import { computeOrder, failedLines, lastChange, newLine, orderRequest, type RawLine } from '../domain/fsa-order-form'
import { FSA_ORDER_MESSAGES } from '../domain/fsa-order-lines'
import { pickableContracts } from '../domain/fsa-entitlements'
import { redirectWithFlash, requireCustomerScreen } from '../guards/screen.server'
import { withCustomer } from '../ui/customer-href'
import { failureStatus, isOutage } from '../api-client/envelope'
import { fsaCalls } from '../api-client/fsa.server'
import { FSA_TEXTS, fsaHref } from './fsa-screen'
import { orderContext, orderContract, orderParty } from './order-context'
import { MAX_LINES } from './order-fields'
import { readIntent, readLines, readSnapshot } from './order-fields.server'

export interface OrderActionData {
  /** The contract these lines belong to. */
  contract: string
  lines: RawLine[]
  /** The line and field changed last (the balance message names it). */
  changed: { line: number; field: 'product' | 'count' | 'startDate' | 'duration' | 'cost' } | null
  /** The user asked to order: required fields left empty are named. */
  attempted: boolean
  error: string | null
  notice: string | null
  /** Order Now passed: the confirmation shows. */
  confirm: boolean
  /** Tells two answers apart, so the form starts again from each. */
  id: string
}

const answer = (fields: Partial<OrderActionData> & { contract: string }, status = 200) =>
  data<OrderActionData>(
    {
      lines: [],
      changed: null,
      attempted: false,
      error: null,
      notice: null,
      confirm: false,
      id: globalThis.crypto.randomUUID(),
      ...fields,
    },
    { status },
  )

export async function orderAction(request: Request, context: AppLoadContext) {
  const screen = await requireCustomerScreen(request, context, 'fsa')
  const { customerNumber, info, user } = screen
  const formData = await request.formData()
  const contractId = String(formData.get('contract') ?? '')
  const asked = readIntent(formData.get('intent'))
  const posted = readLines(formData)
  if (!asked || !posted) return answer({ contract: contractId, error: FSA_TEXTS.unreadable }, 400)

  const busops = isBusops(user)
  // Only business operations enter manual lines (spec 3 section 6).
  const lines = posted.map((l) => (busops || l.kind === 'standard' ? l : { ...l, kind: 'standard' as const }))
  const today = todayUtc()
  const calls = fsaCalls(screen.api)
  const reply = await calls.contracts(customerNumber)
  if (reply.status !== 'SUCCESS') return answer({ contract: contractId, lines, error: reply.err }, failureStatus(reply))
  const found = pickableContracts(reply.data, '', today).find((c) => c.EntitlementID === contractId)
  if (!found) return answer({ contract: contractId, lines, error: FSA_TEXTS.contractGone }, 404)
  const contract = orderContract(found)
  const ctx = orderContext(contract, today)
  const changed = lastChange(readSnapshot(formData.get('snapshot')), lines)
  const { intent, line } = asked
  const base = { contract: contractId, changed }
  const computed = () => computeOrder(ctx, lines, changed)
  const raws = () => computed().lines.map((l) => l.raw)

  switch (intent) {
    case 'recompute':
      return answer({ ...base, lines: raws() })
    case 'remove':
      return answer({ ...base, changed: null, lines: raws().filter((_, i) => i !== line) })
    case 'remove-all':
      return answer({ ...base, changed: null, lines: [] })
    case 'add':
    case 'add-manual': {
      if (contract.products.length === 0 && intent === 'add') {
        return answer({ ...base, lines: raws(), error: FSA_ORDER_MESSAGES.noProducts }, 400)
      }
      const order = computed()
      if (!order.canAdd || lines.length >= MAX_LINES) {
        return answer({ ...base, lines: raws(), attempted: true, error: FSA_TEXTS.fixLines }, 400)
      }
      const kind = intent === 'add-manual' && busops ? 'manual' : 'standard'
      return answer({ ...base, changed: null, lines: [...raws(), newLine(kind)] })
    }
    default:
      break
  }

  // Order Now, Order, Order & Activate: the permission first (spec 3, "A view-only user submitting").
  if (isViewOnly(user, info)) return answer({ ...base, lines: raws(), notice: NOT_ENOUGH_PERMISSIONS }, 403)
  const order = computed()
  if (!order.ready) {
    return answer({ ...base, lines: raws(), attempted: true, error: FSA_TEXTS.fixLines }, 400)
  }
  if (intent === 'review') return answer({ ...base, lines: raws(), confirm: true })

  const activate = intent === 'order-activate' && activationsAllowed(user, info)
  const placed = await calls.order(orderRequest(orderParty(contract, info), order.lines))
  if (placed.status !== 'SUCCESS') {
    const message = isOutage(placed) || failureStatus(placed) >= 500 ? FSA_TEXTS.httpError(placed.err) : placed.err
    return answer({ ...base, lines: raws(), error: message }, failureStatus(placed))
  }
  const failed = failedLines(raws(), placed.data)
  if (failed.length > 0) {
    return answer({ ...base, changed: null, lines: failed, error: FSA_ORDER_MESSAGES.someFailed })
  }
  const to = activate
    ? withCustomer('/activations', customerNumber)
    : fsaHref(customerNumber, 'order', { contract: contractId })
  return redirectWithFlash(screen.session, context, to, { type: 'success', message: FSA_ORDER_MESSAGES.created })
}
