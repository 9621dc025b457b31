/**
 * Adding a licence host (spec 3 sections 4 "Add host" and 5): the names a new
 * host is given (one, or three for a triad, each without spaces or special
 * characters), the order of hosts in a list, and what becomes of an add whose
 * identifier is already a host's: refused as in use, refused with the rehost
 * hint, or the inactive host reactivated in place under the new name.
 */
import type { HostState } from './activation-types'
import { checkHostName, HOST_NAME_MESSAGE, TRIAD_NAMES_MESSAGE } from './host-id'

export const ADD_HOST_MESSAGES = {
  inUse: (name: string, identifier: string) => `Host identifier ${name} (${identifier}) is already in use.`,
  rehostHint: ' If you want to rehost, please use the "Manage Activations" menu.',
} as const

/**
 * The host names of `serverName` (comma-separated) for a host of `idCount` ids:
 * one name for a single host, three for a triad (one per server, as the Add
 * New Host dialog's three rows give them), each passing the host name check.
 * A triad without three names gets TRIAD_NAMES_MESSAGE, any other bad name
 * HOST_NAME_MESSAGE (a comma in a single host's name is a special character).
 */
export function readHostNames(
  serverName: string,
  idCount: number,
): { ok: true; names: string[] } | { ok: false; message: string } {
  const names = serverName.split(',').map((name) => name.trim())
  const expected = idCount === 3 ? 3 : 1
  if (expected === 3 && names.length !== 3) return { ok: false, message: TRIAD_NAMES_MESSAGE }
  if (names.length !== expected || names.some((name) => checkHostName(name) !== null)) {
    return { ok: false, message: HOST_NAME_MESSAGE }
  }
  return { ok: true, names }
}

export interface ExistingHost {
  name: string
  state: HostState | string
  identifier: string
  /** No customer has it any more (every one deleted it): whatever its name, adding it brings it back. */
  deleted?: boolean
}

export type AddHostDecision = { kind: 'insert' } | { kind: 'reactivate' } | { kind: 'refuse'; message: string }

/** What adding a host named `name` does when its identifier is already `existing`'s. */
export function addHostDecision(existing: ExistingHost | undefined, name: string): AddHostDecision {
  if (!existing) return { kind: 'insert' }
  if (existing.deleted && existing.state === 'INACTIVE') return { kind: 'reactivate' }
  const inUse = ADD_HOST_MESSAGES.inUse(existing.name, existing.identifier)
  if (existing.name.toLowerCase() === name.toLowerCase()) return { kind: 'refuse', message: inUse }
  if (existing.state !== 'INACTIVE') return { kind: 'refuse', message: inUse + ADD_HOST_MESSAGES.rehostHint }
  return { kind: 'reactivate' }
}

const STATE_ORDER: Record<string, number> = { ACTIVE: 0, INACTIVE: 1, UNKNOWN: 2 }

type Listed = { state: string; name: string; serverId: string; serverIdType: string }

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Spec 3 sections 2 and 4: active hosts first, then inactive, then the rest; ties by name (any case), ids, type. */
export function compareServers(a: Listed, b: Listed): number {
  return (
    (STATE_ORDER[a.state] ?? 3) - (STATE_ORDER[b.state] ?? 3) ||
    byText(a.name.toLowerCase(), b.name.toLowerCase()) ||
    byText(a.serverId, b.serverId) ||
    byText(a.serverIdType, b.serverIdType)
  )
}
