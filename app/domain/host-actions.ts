/**
 * The rules of Manage Activations' host actions (spec 3 "Deactivate", "Rehost",
 * "Confirmation modes" and section 5): which hosts take which action, where a
 * rehost may go (an active host of the same name and identifier is refused, an
 * existing host with the identifier is reused), and the operations that move a
 * host's activations: every active count returned from the old host, the same
 * counts created on the new one.
 */
import type { HostState } from './activation-types'

export const HOST_ACTION_MESSAGES = {
  targetActive: (name: string, identifier: string) => `Host ${name} (${identifier}) is active.`,
  sameHost: 'A host cannot be rehosted to itself.',
  notActive: 'Only an active host can be deactivated or rehosted.',
  notInactive: 'Only an inactive host can be deleted.',
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
    else sums.set(key, { ...a })
  }
  return [...sums.values()]
    .filter((a) => a.count > 0)
    .sort((a, b) => a.customerNumber.localeCompare(b.customerNumber) || a.activationId.localeCompare(b.activationId))
}
