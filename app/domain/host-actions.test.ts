import { describe, expect, it } from 'vitest'
import { HOST_ACTION_MESSAGES, hostActions, hostMovePlan, movedCounts, rehostTarget } from './host-actions'

describe('the row actions of a host', () => {
  it('offers view, download, rehost and deactivate on an active host, delete on an inactive one', () => {
    expect(hostActions('ACTIVE')).toEqual(['view', 'download', 'rehost', 'deactivate'])
    expect(hostActions('INACTIVE')).toEqual(['delete'])
    expect(hostActions('UNKNOWN')).toEqual([])
  })
})

describe('where a rehost goes', () => {
  const host = (id: number, name: string, state: string) => ({ id, name, state, identifier: '00155d0a1b2c' })

  it('adds a host for a new identifier', () => {
    expect(rehostTarget(1, undefined, 'lic02')).toEqual({ kind: 'insert' })
  })

  it('refuses an active host of the same name and identifier, in any case', () => {
    expect(rehostTarget(1, host(2, 'LIC02', 'ACTIVE'), 'lic02')).toEqual({
      kind: 'refuse',
      message: HOST_ACTION_MESSAGES.targetActive('LIC02', '00155d0a1b2c'),
    })
    expect(HOST_ACTION_MESSAGES.targetActive('lic02', '00155d0a1b2c')).toBe('Host lic02 (00155d0a1b2c) is active.')
  })

  it('reuses an existing host with the identifier: inactive, or active under another name', () => {
    expect(rehostTarget(1, host(2, 'lic02', 'INACTIVE'), 'lic02')).toEqual({ kind: 'reuse', hostId: 2 })
    expect(rehostTarget(1, host(2, 'other', 'ACTIVE'), 'lic02')).toEqual({ kind: 'reuse', hostId: 2 })
  })

  it('refuses the host itself', () => {
    expect(rehostTarget(1, host(1, 'lic01', 'ACTIVE'), 'lic01')).toEqual({
      kind: 'refuse',
      message: HOST_ACTION_MESSAGES.sameHost,
    })
  })
})

describe('the counts a rehost moves', () => {
  it('sums the active fulfilments per customer and activation id, in a stable order', () => {
    expect(
      movedCounts([
        { customerNumber: '1000003', activationId: 'B', count: 2 },
        { customerNumber: '1000002', activationId: 'A', count: 1 },
        { customerNumber: '1000003', activationId: 'B', count: 3 },
        { customerNumber: '1000002', activationId: 'C', count: 0 },
      ]),
    ).toEqual([
      { customerNumber: '1000002', activationId: 'A', count: 1 },
      { customerNumber: '1000003', activationId: 'B', count: 5 },
    ])
  })
})

describe('what deactivating or rehosting a host does with its activations', () => {
  const TODAY = '2026-11-26'
  const a = (activationId: string, count: number, endDate: string | null, versionDate: string | null) => ({
    customerNumber: '1000001',
    activationId,
    productName: `Product ${activationId}`,
    count,
    endDate,
    versionDate,
  })

  it('moves the current entitlements, ending today included, and leaves an ended one behind', () => {
    expect(
      hostMovePlan([a('P', 2, null, null), a('T', 1, TODAY, TODAY), a('E', 4, '2026-11-25', null)], TODAY),
    ).toEqual({
      blocked: [],
      moved: [
        { customerNumber: '1000001', activationId: 'P', count: 2 },
        { customerNumber: '1000001', activationId: 'T', count: 1 },
      ],
    })
  })

  it('is blocked by a current entitlement whose maintenance ended yesterday, named once', () => {
    const plan = hostMovePlan(
      [a('M', 1, null, '2026-11-25'), a('M', 2, null, '2026-11-25'), a('P', 1, null, null)],
      TODAY,
    )
    expect(plan.blocked).toEqual(['Product M (M)'])
    expect(HOST_ACTION_MESSAGES.maintenanceExpired(plan.blocked)).toBe(
      'The following products can not be activated or deactivated since their maintenance has expired. Product M (M)',
    )
  })

  it('is not blocked by lapsed maintenance of an entitlement that has ended', () => {
    expect(hostMovePlan([a('E', 1, '2026-01-31', '2025-12-31')], TODAY)).toEqual({ blocked: [], moved: [] })
  })
})
