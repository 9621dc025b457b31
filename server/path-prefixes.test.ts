import { describe, expect, it } from 'vitest'
import { pathMatcher } from './path-prefixes'

describe('pathMatcher', () => {
  const matches = pathMatcher(['/api', '/healthz', '/favicon.ico'])
  it('matches a path, what lies below it, any case, with or without a query', () => {
    for (const url of [
      '/api',
      '/api/',
      '/api/getaccounts',
      '/API/getUserDetails?x=1',
      '/healthz',
      '/healthz/',
      '/favicon.ico?v=2',
    ])
      expect(matches(url), url).toBe(true)
  })
  it('does not match a longer segment, another path, or the prefix in the query', () => {
    for (const url of ['/apis', '/api-docs', '/home', '/', '/home?next=/api', '/favicon.icox'])
      expect(matches(url), url).toBe(false)
  })
})
