/**
 * The web licence service's rules: whether a checkout of a product is granted and on which
 * entitlement, or refused and why, and the lease a granted seat is held by (its heartbeats
 * keep it, a lease past its end returns it). The term and who holds a named seat are the
 * management's rules (./web-licenses).
 */
import { webTermState, type WebEntitlementType } from './web-licenses'

const termState = (pool: Pick<SeatPool, 'startDate' | 'endDate'>, today: string) =>
  webTermState(pool.startDate, pool.endDate, today)

export const DENIAL_REASONS = [
  'unknown-user',
  'no-entitlement',
  'not-started',
  'ended',
  'not-named-user',
  'not-in-group',
  'no-free-seat',
  'export-control',
] as const
export type DenialReason = (typeof DENIAL_REASONS)[number]

/** What a refusal tells the product (and, later, the customer's web transactions). */
export const DENIAL_TEXTS: Record<DenialReason, string> = {
  'unknown-user': 'This e-mail is not a web licence user of the customer.',
  'no-entitlement': 'The customer has no web licence for this product.',
  'not-started': 'The web licence for this product has not started yet.',
  ended: 'The web licence for this product has ended.',
  'not-named-user': 'A named seat of this product is not assigned to this user.',
  'not-in-group': 'This product is reserved for groups this user is not a member of.',
  'no-free-seat': 'Every seat of this product is in use.',
  'export-control': 'The customer is under export control: its web licences cannot be used.',
}

/** One web entitlement of the customer for the product asked for, as the decision needs it. */
export interface SeatPool {
  id: number
  type: WebEntitlementType
  /** Shared: concurrent seats; named: people. */
  quantity: number
  startDate: string
  endDate: string | null
  /** Groups it is assigned to; for a shared entitlement, none means every web user of the customer. */
  groupIds: readonly number[]
  /** Named: the users holding a seat (namedHolders: direct seats still running, and members of its groups). */
  holderIds: readonly number[]
  /** Checkouts running now. */
  active: number
}

/** The web user asking, with the groups the user is a member of. */
export interface SeatUser {
  id: number
  groupIds: readonly number[]
}

export type CheckoutDecision =
  | { outcome: 'granted'; entitlementId: number }
  /** `entitlementId`: the entitlement the refusal is about, when there is one. */
  | { outcome: 'denied'; reason: DenialReason; entitlementId: number | null }

/** Earliest end first (an open end last), then the oldest entitlement: the seat that runs out first is used first. */
const byEnd = (a: SeatPool, b: SeatPool) =>
  (a.endDate ?? '9999-12-31').localeCompare(b.endDate ?? '9999-12-31') || a.id - b.id

/** A shared entitlement without groups is everyone's; with groups, only their members'. */
export function mayUseShared(pool: Pick<SeatPool, 'groupIds'>, user: SeatUser): boolean {
  return pool.groupIds.length === 0 || pool.groupIds.some((id) => user.groupIds.includes(id))
}

/**
 * Grants a named seat the user holds (the seat is the person: any number of machines at once),
 * else a free seat of a shared entitlement the user may use, the one that ends first; otherwise
 * refuses with the most specific reason: no-free-seat > not-in-group > not-named-user >
 * not-started > ended > no-entitlement (an unknown user before all of them).
 */
export function decideCheckout({
  pools,
  user,
  today,
}: {
  pools: readonly SeatPool[]
  user: SeatUser | undefined
  today: string
}): CheckoutDecision {
  const denied = (reason: DenialReason, pool?: SeatPool): CheckoutDecision => ({
    outcome: 'denied',
    reason,
    entitlementId: pool?.id ?? null,
  })
  if (!user) return denied('unknown-user')
  const sorted = [...pools].sort(byEnd)
  const inTerm = sorted.filter((p) => termState(p, today) === 'in-term')
  const named = inTerm.filter((p) => p.type === 'NAMED_USER')
  const shared = inTerm.filter((p) => p.type === 'SHARED_WEB')
  const held = named.find((p) => p.holderIds.includes(user.id))
  if (held) return { outcome: 'granted', entitlementId: held.id }
  const usable = shared.filter((p) => mayUseShared(p, user))
  const free = usable.find((p) => p.active < p.quantity)
  if (free) return { outcome: 'granted', entitlementId: free.id }
  if (usable.length > 0) return denied('no-free-seat', usable[0])
  if (shared.length > 0) return denied('not-in-group', shared[0])
  if (named.length > 0) return denied('not-named-user', named[0])
  const notStarted = sorted.find((p) => termState(p, today) === 'not-started')
  if (notStarted) return denied('not-started', notStarted)
  const ended = sorted.find((p) => termState(p, today) === 'ended')
  if (ended) return denied('ended', ended)
  return denied('no-entitlement')
}

/** A lease lasts this long from its last heartbeat. */
export const LEASE_MS = 15 * 60_000
/** How often the product heartbeats (told to it with the seat): three heartbeats fit in one lease. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60_000

/** When a lease renewed at `at` (epoch ms) ends. */
export const leaseEnd = (at: number) => at + LEASE_MS

/** A lease has expired once its end is reached: the seat is free again. */
export const isLeaseExpired = (leaseExpiresAt: number, now: number) => leaseExpiresAt <= now

/** How long a seat was held, in milliseconds. */
export const heldFor = (startedAt: number, endedAt: number) => Math.max(0, endedAt - startedAt)
