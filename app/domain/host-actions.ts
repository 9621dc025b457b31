/**
 * The rules of Manage Activations' host actions (spec 3 "Deactivate", "Rehost",
 * "Confirmation modes" and section 5): which hosts take which action, where a
 * rehost may go (an active host of the same name and identifier is refused, an
 * existing host with the identifier is reused), and the operations that move a
 * host's activations: every active count returned from the old host, the same
 * counts created on the new one.
 */
import type { HostState } from './activation-types'
import { isCurrent, maintenanceExpired } from './activation-rules'
import { EDITOR_TEXTS } from './activation-editor'

export const HOST_ACTION_MESSAGES = {
  targetActive: (name: string, identifier: string) => `Host ${name} (${identifier}) is active.`,
  sameHost: 'A host cannot be rehosted to itself.',
  notActive: 'Only an active host can be deactivated or rehosted.',
  notInactive: 'Only an inactive host can be deleted.',
  othersActive: (name: string) =>
    `Host ${name} also holds activations of customers you do not manage. Their administrators must return them first.`,
  maintenanceExpired: (products: readonly string[]) => `${EDITOR_TEXTS.maintenanceExpired} ${products.join(', ')}`,
} as const

export type HostAction = 'view' | 'download' | 'rehost' | 'deactivate' | 'delete'

/** The row actions of a host (spec 3 "Manage Activations"): active rows view, download, rehost, deactivate; inactive delete. */
export function hostActions(state: HostState | string): HostAction[] {
  if (state === 'ACTIVE') return ['view', 'download', 'rehost', 'deactivate']
  if (state === 'INACTIVE') return ['delete']
  return []
}

export interface KnownHost {
  id: number
  name: string
  state: HostState | string
  identifier: string
}

export type RehostTarget = { kind: 'insert' } | { kind: 'reuse'; hostId: number } | { kind: 'refuse'; message: string }

/** Where a rehost from `fromId` to a host named `name` goes, given the host already holding the identifier. */
export function rehostTarget(fromId: number, existing: KnownHost | undefined, name: string): RehostTarget {
  if (!existing) return { kind: 'insert' }
  if (existing.id === fromId) return { kind: 'refuse', message: HOST_ACTION_MESSAGES.sameHost }
  if (existing.state === 'ACTIVE' && existing.name.toLowerCase() === name.toLowerCase()) {
    return { kind: 'refuse', message: HOST_ACTION_MESSAGES.targetActive(existing.name, existing.identifier) }
  }
  return { kind: 'reuse', hostId: existing.id }
}

export interface ActiveCount {
  customerNumber: string
  activationId: string
  count: number
}

/** The counts per customer and activation id: a host's active fulfilments as one operation each. */
export function movedCounts(active: readonly ActiveCount[]): ActiveCount[] {
  const sums = new Map<string, ActiveCount>()
  for (const a of active) {
    const key = `${a.customerNumber}:${a.activationId}`
    const sum = sums.get(key)
    if (sum) sum.count += a.count
    else sums.set(key, { customerNumber: a.customerNumber, activationId: a.activationId, count: a.count })
  }
  return [...sums.values()]
    .filter((a) => a.count > 0)
    .sort((a, b) => a.customerNumber.localeCompare(b.customerNumber) || a.activationId.localeCompare(b.activationId))
}

export interface HostActivation extends ActiveCount {
  productName: string
  endDate: string | null
  versionDate: string | null
}

export interface HostMovePlan {
  /** Products whose lapsed maintenance blocks the move (spec 3 "Confirmation modes"), by name and activation id. */
  blocked: string[]
  /** What the new host receives: the current entitlements' counts (an ended one is only returned). */
  moved: ActiveCount[]
}

/**
 * What deactivating or rehosting a host does with its activations: every one is
 * returned; the current ones move with a rehost; a current one whose
 * maintenance has lapsed blocks both, as it blocks the editor's changes.
 */
export function hostMovePlan(active: readonly HostActivation[], today: string): HostMovePlan {
  const current = active.filter((a) => isCurrent(a.endDate, today))
  const blocked = [
    ...new Set(
      current
        .filter((a) => maintenanceExpired(a.versionDate, today))
        .map((a) => `${a.productName} (${a.activationId})`),
    ),
  ].sort()
  return { blocked, moved: movedCounts(current) }
}
