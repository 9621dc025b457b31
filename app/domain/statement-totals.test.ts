import { describe, expect, it } from 'vitest'
import { groupByCurrency, totalsByCurrency } from './statement-totals'

const rows = [
  { c: 'AEU', v: 0.1 },
  { c: 'USD', v: 5 },
  { c: 'AEU', v: 0.2 },
  { c: 'AEU', v: -1.05 },
]

describe('totalsByCurrency', () => {
  it('adds each currency to the cent, in the order currencies appear', () => {
    expect(
      totalsByCurrency(
        rows,
        (r) => r.c,
        (r) => r.v,
      ),
    ).toEqual([
      { currency: 'AEU', total: -0.75 },
      { currency: 'USD', total: 5 },
    ])
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 0.3.
    expect(
      totalsByCurrency(
        rows.slice(0, 3),
        (r) => r.c,
        (r) => r.v,
      )[0].total,
    ).toBe(0.3)
    expect(
      totalsByCurrency(
        [],
        (r: { c: string }) => r.c,
        () => 1,
      ),
    ).toEqual([])
  })
})

describe('groupByCurrency', () => {
  it('keeps each currency’s items in their order', () => {
    expect(groupByCurrency(rows, (r) => r.c)).toEqual([
      { currency: 'AEU', items: [rows[0], rows[2], rows[3]] },
      { currency: 'USD', items: [rows[1]] },
    ])
  })
})
