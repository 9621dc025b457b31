import { describe, expect, it } from 'vitest'
import { matrixPageHref, matrixQuery } from './matrix-href'

describe('the matrix address', () => {
  it('reads the search and the page, trimmed and at least page 1', () => {
    expect(matrixQuery(new URL('http://p/webassignments-v2?q=%20design%20&page=3'))).toEqual({ q: 'design', page: 3 })
    expect(matrixQuery(new URL('http://p/webassignments-v2?page=-2'))).toEqual({ q: '', page: 1 })
    expect(matrixQuery(new URL('http://p/webassignments-v2?page=x'))).toEqual({ q: '', page: 1 })
    expect(matrixQuery(new URL(`http://p/webassignments-v2?q=${'a'.repeat(300)}`)).q).toHaveLength(200)
  })

  it('keeps the customer and adds only what is not the default', () => {
    const href = '/webassignments-v2?customer=1000001'
    expect(matrixPageHref(href, { q: '', page: 1 })).toBe(href)
    expect(matrixPageHref(href, { q: 'a&b', page: 2 })).toBe('/webassignments-v2?customer=1000001&q=a%26b&page=2')
  })
})
