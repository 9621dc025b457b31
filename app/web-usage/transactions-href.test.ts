import { describe, expect, it } from 'vitest'
import { webTransactionsHref } from './transactions-href'

const paramsOf = (href: string) => {
  const url = new URL(href, 'http://portal.local')
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) }
}

describe('webTransactionsHref', () => {
  it('opens the customer’s transactions as a linked view', () => {
    expect(paramsOf(webTransactionsHref({ customer: '1001' }))).toEqual({
      path: '/webtransactions',
      params: { customer: '1001', linked: '1' },
    })
  })

  it('filters a user and an entitlement exactly, an outcome and a reason as one value each', () => {
    const href = webTransactionsHref({
      customer: '1001',
      user: 'ana+cad@acme.example',
      activationId: 'WEB-1,2',
      outcome: 'denied',
      reason: 'no-free-seat',
    })
    expect(paramsOf(href).params).toEqual({
      customer: '1001',
      'f.user': 'e:ana+cad@acme.example',
      'f.activationId': 'e:WEB-1,2',
      'f.outcome': 'in:denied',
      'f.reason': 'in:no-free-seat',
      linked: '1',
    })
  })

  it('narrows to a group’s members by the group’s name, as a view extra', () => {
    expect(paramsOf(webTransactionsHref({ customer: '1001', group: 'R&D, Design' })).params).toEqual({
      customer: '1001',
      group: 'R&D, Design',
      linked: '1',
    })
  })

  it('takes a range of days, or one day when only one end is given', () => {
    expect(paramsOf(webTransactionsHref({ customer: '1', from: '2026-01-01', to: '2026-01-31' })).params).toMatchObject(
      {
        from: '2026-01-01',
        to: '2026-01-31',
      },
    )
    expect(paramsOf(webTransactionsHref({ customer: '1', from: '2026-02-03' })).params).toMatchObject({
      from: '2026-02-03',
      to: '2026-02-03',
    })
    expect(paramsOf(webTransactionsHref({ customer: '1', to: '2026-02-04' })).params).toMatchObject({
      from: '2026-02-04',
      to: '2026-02-04',
    })
  })
})
