/**
 * The confirmation step's content: each customer's operations, the products whose
 * maintenance has expired, the override warning and the licence lines the save
 * would add and remove. Nothing is written.
 */
import type { ActivationCalls } from '../api-client/activations.server'
import { hasChanges, maintenanceBlocked, operationsFor, type SaveMode } from '../domain/activation-editor'
import type { FulfillmentOperation } from '../domain/activation-types'
import { licenseDiff, type DiffLine } from '../domain/license-diff'
import { changeLines, type ChangeLine } from '../domain/activation-changes'
import type { EditorState } from './load-editor.server'

export interface Review {
  changes: Record<string, FulfillmentOperation[]>
  /** The changes in words, every customer's. */
  lines: ChangeLine[]
  blocked: string[]
  warn: boolean
  diff: DiffLine[]
  mode: SaveMode
}

/** Each approved customer's operations from the draft. */
export function draftChanges(state: Pick<EditorState, 'tabs' | 'draft'>): Record<string, FulfillmentOperation[]> {
  return Object.fromEntries(
    state.tabs.filter((t) => !t.denied).map((t) => [t.customerNumber, operationsFor(state.draft, t)]),
  )
}

/** The rows of the changes whose maintenance has expired, as 'name (activation id)'. */
export function blockedProducts(state: Pick<EditorState, 'tabs' | 'draft'>, today: string): string[] {
  const changes = draftChanges(state)
  return state.tabs.flatMap((t) =>
    maintenanceBlocked(changes[t.customerNumber] ?? [], t.rows, today).map(
      (r) => `${r.ProductName} (${r.ActivationId})`,
    ),
  )
}

export async function reviewOf(
  calls: ActivationCalls,
  customerNumber: string,
  state: EditorState,
  mode: SaveMode,
  today: string,
): Promise<Review | null> {
  const { host, draft, errors } = state
  if (!host || !hasChanges(draft) || Object.keys(errors).length > 0) return null
  const changes = draftChanges(state)
  const [override, preview] = await Promise.all([
    calls.override(customerNumber, host),
    calls.preview({ customerNumber, serverId: host.serverId, serverIdType: host.serverIdType, changes }),
  ])
  const diff = preview.status === 'SUCCESS' ? licenseDiff(preview.data.current, preview.data.proposed) : []
  return {
    changes,
    lines: changeLines(
      draft,
      state.tabs.filter((t) => !t.denied),
    ),
    blocked: blockedProducts(state, today),
    warn: override.status === 'SUCCESS' && override.data.warn,
    diff,
    mode,
  }
}
