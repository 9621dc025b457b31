import { describe, expect, it } from 'vitest'
import { categoryTitle as alertCategoryTitle } from '../domain/alerts'
import { breadcrumbs } from './breadcrumbs'
import { NAV_GROUPS, SCREEN_IDS, screenDef } from './registry'

/** The one-level screens' labels, as the registry declares them: [group, page], or [page] outside the menu. */
const ROUTE_LABELS = Object.fromEntries(
  SCREEN_IDS.map(screenDef)
    .filter((def) => def.title && !def.param && !def.parent && !def.segmentCrumbs && def.path.lastIndexOf('/') === 0)
    .map((def) => [def.path, [NAV_GROUPS.find((g) => g.id === def.group)?.label, def.title].filter(Boolean)]),
)

const labels = (pathname: string) =>
  breadcrumbs(pathname)
    .map((c) => c.label)
    .join(' > ')

describe('breadcrumbs: route label table', () => {
  it.each([
    ['/home', 'Home'],
    ['/elastic', 'Entitlements > Elastic Licensing'],
    ['/ssl', 'Entitlements > Leases/Perpetuals'],
    ['/entitlementsFSA', 'Entitlements > Flexible Spending Account'],
    ['/activations', 'Activations > Activate Entitlements'],
    ['/activations-history', 'Activations > Manage Activations'],
    ['/webtransactions', 'Web > Transactions'],
    ['/webreporting', 'Web > Reporting'],
    ['/transactions', 'Elastic Reporting > Usage Transactions'],
    ['/statementv2', 'Elastic Reporting > Elastic Statements'],
    ['/portalaccess', 'Settings > Licensing Portal Access'],
    ['/clscredentials', 'Settings > Elastic Credentials'],
    ['/whitelistips', 'Settings > Elastic IP Settings'],
    ['/emails', 'Messages > Emails'],
    ['/notifications', 'Messages > Alerts'],
    ['/nocustomer', 'No customer'],
    ['/noselectedcustomer', 'No customer selected'],
    ['/notypecustomer', 'Customer type not allowed'],
    ['/nopermissions', 'Not enough permissions'],
    ['/noaccess', 'Access denied'],
    ['/noascaccess', 'Support Coordinator required'],
  ])('%s -> %s', (path, expected) => {
    expect(labels(path)).toBe(expected)
  })

  it('links only the page crumb', () => {
    expect(breadcrumbs('/transactions')).toEqual([
      { label: 'Elastic Reporting' },
      { label: 'Usage Transactions', path: '/transactions' },
    ])
    expect(breadcrumbs('/home')).toEqual([{ label: 'Home', path: '/home' }])
  })

  it('covers every entry of the table', () => {
    for (const [path, parts] of Object.entries(ROUTE_LABELS)) {
      expect(labels(path)).toBe(parts.join(' > '))
    }
  })

  it('ignores case, trailing slashes and matrix parameters', () => {
    expect(breadcrumbs('/ENTITLEMENTSFSA/')).toEqual([
      { label: 'Entitlements' },
      { label: 'Flexible Spending Account', path: '/entitlementsFSA' },
    ])
    expect(labels('/activations;id=12;action=rehost')).toBe('Activations > Activate Entitlements')
  })
})

