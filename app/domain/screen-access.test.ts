import { describe, expect, it } from 'vitest'
import { screenRedirect, type ScreenAccessInput } from './screen-access'
import type { AccountInfo, User } from './types'

const admin: User = { email: 'admin@acme.example', name: 'Ada Admin', roles: ['user'] }

function info(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    customerNumber: '1000001',
    customerName: 'Acme Aerospace',
    isPortalView: 0,
    isPortalEdit: 1,
    isAsc: 0,
    isFNPLicenseGenerator: 0,
    isAccessDisabled: 0,
    isSalesAccess: 0,
    isSales: 0,
    hasSSL: 1,
    hasSharedLicense: 0,
    hasNamedLicense: 0,
    hasFSA: 1,
    hasElastic: 1,
    orgType: 'Direct',
    supportEmail: '',
    ansysExportControlStatus: 'approved',
    ...overrides,
  } as AccountInfo
}

function input(pathname: string, overrides: Partial<ScreenAccessInput> = {}): ScreenAccessInput {
  const [path, search = ''] = pathname.split('?')
  return {
    pathname: path,
    searchParams: new URLSearchParams(search),
    user: admin,
    info: info(),
    customerNumber: '1000001',
    customerCount: null,
    ...overrides,
  }
}

describe('screenRedirect', () => {
  it('shows home and the customer search without a customer', () => {
    expect(screenRedirect(input('/home', { info: null, customerNumber: null }))).toBeNull()
    expect(screenRedirect(input('/customers', { info: null, customerNumber: null }))).toBeNull()
    expect(screenRedirect(input('/settings/features', { info: null, customerNumber: null }))).toBeNull()
  })

  it('sends customer screens to /noselectedcustomer without a customer', () => {
    expect(screenRedirect(input('/portalaccess', { info: null, customerNumber: null }))).toBe('/noselectedcustomer')
  })

  it('sends an export-denied customer to /noaccess', () => {
    expect(screenRedirect(input('/ssl', { info: info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>) }))).toBe(
      '/noaccess',
    )
  })

  it('sends an export-denied customer to /noaccess from home too', () => {
    const denied = info({ ansysExportControlStatus: 'DENIED' } as Partial<AccountInfo>)
    expect(screenRedirect(input('/home', { info: denied }))).toBe('/noaccess')
    expect(screenRedirect(input('/notifications', { info: denied }))).toBe('/noaccess')
  })

  it('applies the screen rules', () => {
    expect(screenRedirect(input('/emails', { info: info({ orgType: 'Indirect' }) }))).toBe('/notypecustomer?from=%2Femails')
    expect(screenRedirect(input('/ssl', { info: info({ orgType: 'Undefined' }) }))).toBe('/notypecustomer?from=%2Fssl')
    expect(screenRedirect(input('/activations', { info: info({ hasSSL: 0 }) }))).toBe('/')
    expect(screenRedirect(input('/ssl'))).toBeNull()
  })

  it('applies the notice pages exit rules', () => {
    expect(screenRedirect(input('/noselectedcustomer'))).toBe('/elastic')
    expect(screenRedirect(input('/noselectedcustomer', { info: null, customerNumber: null }))).toBeNull()
    expect(screenRedirect(input('/noaccess'))).toBe('/elastic')
    expect(
      screenRedirect(input('/noaccess', { info: info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>) })),
    ).toBeNull()
    expect(screenRedirect(input('/notypecustomer', { info: info({ orgType: 'Undefined' }) }))).toBeNull()
    expect(screenRedirect(input('/notypecustomer'))).toBe('/elastic')
    // The email list's own rule keeps an Indirect customer on the notice.
    expect(screenRedirect(input('/notypecustomer?from=/emails', { info: info({ orgType: 'Indirect' }) }))).toBeNull()
    expect(screenRedirect(input('/notypecustomer?from=/emails', { info: info({ orgType: 'Channel' }) }))).toBe('/elastic')
    expect(screenRedirect(input('/nopermissions?denied=1000001'))).toBeNull()
    expect(screenRedirect(input('/nopermissions?denied=1000002'))).toBe('/elastic')
    expect(screenRedirect(input('/nocustomer', { info: null, customerNumber: null, customerCount: 0 }))).toBeNull()
    expect(screenRedirect(input('/nocustomer', { info: null, customerNumber: null, customerCount: 3 }))).toBe('/home')
  })
})
