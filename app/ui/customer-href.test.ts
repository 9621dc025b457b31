import { describe, expect, it } from 'vitest'
import { withCustomer } from './customer-href'

describe('withCustomer', () => {
  it.each([
    ['/home', '1000001', '/home?customer=1000001'],
    ['/home?', '1000001', '/home?customer=1000001'],
    ['/emails?page=2', '1000001', '/emails?page=2&customer=1000001'],
    ['/emails?customer=1000002&page=2', '1000001', '/emails?customer=1000001&page=2'],
    ['/notifications#resolved', '1000001', '/notifications?customer=1000001#resolved'],
    ['/emails?sort=date#top', 'A-1', '/emails?sort=date&customer=A-1#top'],
    ['/x', 'a&b', '/x?customer=a%26b'],
  ])('%s with %s is %s', (path, customer, expected) => {
    expect(withCustomer(path, customer)).toBe(expected)
  })

  it('leaves the path alone without a customer', () => {
    expect(withCustomer('/home?x=1', null)).toBe('/home?x=1')
    expect(withCustomer('/home', '')).toBe('/home')
  })
})
