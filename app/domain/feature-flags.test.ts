import { describe, expect, it } from 'vitest'
import {
  FLAG_CONFLICT_MESSAGE,
  type FeatureFlag,
  enabledFlagNames,
  enabledFlagPaths,
  featurePanelDisabled,
  featurePanelVisible,
  findConflicts,
  flagGates,
  flagSelectionError,
  normalizeEnvironment,
  routeAllowedByFlags,
} from './feature-flags'

const flag = (name: string, overrides: Partial<FeatureFlag> = {}): FeatureFlag => ({
  name,
  description: `${name} description`,
  enabled: false,
  conflicts: [],
  ...overrides,
})

describe('findConflicts', () => {
  const flags = [
    flag('a', { conflicts: ['b'] }),
    flag('b'),
    flag('c', { conflicts: ['a', 'd'] }),
    flag('d', { conflicts: ['c'] }),
    flag('self', { conflicts: ['self'] }),
  ]

  it('finds a pair when the first lists the second', () => {
    expect(findConflicts(['a', 'b'], flags)).toEqual([['a', 'b']])
  })

  it('finds a pair when the second lists the first', () => {
    expect(findConflicts(['b', 'a'], flags)).toEqual([['b', 'a']])
  })

  it('reports a mutual conflict once', () => {
    expect(findConflicts(['c', 'd'], flags)).toEqual([['c', 'd']])
  })

  it('reports every conflicting pair in selection order', () => {
    expect(findConflicts(['a', 'b', 'c', 'd'], flags)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['c', 'd'],
    ])
  })

  it('finds nothing for compatible or single selections', () => {
    expect(findConflicts(['b', 'd'], flags)).toEqual([])
    expect(findConflicts(['a'], flags)).toEqual([])
    expect(findConflicts([], flags)).toEqual([])
  })

  it('ignores repeated names and a flag listing itself', () => {
    expect(findConflicts(['a', 'a'], flags)).toEqual([])
    expect(findConflicts(['self'], flags)).toEqual([])
  })

  it('uses the listing of a known flag against an unknown one', () => {
    expect(findConflicts(['unknown', 'x'], flags)).toEqual([])
    expect(findConflicts(['unknown', 'b'], [...flags, flag('unknown2')])).toEqual([])
    expect(findConflicts(['zzz', 'a'], [flag('a', { conflicts: ['zzz'] })])).toEqual([['zzz', 'a']])
  })

  it('copes with a flag without a conflicts list', () => {
    const loose = [{ ...flag('m'), conflicts: undefined as unknown as string[] }, flag('n')]
    expect(findConflicts(['m', 'n'], loose)).toEqual([])
  })
})

describe('flagSelectionError', () => {
  const flags = [flag('a', { conflicts: ['b'] }), flag('b')]

  it('gives the conflict message for a conflicting selection', () => {
    expect(flagSelectionError(['a', 'b'], flags)).toBe(FLAG_CONFLICT_MESSAGE)
    expect(FLAG_CONFLICT_MESSAGE).toBe('Selections are in conflict. Deselect one or more option.')
  })

  it('is null otherwise', () => {
    expect(flagSelectionError(['a'], flags)).toBeNull()
  })
})

describe('enabled flags', () => {
  const flags = [
    flag('fsa', { enabled: true, path: '/entitlementsFSA/' }),
    flag('v2', { enabled: true, path: 'webassignments-v2' }),
    flag('root', { enabled: true, path: '/' }),
    flag('nopath', { enabled: true }),
    flag('blank', { enabled: true, path: '  ' }),
    flag('nullpath', { enabled: true, path: null }),
    flag('off', { enabled: false, path: '/off' }),
  ]

  it('lists the enabled names', () => {
    expect(enabledFlagNames(flags)).toEqual(['fsa', 'v2', 'root', 'nopath', 'blank', 'nullpath'])
    expect(enabledFlagNames(null)).toEqual([])
    expect(enabledFlagNames(undefined)).toEqual([])
  })

  it('lists the cleaned paths of enabled flags that have one', () => {
    expect(enabledFlagPaths(flags)).toEqual(['/entitlementsFSA', '/webassignments-v2', '/'])
    expect(enabledFlagPaths(null)).toEqual([])
  })
})