describe('breadcrumbs: parameterised routes', () => {
  it('adds Email Details for an email', () => {
    expect(breadcrumbs('/emails/42')).toEqual([
      { label: 'Messages' },
      { label: 'Emails', path: '/emails' },
      { label: 'Email Details', path: '/emails/42' },
    ])
  })

  it('adds the category heading for a category of alerts', () => {
    expect(breadcrumbs('/notifications-category/critical')).toEqual([
      { label: 'Messages' },
      { label: 'Alerts', path: '/notifications' },
      { label: 'Outage Alerts', path: '/notifications-category/critical' },
    ])
    expect(labels('/notifications-category/warning')).toBe('Messages > Alerts > Service Degradation Alerts')
    expect(labels('/notifications-category/info')).toBe('Messages > Alerts > Planned Maintenance Alerts')
    expect(labels('/notifications-category/ok')).toBe('Messages > Alerts > Information Alerts')
  })

  it('adds Alert Details for one alert', () => {
    expect(breadcrumbs('/notification-details/7')).toEqual([
      { label: 'Messages' },
      { label: 'Alerts', path: '/notifications' },
      { label: 'Alert Details', path: '/notification-details/7' },
    ])
  })

  it('names a help article by the title the server knows, else by its address', () => {
    expect(breadcrumbs('/help')).toEqual([{ label: 'Help', path: '/help' }])
    const titles = { helpArticle: (slug: string) => (slug === 'rehost' ? 'Rehost a licence server' : undefined) }
    expect(breadcrumbs('/help/rehost', titles)).toEqual([
      { label: 'Help', path: '/help' },
      { label: 'Rehost a licence server', path: '/help/rehost' },
    ])
    expect(breadcrumbs('/help/export-a-grid', titles).at(-1)).toEqual({
      label: 'Export a grid',
      path: '/help/export-a-grid',
    })
  })
})

describe('breadcrumbs: web assignments', () => {
  it('shows Web then each labelled segment, each linking to its prefix', () => {
    expect(breadcrumbs('/webassignments/groups/users')).toEqual([
      { label: 'Web' },
      { label: 'Assignments', path: '/webassignments' },
      { label: 'Groups', path: '/webassignments/groups' },
      { label: 'Users', path: '/webassignments/groups/users' },
    ])
  })

  it('labels the flagged variant and the entitlements segment', () => {
    expect(labels('/webassignments-v2/entitlements')).toBe('Web > Assignments > Entitlements')
  })

  it('decodes other segments and drops matrix parameters', () => {
    expect(breadcrumbs('/webassignments/groups/Design%20Team;sort=name;page=2')).toEqual([
      { label: 'Web' },
      { label: 'Assignments', path: '/webassignments' },
      { label: 'Groups', path: '/webassignments/groups' },
      { label: 'Design Team', path: '/webassignments/groups/Design%20Team;sort=name;page=2' },
    ])
    expect(labels('/webassignments;view=list/Users;x=1')).toBe('Web > Assignments > Users')
  })

  it('keeps a segment that cannot be decoded as it is', () => {
    expect(labels('/webassignments/100%')).toBe('Web > Assignments > 100%')
  })

  it('skips segments that are only matrix parameters', () => {
    expect(labels('/webassignments/;a=b/users')).toBe('Web > Assignments > Users')
  })
})

describe('breadcrumbs: unknown paths', () => {
  it.each([
    '/',
    '',
    '/nowhere',
    '/elastic/extra',
    '/emails/1/2',
    '/notifications/3',
    '/notifications-category',
    '/webassignmentsx',
    '/;a=b',
    '/emails/;x=1',
  ])('%j gives no crumbs', (path) => {
    expect(breadcrumbs(path)).toEqual([])
  })
})

describe('alertCategoryTitle', () => {
  it('maps categories to titles, ignoring case', () => {
    expect(alertCategoryTitle('CRITICAL')).toBe('Outage')
    expect(alertCategoryTitle('Warning')).toBe('Service Degradation')
    expect(alertCategoryTitle(' info ')).toBe('Planned Maintenance')
    expect(alertCategoryTitle('ok')).toBe('Information')
    expect(alertCategoryTitle('anything')).toBe('Information')
  })
})

describe('breadcrumbs of the settings sub-pages', () => {
  it('labels the change history and the feature flags', () => {
    expect(breadcrumbs('/portalaccess/audit').map((c) => c.label)).toEqual([
      'Settings',
      'Licensing Portal Access',
      'Change History',
    ])
    expect(breadcrumbs('/settings/features').map((c) => c.label)).toEqual(['Settings', 'Features'])
  })
})

describe('breadcrumbs of the activations sub-pages', () => {
  it('puts Check a Licence File under Manage Activations', () => {
    expect(breadcrumbs('/activations-history/check')).toEqual([
      { label: 'Activations' },
      { label: 'Manage Activations', path: '/activations-history' },
      { label: 'Check a Licence File', path: '/activations-history/check' },
    ])
  })
})
