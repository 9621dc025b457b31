import { describe, expect, it } from 'vitest'
import {
  DENIAL_REASONS,
  DENIAL_TEXTS,
  HEARTBEAT_INTERVAL_MS,
  LEASE_MS,
  decideCheckout,
  heldFor,
  isLeaseExpired,
  leaseEnd,
  mayUseShared,
  type SeatPool,
} from './web-seats'

const TODAY = '2026-11-27'
const user = { id: 7, groupIds: [1] }

const shared = (over: Partial<SeatPool> = {}): SeatPool => ({
  id: 1,
  type: 'SHARED_WEB',
  quantity: 10,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  groupIds: [],
  holderIds: [],
  active: 0,
  ...over,
})
const named = (over: Partial<SeatPool> = {}): SeatPool => shared({ id: 2, type: 'NAMED_USER', quantity: 5, ...over })

const decide = (...pools: SeatPool[]) => decideCheckout({ pools, user, today: TODAY })

describe('decideCheckout', () => {
  it('grants a free shared seat to any user when the entitlement has no group', () => {
    expect(decide(shared({ active: 9, startDate: TODAY, endDate: TODAY }))).toEqual({
      outcome: 'granted',
      entitlementId: 1,
    })
  })

  it('grants a shared seat to members of its groups only', () => {
    expect(decide(shared({ groupIds: [1, 3] }))).toEqual({ outcome: 'granted', entitlementId: 1 })
    expect(decide(shared({ groupIds: [3] }))).toEqual({ outcome: 'denied', reason: 'not-in-group', entitlementId: 1 })
    expect(mayUseShared({ groupIds: [] }, { id: 1, groupIds: [] })).toBe(true)
  })

  it('refuses when every seat the user may take is in use', () => {
    expect(decide(shared({ active: 10 }))).toEqual({ outcome: 'denied', reason: 'no-free-seat', entitlementId: 1 })
  })

  it('takes the shared entitlement that ends first, skipping a full one', () => {
    const later = shared({ id: 3, endDate: '2027-06-01' })
    const sooner = shared({ id: 4, endDate: '2026-12-31' })
    const open = shared({ id: 5, endDate: null })
    expect(decide(open, later, sooner)).toEqual({ outcome: 'granted', entitlementId: 4 })
    expect(decide(open, later, { ...sooner, active: 10 })).toEqual({ outcome: 'granted', entitlementId: 3 })
  })

  it('grants a named seat to its holder even when all its seats are held, on any number of machines', () => {
    const pool = named({ holderIds: [1, 2, 3, 4, 7], active: 12 })
    expect(decide(pool)).toEqual({ outcome: 'granted', entitlementId: 2 })
  })

  it('prefers the named seat the user holds over a shared one', () => {
    expect(decide(shared(), named({ holderIds: [7] }))).toEqual({ outcome: 'granted', entitlementId: 2 })
  })

  it('refuses a named entitlement to a user who holds none of its seats', () => {
    expect(decide(named({ holderIds: [1] }))).toEqual({
      outcome: 'denied',
      reason: 'not-named-user',
      entitlementId: 2,
    })
  })

  it('refuses out of term: not started, ended, and not started before ended', () => {
    const early = shared({ startDate: '2026-12-01' })
    const late = named({ endDate: '2026-11-26', holderIds: [7] })
    expect(decide(early)).toEqual({ outcome: 'denied', reason: 'not-started', entitlementId: 1 })
    expect(decide(late)).toEqual({ outcome: 'denied', reason: 'ended', entitlementId: 2 })
    expect(decide(late, early)).toMatchObject({ reason: 'not-started' })
  })

  it('refuses without any entitlement of the product, and an unknown user first of all', () => {
    expect(decide()).toEqual({ outcome: 'denied', reason: 'no-entitlement', entitlementId: null })
    expect(decideCheckout({ pools: [shared()], user: undefined, today: TODAY })).toEqual({
      outcome: 'denied',
      reason: 'unknown-user',
      entitlementId: null,
    })
  })

  it('gives the most specific reason: no-free-seat > not-in-group > not-named-user > not-started > ended', () => {
    const full = shared({ id: 11, active: 10 })
    const reserved = shared({ id: 12, groupIds: [9] })
    const notMine = named({ id: 13, holderIds: [1] })
    const early = shared({ id: 14, startDate: '2027-01-01' })
    const over = shared({ id: 15, endDate: '2026-01-01' })
    const reason = (...pools: SeatPool[]) => {
      const d = decide(...pools)
      return d.outcome === 'denied' ? [d.reason, d.entitlementId] : d
    }
    expect(reason(over, early, notMine, reserved, full)).toEqual(['no-free-seat', 11])
    expect(reason(over, early, notMine, reserved)).toEqual(['not-in-group', 12])
    expect(reason(over, early, notMine)).toEqual(['not-named-user', 13])
    expect(reason(over, early)).toEqual(['not-started', 14])
    expect(reason(over)).toEqual(['ended', 15])
  })

  it('has a text for every reason', () => {
    expect(DENIAL_REASONS.every((r) => DENIAL_TEXTS[r].length > 0)).toBe(true)
    expect(DENIAL_TEXTS['no-free-seat']).toBe('Every seat of this product is in use.')
  })
})

describe('lease', () => {
  it('lasts 15 minutes from the last heartbeat, which comes every 5 minutes', () => {
    expect(LEASE_MS).toBe(15 * 60_000)
    expect(HEARTBEAT_INTERVAL_MS * 3).toBe(LEASE_MS)
    expect(leaseEnd(1_000)).toBe(1_000 + LEASE_MS)
  })

  it('has expired once its end is reached', () => {
    expect(isLeaseExpired(5_000, 4_999)).toBe(false)
    expect(isLeaseExpired(5_000, 5_000)).toBe(true)
  })

  it('counts how long a seat was held, never negative', () => {
    expect(heldFor(1_000, 61_000)).toBe(60_000)
    expect(heldFor(2_000, 1_000)).toBe(0)
  })
})
