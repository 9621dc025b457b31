import { describe, expect, it } from 'vitest'
import { NAV_LAYOUT, compactNav, expandNav, navHref, navigationGroups } from './navigation'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'
import { SCREENS } from './registry'

const WEB_ASSIGNMENTS_PATH = SCREENS.webAssignments.path
const WEB_ASSIGNMENTS_V2_PATH = SCREENS.webAssignmentsV2.path

const customer = makeUser(['user'])
const busops = makeUser(['busops'])

const ids = (groups: ReturnType<typeof navigationGroups>) => groups.map((g) => g.id)
const group = (groups: ReturnType<typeof navigationGroups>, id: string) => groups.find((g) => g.id === id)
const paths = (groups: ReturnType<typeof navigationGroups>, id: string) => group(groups, id)?.items.map((i) => i.path)

const everything = makeInfo({
  hasSSL: 1,
  hasFSA: 1,
  hasElastic: 1,
  hasSharedLicense: 1,
  hasNamedLicense: 1,
})

describe('navigationGroups', () => {
  it('lists every group and item for a customer with every product', () => {
    expect(navigationGroups(customer, everything)).toEqual([
      {
        id: 'entitlements',
        label: 'Entitlements',
        items: [
          { label: 'Leases/Perpetuals', path: '/ssl' },
          { label: 'Elastic Licensing', path: '/elastic' },
          { label: 'Flexible Spending Account', path: '/entitlementsFSA' },
        ],
      },
      {
        id: 'activations',
        label: 'Activations',
        items: [
          { label: 'Activate Entitlements', path: '/activations' },
          { label: 'Manage Activations', path: '/activations-history' },
        ],
      },
      {
        id: 'web',
        label: 'Web',
        items: [
          { label: 'Assignments', path: '/webassignments' },
          { label: 'Transactions', path: '/webtransactions' },
          { label: 'Reporting', path: '/webreporting' },
        ],
      },
      {
        id: 'elasticReporting',
        label: 'Elastic Reporting',
        items: [
          { label: 'Usage Transactions', path: '/transactions' },
          { label: 'Elastic Statements', path: '/statementv2' },
        ],
      },
      {
        id: 'settings',
        label: 'Settings',
        items: [
          { label: 'Licensing Portal Access', path: '/portalaccess' },
          { label: 'Elastic Credentials', path: '/clscredentials' },
          { label: 'Elastic IP Settings', path: '/whitelistips' },
        ],
      },
      {
        id: 'messages',
        label: 'Messages',
        items: [
          { label: 'Emails', path: '/emails' },
          { label: 'Alerts', path: '/notifications' },
        ],
      },
    ])
  })

  it('shows only the always-on groups for a customer with no products', () => {
    const groups = navigationGroups(customer, makeInfo())
    expect(ids(groups)).toEqual(['entitlements', 'settings', 'messages'])
    expect(paths(groups, 'entitlements')).toEqual(['/ssl', '/elastic'])
    expect(paths(groups, 'settings')).toEqual(['/portalaccess'])
  })

  describe('with no customer selected', () => {
    it.each([null, undefined])('keeps Entitlements, Settings and Messages for info %s', (info) => {
      const groups = navigationGroups(busops, info)
      expect(ids(groups)).toEqual(['entitlements', 'settings', 'messages'])
      expect(paths(groups, 'entitlements')).toEqual(['/ssl', '/elastic'])
      expect(paths(groups, 'settings')).toEqual(['/portalaccess'])
      expect(paths(groups, 'messages')).toEqual(['/emails', '/notifications'])
    })

    it('works without a user either', () => {
      expect(ids(navigationGroups(null, null))).toEqual(['entitlements', 'settings', 'messages'])
    })
  })

  it('adds the FSA item only when the account has FSA', () => {
    expect(paths(navigationGroups(customer, makeInfo({ hasFSA: 1 })), 'entitlements')).toContain('/entitlementsFSA')
    expect(paths(navigationGroups(customer, makeInfo({ hasFSA: 0 })), 'entitlements')).not.toContain('/entitlementsFSA')
  })

  describe('Activations', () => {
    it('shows when activations are allowed', () => {
      expect(ids(navigationGroups(customer, makeInfo({ hasSSL: 1 })))).toContain('activations')
      expect(ids(navigationGroups(busops, makeInfo({ hasSSL: 1, isAccessDisabled: 1 })))).toContain('activations')
    })

    it('hides without hasSSL', () => {
      expect(ids(navigationGroups(busops, makeInfo({ hasSSL: 0 })))).not.toContain('activations')
    })

    it('hides without self-serve licensing', () => {
      expect(ids(navigationGroups(customer, makeInfo({ hasSSL: 1, isFNPLicenseGenerator: 1 })))).not.toContain(
        'activations',
      )
    })
  })

  describe('Web', () => {
    it('shows with shared licenses', () => {
      expect(ids(navigationGroups(customer, makeInfo({ hasSharedLicense: 1 })))).toContain('web')
    })

    it('shows with named licenses', () => {
      expect(ids(navigationGroups(customer, makeInfo({ hasNamedLicense: 1 })))).toContain('web')
    })

    it('hides with neither', () => {
      expect(ids(navigationGroups(customer, makeInfo()))).not.toContain('web')
    })

    it('links the plain assignments page by default', () => {
      expect(paths(navigationGroups(customer, makeInfo({ hasSharedLicense: 1 })), 'web')?.[0]).toBe(
        WEB_ASSIGNMENTS_PATH,
      )
    })

    it('links the flagged variant when its flag path is enabled', () => {
      const groups = navigationGroups(customer, makeInfo({ hasSharedLicense: 1 }), [
        '/entitlementsFSA',
        '/webassignments-v2',
      ])
      expect(paths(groups, 'web')).toEqual([WEB_ASSIGNMENTS_V2_PATH, '/webtransactions', '/webreporting'])
    })

    it('matches the flag path ignoring case and spaces', () => {
      const groups = navigationGroups(customer, makeInfo({ hasNamedLicense: 1 }), [' /WebAssignments-V2 '])
      expect(paths(groups, 'web')?.[0]).toBe(WEB_ASSIGNMENTS_V2_PATH)
    })

    it('ignores other enabled flag paths', () => {
      const groups = navigationGroups(customer, makeInfo({ hasNamedLicense: 1 }), ['/webassignments-v3'])
      expect(paths(groups, 'web')?.[0]).toBe(WEB_ASSIGNMENTS_PATH)
    })
  })

  describe('Elastic', () => {
    it('shows Elastic Reporting and the elastic settings when the account has elastic', () => {
      const groups = navigationGroups(customer, makeInfo({ hasElastic: 1 }))
      expect(paths(groups, 'elasticReporting')).toEqual(['/transactions', '/statementv2'])
      expect(paths(groups, 'settings')).toEqual(['/portalaccess', '/clscredentials', '/whitelistips'])
    })

    it('hides them otherwise', () => {
      const groups = navigationGroups(customer, makeInfo({ hasElastic: 0 }))
      expect(ids(groups)).not.toContain('elasticReporting')
      expect(paths(groups, 'settings')).toEqual(['/portalaccess'])
    })
  })

  it('keeps the group order fixed', () => {
    expect(ids(navigationGroups(busops, everything))).toEqual([
      'entitlements',
      'activations',
      'web',
      'elasticReporting',
      'settings',
      'messages',
    ])
  })
})

describe('NAV_LAYOUT', () => {
  it('holds the menu figures', () => {
    expect(NAV_LAYOUT).toEqual({ contentMarginOpen: 240, contentMarginClosed: 40, sidebarWidth: 300 })
  })
})

describe('compactNav and expandNav', () => {
  it('send only group ids and paths, and restore the same groups', () => {
    const groups = navigationGroups(customer, everything, [WEB_ASSIGNMENTS_V2_PATH])
    const compact = compactNav(groups)
    expect(compact[0]).toEqual(['entitlements', ['/ssl', '/elastic', '/entitlementsFSA']])
    expect(JSON.stringify(compact)).not.toContain('Leases/Perpetuals')
    expect(expandNav(compact)).toEqual(groups)
  })
})

describe('navHref', () => {
  it('tells Elastic Licensing it was chosen from the side menu, and leaves the other items alone', () => {
    expect(navHref('/elastic')).toBe('/elastic?fromLeftMenu=true')
    expect(navHref('/ssl')).toBe('/ssl')
  })
})
