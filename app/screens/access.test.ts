import { describe, expect, it } from 'vitest'
import {
  ELASTIC_VIEW_ONLY_MESSAGE,
  FLAG_OFF_MESSAGE,
  screenDecision,
  screenRedirect,
  type ScreenAccessInput,
  type ScreenDecisionInput,
} from './access'
import { PORTAL_ACCESS_MESSAGES } from '../domain/portal-access'
import type { AccountInfo, User } from '../domain/types'
import { WEB_MESSAGES } from '../domain/web-licenses'
import { SCREEN_IDS, screenDef, screenPath, type ScreenId } from './registry'

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
    expect(
      screenRedirect(input('/ssl', { info: info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>) })),
    ).toBe('/noaccess')
  })

  it('sends an export-denied customer to /noaccess from home too', () => {
    const denied = info({ ansysExportControlStatus: 'DENIED' } as Partial<AccountInfo>)
    expect(screenRedirect(input('/home', { info: denied }))).toBe('/noaccess')
    expect(screenRedirect(input('/notifications', { info: denied }))).toBe('/noaccess')
  })

  it('applies the screen rules', () => {
    expect(screenRedirect(input('/emails', { info: info({ orgType: 'Indirect' }) }))).toBe(
      '/notypecustomer?from=%2Femails',
    )
    expect(screenRedirect(input('/ssl', { info: info({ orgType: 'Undefined' }) }))).toBe('/notypecustomer?from=%2Fssl')
    expect(screenRedirect(input('/activations', { info: info({ hasSSL: 0 }) }))).toBe('/')
    expect(screenRedirect(input('/ssl'))).toBeNull()
  })

  it('applies the notice pages exit rules', () => {
    expect(screenRedirect(input('/noselectedcustomer'))).toBe('/elastic')
    expect(screenRedirect(input('/noselectedcustomer', { info: null, customerNumber: null }))).toBeNull()
    expect(screenRedirect(input('/noaccess'))).toBe('/elastic')
    expect(
      screenRedirect(
        input('/noaccess', { info: info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>) }),
      ),
    ).toBeNull()
    expect(screenRedirect(input('/notypecustomer', { info: info({ orgType: 'Undefined' }) }))).toBeNull()
    expect(screenRedirect(input('/notypecustomer'))).toBe('/elastic')
    // The email list's own rule keeps an Indirect customer on the notice.
    expect(screenRedirect(input('/notypecustomer?from=/emails', { info: info({ orgType: 'Indirect' }) }))).toBeNull()
    expect(screenRedirect(input('/notypecustomer?from=/emails', { info: info({ orgType: 'Channel' }) }))).toBe(
      '/elastic',
    )
    expect(screenRedirect(input('/nopermissions?denied=1000001'))).toBeNull()
    expect(screenRedirect(input('/nopermissions?denied=1000002'))).toBe('/elastic')
    expect(screenRedirect(input('/nocustomer', { info: null, customerNumber: null, customerCount: 0 }))).toBeNull()
    expect(screenRedirect(input('/nocustomer', { info: null, customerNumber: null, customerCount: 3 }))).toBe('/home')
  })
})

