import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { NOTICE_TITLES } from './notice-pages'
import { breadcrumbs } from './breadcrumbs'
import { navigationGroups } from './navigation'
import { NAV_GROUPS, SCREEN_IDS, screenDef, screenPath, screenTitle, type ScreenId } from './registry'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'

const ROUTES_DIR = join(import.meta.dirname, '..', 'routes')

/** The address of a flat route module of the portal layout ('_portal.emails.$id.tsx' is '/emails/:id'). */
function routeAddress(file: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .replace(/\[\.\]/g, '%2E')
    .split('.')
    .slice(1)
    .filter((s) => s !== '_index')
    .map((s) => s.replace(/_$/, '').replace(/^\$/, ':').replace(/%2E/g, '.'))
  return `/${segments.join('/')}`
}

/** The portal's route modules that render a page (resource routes export no component; '$' is the 404 page). */
const SCREEN_FILES = readdirSync(ROUTES_DIR)
  .filter((file) => file.startsWith('_portal.') && file !== '_portal.tsx' && file !== '_portal.$.tsx')
  .filter((file) => /^export default /m.test(readFileSync(join(ROUTES_DIR, file), 'utf8')))
const SCREEN_ROUTES = SCREEN_FILES.map(routeAddress)

/** Whether the route module at this address takes posted forms. */
const takesForms = (path: string) => {
  const file = SCREEN_FILES.find((f) => routeAddress(f) === path)
  return (
    file !== undefined && /^export (async function|const) action\b/m.test(readFileSync(join(ROUTES_DIR, file), 'utf8'))
  )
}

const address = (id: ScreenId) => {
  const def = screenDef(id)
  return def.param ? `${def.path}/:${def.param}` : def.path
}

describe('the screen registry', () => {
  it('has an entry for every route module that renders a screen, and a route for every entry', () => {
    expect(SCREEN_ROUTES.length).toBeGreaterThan(25)
    expect(new Set(SCREEN_IDS.map(address))).toEqual(new Set(SCREEN_ROUTES))
  })

  it('declares each address once', () => {
    const addresses = SCREEN_IDS.map(address)
    expect(new Set(addresses).size).toBe(addresses.length)
  })

  it('links every menu item to a screen route, under the same name in its breadcrumb', () => {
    const everything = makeInfo({ hasSSL: 1, hasFSA: 1, hasElastic: 1, hasSharedLicense: 1 })
    const items = [
      ...navigationGroups(makeUser(['busops']), everything),
      ...navigationGroups(makeUser(['busops']), everything, [screenPath('webAssignmentsV2')]),
    ].flatMap((group) => group.items)
    expect(items.length).toBeGreaterThan(15)
    for (const item of items) {
      expect(SCREEN_ROUTES).toContain(item.path)
      expect(breadcrumbs(item.path).at(-1)).toEqual({ label: item.label, path: item.path })
    }
  })

  it('puts every menu screen in a group of the menu', () => {
    const groups = NAV_GROUPS.map((g) => g.id as string)
    for (const def of SCREEN_IDS.map(screenDef).filter((d) => d.nav)) {
      expect(groups).toContain(def.group)
    }
  })

  it('gives a sub-page the customer rule of the screen it follows, by its address below that screen', () => {
    for (const def of SCREEN_IDS.map(screenDef).filter((d) => d.parent)) {
      const parent = screenDef(def.parent!)
      expect(def.customer).toBeUndefined()
      if (parent.customer) expect(def.path === parent.path || def.path.startsWith(`${parent.path}/`)).toBe(true)
    }
  })

  it('lets only those the web licensing rule allows post to every web assignments page that takes a form', () => {
    const web = SCREEN_IDS.filter((id) => screenPath(id).startsWith('/webassignments'))
    const posting = web.filter((id) => takesForms(address(id)))
    expect(posting).toEqual(
      expect.arrayContaining(['webEntitlement', 'webGroups', 'webGroup', 'webUsers', 'webUser', 'webAssignmentsV2']),
    )
    for (const id of posting) expect([id, screenDef(id).write]).toEqual([id, 'webLicensing'])
    // The pages that take no form have nothing to refuse; a form added to one must bring the rule (above).
    expect(web.filter((id) => !posting.includes(id))).toEqual(['webAssignments', 'webEntitlements'])
  })

  it('names its flagged variants after screens of the menu', () => {
    for (const def of SCREEN_IDS.map(screenDef).filter((d) => d.flagVariantOf)) {
      expect(screenDef(def.flagVariantOf!).nav).toBeDefined()
      expect(def.group).toBe(screenDef(def.flagVariantOf!).group)
    }
  })
})

describe('screenTitle', () => {
  it.each([
    ['home', '/home', 'Home'],
    ['emails', '/emails', 'Emails'],
    ['alerts', '/notifications', 'Alerts'],
    ['elasticIpSettings', '/whitelistips', 'Elastic IP Settings'],
    ['elasticCredentials', '/clscredentials', 'Elastic Credentials'],
    ['portalAccess', '/portalaccess', 'Licensing Portal Access'],
    ['portalAccessAudit', '/portalaccess/audit', 'Change History'],
    ['features', '/settings/features', 'Features'],
    ['ssl', '/ssl', 'Leases/Perpetuals'],
    ['elastic', '/elastic', 'Elastic Licensing'],
    ['fsa', '/entitlementsFSA', 'Flexible Spending Account'],
    ['activations', '/activations', 'Activate Entitlements'],
    ['activationsHistory', '/activations-history', 'Manage Activations'],
    ['licenseCheck', '/activations-history/check', 'Check a Licence File'],
    ['usage', '/transactions', 'Usage Transactions'],
    ['statements', '/statementv2', 'Elastic Statements'],
    ['webAssignments', '/webassignments', 'Assignments'],
    ['webAssignmentsV2', '/webassignments-v2', 'Assignments'],
    ['webTransactions', '/webtransactions', 'Transactions'],
    ['webReporting', '/webreporting', 'Reporting'],
    ['help', '/help', 'Help'],
    ['nopermissions', '/nopermissions', NOTICE_TITLES.nopermissions],
  ] as const)('%s (%s) is %s, as its breadcrumb says', (id, path, name) => {
    expect(screenPath(id)).toBe(path)
    expect(screenTitle(id)).toBe(name)
    expect(breadcrumbs(path).at(-1)?.label).toBe(name)
  })

  it('is empty for a screen without a name, which has no breadcrumb', () => {
    expect(screenTitle('customers')).toBe('')
    expect(breadcrumbs('/customers')).toEqual([])
    expect(breadcrumbs('/no-such-page')).toEqual([])
  })
})
