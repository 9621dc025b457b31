import { describe, expect, it } from 'vitest'
import type { HistoryFulfillment, HostHistory } from './activation-types'
import { actionLabel, groupHistory, historyCsv, historyCsvName, nextHistoryRound } from './host-history'

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0)
let n = 0
const event = (
  seconds: number,
  activationId: string,
  count: number,
  by = 'admin@acme.example',
): HistoryFulfillment => ({
  FulfillmentID: `F-${++n}`,
  ActivationId: activationId,
  ProductName: `Product ${activationId}`,
  customerNumber: '1000001',
  FulfillCount: count,
  time: T0 + seconds * 1000,
  modifiedby: by,
  action: count > 0 ? 'EDIT' : 'RETURN',
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
})

describe('grouping a host history', () => {
  it('keeps fulfilments 29 and 30 seconds apart in one change and starts a new one at 31', () => {
    expect(groupHistory([event(0, 'A', 1), event(29, 'B', 1)])).toHaveLength(1)
    expect(groupHistory([event(0, 'A', 1), event(30, 'B', 1)])).toHaveLength(1)
    const split = groupHistory([event(0, 'A', 1), event(31, 'B', 1)])
    expect(split.map((g) => g.rows.map((r) => r.activationId))).toEqual([['B'], ['A']])
  })

  it('chains fulfilments each within 30 seconds of the one before', () => {
    expect(groupHistory([event(0, 'A', 1), event(25, 'A', 1), event(50, 'A', 1)])).toHaveLength(1)
  })

  it('sums counts per activation id across mixed ids, and labels the sums', () => {
    const [group] = groupHistory([event(0, 'A', 2), event(5, 'B', 1), event(10, 'A', 3)])
    expect(group.rows.map((r) => [r.activationId, r.count, r.action])).toEqual([
      ['A', 5, 'ACTIVATE (5)'],
      ['B', 1, 'ACTIVATE (1)'],
    ])
  })

  it('nets a return and a create in one change: a rehost-like swap, or a count lowered', () => {
    const [group] = groupHistory([event(0, 'A', -4), event(3, 'A', 1), event(4, 'B', -2)])
    expect(group.rows.map((r) => r.action)).toEqual(['DEACTIVATE (3)', 'DEACTIVATE (2)'])
    expect(actionLabel(0)).toBe('DEACTIVATE (0)')
  })

  it('lists the newest change first, dated by its first fulfilment, by whom it was made', () => {
    const groups = groupHistory([event(100, 'B', 1, 'b@x'), event(0, 'A', 1, 'a@x'), event(10, 'A', -1, 'a@x')])
    expect(groups.map((g) => [g.time - T0, g.modifiedBy])).toEqual([
      [100_000, 'b@x'],
      [0, 'a@x'],
    ])
  })
})

describe('the history as CSV', () => {
  const host = (name: string, fulfillments: HistoryFulfillment[]): HostHistory => ({
    serverId: '00155d0a1b2c',
    serverIdType: 'ETHERNET',
    name,
    state: 'ACTIVE',
    fulfillments,
  })

  it("has the spec's header, quotes values with commas and never starts a cell with a formula", () => {
    const returned = { ...event(0, 'A', -2), ProductName: 'Fluent, HPC', modifiedby: '=HYPERLINK("x")' }
    const text = historyCsv([host('lic01', [returned])])
    expect(text.split('\r\n')).toEqual([
      'Hostname (hostid),Time,Modified by,Action,Product,Entitlement,Count,Start Date,End Date',
      `lic01 (00155d0a1b2c),2026-11-02 09:00:00,"'=HYPERLINK(""x"")",DEACTIVATE (2),"Fluent, HPC",A,2,2026-01-01,2026-12-31`,
      '',
    ])
  })

  it('is named for active or inactive servers and the customer', () => {
    expect(historyCsvName(true, '1000001')).toBe('ANSYSActiveServers_1000001.csv')
    expect(historyCsvName(false, '1000001')).toBe('ANSYSInactiveServers_1000001.csv')
  })
})

describe('fetching histories in rounds', () => {
  const ids = Array.from({ length: 23 }, (_, i) => i + 1)

  it('asks for at most 10 unfetched hosts a round, 5 a request', () => {
    expect(nextHistoryRound(ids, new Set())).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ])
    expect(nextHistoryRound(ids, new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]))).toEqual([
      [11, 13, 14, 15, 16],
      [17, 18, 19, 20, 21],
    ])
  })

  it('ends with a short batch and then nothing', () => {
    expect(nextHistoryRound(ids, new Set(ids.slice(0, 20)))).toEqual([[21, 22, 23]])
    expect(nextHistoryRound(ids, new Set(ids))).toEqual([])
  })
})