describe('screenDecision: every rule of a screen, in order', () => {
  const viewer = info({ isPortalEdit: 0, isPortalView: 1 })
  /** The screen of the path's first segments, as the route modules name theirs. */
  const screenAt = (pathname: string): ScreenId =>
    SCREEN_IDS.find((id) => !screenDef(id).param && screenPath(id) === pathname.split('?')[0]) ??
    SCREEN_IDS.find((id) => pathname.startsWith(`${screenPath(id)}/`))!
  const decide = (pathname: string, overrides: Partial<ScreenDecisionInput> = {}) =>
    screenDecision({ ...input(pathname), screen: screenAt(pathname), access: 'read', flags: [], ...overrides })

  it('shows a screen whose rules all pass', () => {
    expect(decide('/portalaccess')).toEqual({ kind: 'show' })
    expect(decide('/whitelistips', { access: 'write' })).toEqual({ kind: 'show' })
  })

  it('the customer rules come first, as redirects to the notice pages', () => {
    expect(decide('/emails', { customerNumber: null, info: null })).toEqual({
      kind: 'redirect',
      to: '/noselectedcustomer',
    })
    expect(decide('/emails', { info: info({ orgType: 'Indirect' }), access: 'write' })).toEqual({
      kind: 'redirect',
      to: '/notypecustomer?from=%2Femails',
    })
    const denied = info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>)
    expect(decide('/whitelistips', { info: denied, access: 'write' })).toEqual({ kind: 'redirect', to: '/noaccess' })
  })

  it('a notice page that stays is shown', () => {
    expect(decide('/noaccess', { info: info({ ansysExportControlStatus: 'Denied' } as Partial<AccountInfo>) })).toEqual(
      {
        kind: 'show',
      },
    )
    expect(decide('/noaccess')).toEqual({ kind: 'redirect', to: '/elastic' })
  })

  it('a screen switched off by its flag is refused with 403; without the flag service every screen is', () => {
    const flags = [{ name: 'emails', enabled: false, path: '/emails' }]
    expect(decide('/emails/12', { flags })).toEqual({ kind: 'refuse', status: 403, message: FLAG_OFF_MESSAGE })
    expect(decide('/emails', { flags: [{ ...flags[0], enabled: true }] })).toEqual({ kind: 'show' })
    expect(decide('/home', { flags: null })).toMatchObject({ kind: 'refuse', status: 403 })
  })

  it('the classic web assignments, switched off for the matrix, send the user to the matrix', () => {
    const webCustomer = info({ hasSharedLicense: 1, hasNamedLicense: 1 })
    const gates = (classic: boolean, matrix: boolean) => [
      { name: 'webAssignmentsClassic', enabled: classic, path: '/webassignments' },
      { name: 'webAssignmentsV2', enabled: matrix, path: '/webassignments-v2' },
    ]
    for (const path of ['/webassignments', '/webassignments/users', '/webassignments/groups']) {
      expect(decide(path, { info: webCustomer, flags: gates(false, true) })).toEqual({
        kind: 'redirect',
        to: '/webassignments-v2',
      })
      expect(decide(path, { info: webCustomer, flags: gates(true, false) })).toEqual({ kind: 'show' })
      // Both off: there is nothing to send the user to.
      expect(decide(path, { info: webCustomer, flags: gates(false, false) })).toEqual({
        kind: 'refuse',
        status: 403,
        message: FLAG_OFF_MESSAGE,
      })
    }
    expect(decide('/webassignments-v2', { info: webCustomer, flags: gates(true, false) })).toEqual({
      kind: 'refuse',
      status: 403,
      message: FLAG_OFF_MESSAGE,
    })
  })

  it('a view-only user may read the settings screens but not change them', () => {
    for (const path of ['/whitelistips', '/clscredentials', '/portalaccess']) {
      expect(decide(path, { info: viewer })).toEqual({ kind: 'show' })
    }
    expect(decide('/whitelistips', { info: viewer, access: 'write' })).toEqual({
      kind: 'refuse',
      status: 403,
      message: ELASTIC_VIEW_ONLY_MESSAGE,
    })
    expect(decide('/clscredentials', { info: viewer, access: 'write' })).toMatchObject({ status: 403 })
    expect(decide('/portalaccess', { info: viewer, access: 'write' })).toEqual({
      kind: 'refuse',
      status: 403,
      message: PORTAL_ACCESS_MESSAGES.viewOnly,
    })
  })

  it('a view-only user may read every web assignments page but post to none, its record pages included', () => {
    const web = info({ isPortalEdit: 0, isPortalView: 1, hasSharedLicense: 1, hasNamedLicense: 1 })
    const pages: [ScreenId, string][] = [
      ['webGroups', '/webassignments/groups'],
      ['webGroup', '/webassignments/groups/Design'],
      ['webUsers', '/webassignments/users'],
      ['webUser', '/webassignments/users/ann%40acme.example'],
      ['webEntitlement', '/webassignments/entitlements/7'],
      ['webAssignmentsV2', '/webassignments-v2'],
    ]
    for (const [screen, pathname] of pages) {
      expect([screen, decide(pathname, { screen, info: web })]).toEqual([screen, { kind: 'show' }])
      expect([screen, decide(pathname, { screen, info: web, access: 'write' })]).toEqual([
        screen,
        { kind: 'refuse', status: 403, message: WEB_MESSAGES.viewOnly },
      ])
      const editor = info({ hasSharedLicense: 1, hasNamedLicense: 1 })
      expect([screen, decide(pathname, { screen, info: editor, access: 'write' })]).toEqual([screen, { kind: 'show' }])
    }
  })

  it('business operations may change a customer they hold no role on', () => {
    const busops: User = { email: 'busops@vendor.example', name: 'Bo', roles: ['user', 'busops'] }
    const none = info({ isPortalEdit: 0 })
    expect(decide('/whitelistips', { user: busops, info: none, access: 'write' })).toEqual({ kind: 'show' })
  })
})
