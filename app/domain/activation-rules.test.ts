import { describe, expect, it } from 'vitest'
import { MANUAL_DRAWDOWN_PRODUCT } from './product'
import { OVER_AVAILABLE_MESSAGE } from './activation-types'
import {
  ACTIVATION_MESSAGES,
  compareActivationRows,
  countsAfter,
  createRefusal,
  daemonOf,
  isActivatable,
  isCurrent,
  licenseBorrowable,
  maintenanceExpired,
  repeatedActivation,
  type CreateCheck,
} from './activation-rules'

const today = '2026-06-15'
const lease: CreateCheck = {
  activationId: 'AAAA-0001',
  type: 'SSL',
  state: 'Deployed',
  productName: 'Ansys Fluent',
  endDate: '2026-12-31',
  versionDate: '2026-12-31',
  quantity: 10,
  activeTotal: 4,
}

describe('what can be activated', () => {
  it('takes deployed leases, perpetuals, subscriptions and concurrent licences, never the manual drawdown line', () => {
    for (const type of ['SSL', 'SUBSCRIPTION', 'CONCURRENT']) expect(isActivatable({ ...lease, type })).toBe(true)
    for (const type of ['ELASTIC', 'FSA']) expect(isActivatable({ ...lease, type })).toBe(false)
    expect(isActivatable({ ...lease, state: 'Obsolete' })).toBe(false)
    expect(isActivatable({ ...lease, productName: MANUAL_DRAWDOWN_PRODUCT })).toBe(false)
  })

  it('counts an entitlement ending today as current, a permanent one always', () => {
    expect(isCurrent('2026-06-15', today)).toBe(true)
    expect(isCurrent('2026-06-14', today)).toBe(false)
    expect(isCurrent(null, today)).toBe(true)
    expect(isCurrent('', today)).toBe(true)
  })

  it('expires maintenance the day after its version date; none recorded never expires', () => {
    expect(maintenanceExpired('2026-06-15', today)).toBe(false)
    expect(maintenanceExpired('2026-06-14', today)).toBe(true)
    expect(maintenanceExpired(null, today)).toBe(false)
  })
})

describe('a create refusal', () => {
  it('allows up to the quantity and refuses one more with the spec words', () => {
    expect(createRefusal(lease, 6, today)).toBeNull()
    expect(createRefusal(lease, 7, today)).toBe(OVER_AVAILABLE_MESSAGE)
    expect(createRefusal({ ...lease, activeTotal: 10 }, 1, today)).toBe(OVER_AVAILABLE_MESSAGE)
  })

  it('checks in order: activatable, not ended, maintenance, then the count', () => {
    const everything = { ...lease, type: 'FSA', endDate: '2026-01-01', versionDate: '2026-01-01', activeTotal: 10 }
    expect(createRefusal(everything, 1, today)).toBe(ACTIVATION_MESSAGES.notActivatable('AAAA-0001'))
    expect(createRefusal({ ...everything, type: 'SSL' }, 1, today)).toBe(ACTIVATION_MESSAGES.ended('AAAA-0001'))
    expect(createRefusal({ ...everything, type: 'SSL', endDate: null }, 1, today)).toBe(
      'The maintenance of AAAA-0001 has expired.',
    )
    expect(createRefusal({ ...everything, type: 'SSL', endDate: null, versionDate: null }, 1, today)).toBe(
      OVER_AVAILABLE_MESSAGE,
    )
  })
})

describe('licence lines', () => {
  it('borrow only on a borrowable host for an entitlement whose model or flag allows it', () => {
    expect(licenseBorrowable({ borrowable: 0, licenseModel: 'Floating Borrow' }, true)).toBe(true)
    expect(licenseBorrowable({ borrowable: 1, licenseModel: 'Annual Lease' }, true)).toBe(true)
    expect(licenseBorrowable({ borrowable: 0, licenseModel: 'Annual Lease' }, true)).toBe(false)
    expect(licenseBorrowable({ borrowable: 1, licenseModel: 'Floating Borrow' }, false)).toBe(false)
  })

  it("use the product's daemon when an entitlement records none", () => {
    expect(daemonOf('ansoftd')).toBe('ansoftd')
    expect(daemonOf('')).toBe('ansyslmd')
  })
})

describe('the editor order', () => {
  it('lists permanent first, then by end date descending, then by product name and activation id', () => {
    const rows = [
      { EndDate: '2026-07-01', ProductName: 'B', ActivationId: '2' },
      { EndDate: '2027-01-01', ProductName: 'Z', ActivationId: '1' },
      { EndDate: '', ProductName: 'Y', ActivationId: '3' },
      { EndDate: '2026-07-01', ProductName: 'A', ActivationId: '5' },
      { EndDate: '2026-07-01', ProductName: 'A', ActivationId: '4' },
    ]
    expect(rows.sort(compareActivationRows).map((r) => r.ActivationId)).toEqual(['3', '1', '4', '5', '2'])
  })
})

describe('operations', () => {
  it('finds an activation id named twice', () => {
    expect(
      repeatedActivation([
        { id: 'a', count: 1 },
        { id: 'b', count: 2 },
      ]),
    ).toBeUndefined()
    expect(
      repeatedActivation([
        { id: 'a', count: 1 },
        { id: 'b', count: 2 },
        { id: 'a', count: 3 },
      ]),
    ).toBe('a')
  })

  it('gives the counts after adding and taking away; what reaches 0 is gone', () => {
    const current = new Map([
      ['a', 2],
      ['b', 3],
    ])
    const after = countsAfter(current, [
      { id: 'a', count: -2 },
      { id: 'b', count: 1 },
      { id: 'c', count: 5 },
    ])
    expect([...after]).toEqual([
      ['b', 4],
      ['c', 5],
    ])
    expect([...current]).toEqual([
      ['a', 2],
      ['b', 3],
    ])
  })
})
