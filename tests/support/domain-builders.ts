import { EXPORT_STATUS_FIELD } from '../../app/domain/product'
import type { AccountInfo, User } from '../../app/domain/types'

/** Builders for tests of the domain rules. */
export function makeUser(roles: string[] = ['user'], overrides: Partial<User> = {}): User {
  return { email: 'jane.doe@example.com', name: 'Jane Doe', roles, ...overrides }
}

/** An approved Direct customer with no flags set. */
export function makeInfo(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    customerNumber: '1000001',
    customerName: 'Acme Engineering',
    isPortalView: 0,
    isPortalEdit: 0,
    isAsc: 0,
    isFNPLicenseGenerator: 0,
    isAccessDisabled: 0,
    isSalesAccess: 0,
    isSales: 0,
    hasSSL: 0,
    hasSharedLicense: 0,
    hasNamedLicense: 0,
    hasFSA: 0,
    hasElastic: 0,
    orgType: 'Direct',
    supportEmail: '',
    [EXPORT_STATUS_FIELD]: 'Approved',
    ...overrides,
  }
}
