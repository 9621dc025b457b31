import { describe, expect, it } from 'vitest'
import {
  allowedLeft,
  isWebEntitlementType,
  namedHolders,
  namedSeatShortfall,
  parseWebRole,
  removeGroupConfirmation,
  removeUserConfirmation,
  webRoleLabel,
  webTermLabel,
  webTermState,
} from './web-licenses'

describe('roles', () => {
  it('labels member and admin as the portal shows them', () => {
    expect(webRoleLabel('member')).toBe('Member')
    expect(webRoleLabel('admin')).toBe('Customer Administrator')
  })

  it('reads a role by code or label in any case; empty is a member; anything else is unknown', () => {
    expect(parseWebRole('')).toBe('member')
    expect(parseWebRole(' ADMIN ')).toBe('admin')
    expect(parseWebRole('customer administrator')).toBe('admin')
    expect(parseWebRole('Member')).toBe('member')
    expect(parseWebRole('owner')).toBeNull()
  })
})

describe('types', () => {
  it('knows the two web entitlement types', () => {
    expect(isWebEntitlementType('SHARED_WEB')).toBe(true)
    expect(isWebEntitlementType('NAMED_USER')).toBe(true)
    expect(isWebEntitlementType('SSL')).toBe(false)
  })
})

describe('webTermState', () => {
  it('is not started before the start, ended after the end, in term on both days and in between', () => {
    expect(webTermState('2026-03-02', '2026-12-31', '2026-03-01')).toBe('not-started')
    expect(webTermState('2026-03-01', '2026-12-31', '2026-03-01')).toBe('in-term')
    expect(webTermState('2026-01-01', '2026-03-01', '2026-03-01')).toBe('in-term')
    expect(webTermState('2026-01-01', '2026-02-28', '2026-03-01')).toBe('ended')
    expect(webTermState('2026-01-01', null, '2099-03-01')).toBe('in-term')
    expect(webTermLabel('not-started')).toBe('Not started')
  })
})

describe('named seats', () => {
  it('counts each person once, through a direct seat or a group, and drops direct seats past their end', () => {
    const holders = namedHolders(
      [
        { userId: 1, endDate: null },
        { userId: 2, endDate: '2026-03-01' },
        { userId: 3, endDate: '2026-02-28' },
      ],
      [1, 4, 4, 5],
      '2026-03-01',
    )
    expect([...holders].sort()).toEqual([1, 2, 4, 5])
  })

  it('refuses a change that would hold more people than seats, naming the entitlement and the numbers', () => {
    const check = { productName: 'Ansys Mechanical - Named User', quantity: 5 }
    expect(namedSeatShortfall({ ...check, held: 5, wanted: 7 })).toBe(
      'Ansys Mechanical - Named User has 5 seats: 5 are held, 2 more are needed.',
    )
    expect(namedSeatShortfall({ ...check, quantity: 1, held: 1, wanted: 2 })).toBe(
      'Ansys Mechanical - Named User has 1 seat: 1 is held, 1 more is needed.',
    )
    expect(namedSeatShortfall({ ...check, held: 3, wanted: 5 })).toBeNull()
    // Over already (a lowered quantity): changes that do not add holders stay possible.
    expect(namedSeatShortfall({ ...check, held: 7, wanted: 6 })).toBeNull()
    expect(namedSeatShortfall({ ...check, held: 7, wanted: 8 })).not.toBeNull()
  })

  it('gives the allowed number left, never below zero', () => {
    expect(allowedLeft(5, 3)).toBe(2)
    expect(allowedLeft(5, 7)).toBe(0)
  })
})

describe('confirmations', () => {
  it('asks before removing a user who holds a named seat or a running session', () => {
    expect(removeUserConfirmation('Ann Lee', [], 0)).toBeNull()
    expect(removeUserConfirmation('Ann Lee', ['Ansys Mechanical - Named User'], 2)).toBe(
      'Ann Lee holds a named seat of Ansys Mechanical - Named User and has 2 running sessions, which will end at once. Confirm to remove the user.',
    )
    expect(removeUserConfirmation('Ann Lee', [], 1)).toBe(
      'Ann Lee has 1 running session, which will end at once. Confirm to remove the user.',
    )
  })

  it('asks before deleting a group with members or assignments', () => {
    expect(removeGroupConfirmation('Design', 0, 0)).toBeNull()
    expect(removeGroupConfirmation('Design', 10, 1)).toBe(
      'The group Design has 10 members and 1 licence assignment. Confirm to delete it; its members stay users.',
    )
  })
})
