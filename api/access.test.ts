import { describe, expect, it } from 'vitest'
import { buildAccountInfo, isStaff, type Account } from './access'
import { customerNumberSchema } from '../app/domain/customer-number'
import { PRODUCT_PREFIX } from '../app/domain/product'

const account: Account = {
  accountId: '42',
  accountName: 'Test Co',
  orgType: 'Channel',
  exportControlStatus: 'approved',
  hasSsl: 1,
  hasSharedLicense: 0,
  hasNamedLicense: 1,
  sharedServerSupport: 0,
  hasFsa: 0,
  hasElastic: 1,
  accessDisabled: 0,
  supportEmail: 'help@test.example',
}
const user = (roles: string[]) => ({ id: 1, email: 'u@x.example', name: 'U', roles })

describe('account info', () => {
  it('maps the contact role to the portal flags', () => {
    const row = { userId: 1, accountId: '42', role: 'asc', isFnpLicenseGenerator: 1, isSales: 0, isSalesAccess: 1 }
    expect(buildAccountInfo(account, row, user(['user']))).toMatchObject({
      isPortalView: 0,
      isPortalEdit: 0,
      isAsc: 1,
      isFNPLicenseGenerator: 1,
      isSalesAccess: 1,
      isSales: 0,
      hasNamedLicense: 1,
      [`${PRODUCT_PREFIX}ExportControlStatus`]: 'approved',
    })
  })

  it('derives the sales flags of staff from global roles', () => {
    expect(buildAccountInfo(account, undefined, user(['user', 'sales', 'salesaccess']))).toMatchObject({
      isSales: 1,
      isSalesAccess: 1,
      isPortalEdit: 0,
    })
  })

  it('knows staff roles', () => {
    expect(['busops', 'support', 'sales', 'salesaccess'].every((r) => isStaff(user([r])))).toBe(true)
    expect(isStaff(user(['user', 'admin']))).toBe(false)
  })

  it('accepts customer numbers as text or number', () => {
    expect(customerNumberSchema.parse(1000001)).toBe('1000001')
    expect(customerNumberSchema.parse(' 1000001 ')).toBe('1000001')
    expect(customerNumberSchema.safeParse("1' OR '1'='1").success).toBe(false)
  })
})
