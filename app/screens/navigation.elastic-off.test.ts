import { describe, expect, it, vi } from 'vitest'
import { navigationGroups } from './navigation'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'
import type * as Permissions from '../domain/permissions'

// Elastic is always allowed today; these tests pin the rules that read it, should that change.
vi.mock('../domain/permissions', async (importOriginal) => ({
  ...(await importOriginal<typeof Permissions>()),
  elasticAllowed: () => false,
}))

const ids = (groups: ReturnType<typeof navigationGroups>) => groups.map((g) => g.id)

describe('navigationGroups when elastic is not allowed', () => {
  it('hides Elastic Reporting and Messages even with elastic on the account', () => {
    const groups = navigationGroups(makeUser(), makeInfo({ hasElastic: 1 }))
    expect(ids(groups)).toEqual(['entitlements', 'settings'])
  })

  it('keeps Settings while SSL access is permissible', () => {
    expect(ids(navigationGroups(makeUser(), makeInfo()))).toContain('settings')
  })

  it('hides Settings when SSL access is not permissible either', () => {
    expect(ids(navigationGroups(makeUser(), makeInfo({ isAccessDisabled: 1 })))).toEqual(['entitlements'])
    expect(ids(navigationGroups(makeUser(), null))).toEqual(['entitlements'])
  })
})