describe('routeAllowedByFlags', () => {
  const flags = [
    flag('fsa', { enabled: false, path: '/entitlementsFSA' }),
    flag('v2', { enabled: true, path: '/webassignments-v2' }),
    flag('statements', { enabled: true, path: '/statementv2' }),
    flag('statement-export', { enabled: false, path: '/statementv2/export' }),
    flag('plain', { enabled: false }),
  ]

  it('denies everything when the flag service is absent', () => {
    expect(routeAllowedByFlags('/elastic', null)).toBe(false)
    expect(routeAllowedByFlags('/elastic', undefined)).toBe(false)
  })

  it('allows ungated routes', () => {
    expect(routeAllowedByFlags('/elastic', flags)).toBe(true)
    expect(routeAllowedByFlags('/', flags)).toBe(true)
    expect(routeAllowedByFlags('', flags)).toBe(true)
    expect(routeAllowedByFlags('/elastic', [])).toBe(true)
  })

  it('denies a route gated by a disabled flag, and its children', () => {
    expect(routeAllowedByFlags('/entitlementsFSA', flags)).toBe(false)
    expect(routeAllowedByFlags('/entitlementsFSA/', flags)).toBe(false)
    expect(routeAllowedByFlags('/entitlementsFSA/orders', flags)).toBe(false)
    expect(routeAllowedByFlags('/ENTITLEMENTSFSA', flags)).toBe(false)
  })

  it('does not gate a path that only shares a prefix', () => {
    expect(routeAllowedByFlags('/entitlementsFSAx', flags)).toBe(true)
  })

  it('allows a route gated by an enabled flag', () => {
    expect(routeAllowedByFlags('/webassignments-v2', flags)).toBe(true)
    expect(routeAllowedByFlags('/webassignments-v2/groups', flags)).toBe(true)
  })

  it('needs every flag gating a path to be enabled', () => {
    expect(routeAllowedByFlags('/statementv2', flags)).toBe(true)
    expect(routeAllowedByFlags('/statementv2/export', flags)).toBe(false)
  })

  it('lets a flag on the root gate only the root', () => {
    const rootFlag = [flag('root', { enabled: false, path: '/' })]
    expect(routeAllowedByFlags('/', rootFlag)).toBe(false)
    expect(routeAllowedByFlags('/elastic', rootFlag)).toBe(true)
  })
})

describe('environment', () => {
  it.each([
    ['dev', 'dev'],
    ['uat', 'uat'],
    [' DEV ', 'dev'],
    ['Uat', 'uat'],
    ['prod', 'prod'],
    ['production', 'prod'],
    ['development', 'prod'],
    ['', 'prod'],
    [null, 'prod'],
    [undefined, 'prod'],
    [42, 'prod'],
  ])('%j is %s', (value, expected) => {
    expect(normalizeEnvironment(value)).toBe(expected)
  })

  it('shows the feature panel only in dev and uat', () => {
    expect(featurePanelVisible('dev')).toBe(true)
    expect(featurePanelVisible('uat')).toBe(true)
    expect(featurePanelVisible('prod')).toBe(false)
    expect(featurePanelVisible('staging')).toBe(false)
    expect(featurePanelVisible(null)).toBe(false)
  })

  it('disables the features button when no features are available', () => {
    expect(featurePanelDisabled([])).toBe(true)
    expect(featurePanelDisabled(null)).toBe(true)
    expect(featurePanelDisabled(undefined)).toBe(true)
    expect(featurePanelDisabled([flag('a')])).toBe(false)
  })
})

describe('flagGates', () => {
  const flags: FeatureFlag[] = [
    {
      name: 'fsa',
      description: 'Flexible Spending Account page',
      enabled: false,
      conflicts: [],
      path: '/entitlementsFSA',
    },
    { name: 'classic', description: 'Classic layout', enabled: true, conflicts: ['v2'] },
  ]
  it('keeps name, enabled and path only, with null for a flag without a path', () => {
    expect(flagGates(flags)).toEqual([
      { name: 'fsa', enabled: false, path: '/entitlementsFSA' },
      { name: 'classic', enabled: true, path: null },
    ])
  })
  it('decides routes and the panel exactly as the whole flags do', () => {
    for (const path of ['/entitlementsFSA', '/entitlementsfsa/x', '/home', '/ssl'])
      expect(routeAllowedByFlags(path, flagGates(flags)), path).toBe(routeAllowedByFlags(path, flags))
    expect(enabledFlagNames(flagGates(flags))).toEqual(enabledFlagNames(flags))
    expect(featurePanelDisabled(flagGates(flags))).toBe(false)
  })
})
