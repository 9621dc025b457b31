/**
 * patches/@remix-run+router (applied by `npm install`) caches each route
 * table's ranked branches and skips branches whose whole path cannot match.
 * These tests pin the matching results that must not change because of it.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { AgnosticRouteObject as RouteObject } from '@remix-run/router'

// The CommonJS build is the one the server loads (and the one the patch changes).
const require = createRequire(import.meta.url)
const routerPath = require.resolve('@remix-run/router')
const { matchRoutes } = require(routerPath) as typeof import('@remix-run/router')

const table: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'a', path: 'a/:id?', children: [{ id: 'a-edit', path: 'edit' }, { id: 'a-index', index: true }] },
      { id: 'case', path: 'Case', caseSensitive: true },
      { id: 'files', path: 'files/*' },
      { id: 'layout', children: [{ id: 'xyz', path: 'x/:y/z' }, { id: 'dotted', path: 'v1.2/:p' }] },
      { id: 'about', path: ':lang?/about' },
      { id: 'home', path: 'home' },
      { id: 'splat', path: '*' },
    ],
  },
]

function ids(pathname: string) {
  return matchRoutes(table, pathname)?.map((m) => m.route.id)
}

describe('route matching (patched router)', () => {
  it('the patch is applied', () => {
    expect(routerPath).toMatch(/router\.cjs\.js$/)
    expect(fs.readFileSync(routerPath, 'utf8')).toContain('rankedBranchesCache')
  })

  it.each([
    ['/home', ['root', 'home']],
    ['/HOME/', ['root', 'home']],
    ['/a', ['root', 'a', 'a-index']],
    ['/a/7', ['root', 'a', 'a-index']],
    ['/a/7/edit', ['root', 'a', 'a-edit']],
    ['/Case', ['root', 'case']],
    ['/case', ['root', 'splat']],
    ['/files/x/y', ['root', 'files']],
    ['/x/1/z', ['root', 'layout', 'xyz']],
    ['/v1.2/q', ['root', 'layout', 'dotted']],
    ['/v1x2/q', ['root', 'splat']],
    ['/en/about', ['root', 'about']],
    ['/about', ['root', 'about']],
    ['/nowhere/at/all', ['root', 'splat']],
  ])('%s matches %j, the same on every call', (pathname, expected) => {
    expect(ids(pathname)).toEqual(expected)
    expect(ids(pathname)).toEqual(expected)
  })

  it('keeps params and pathnames', () => {
    const matches = matchRoutes(table, '/en/about/')!
    expect(matches.at(-1)).toMatchObject({ params: { lang: 'en' }, pathname: '/en/about/', pathnameBase: '/en/about' })
    expect(matchRoutes(table, '/files/a/b')!.at(-1)!.params).toEqual({ '*': 'a/b' })
  })
})

/**
 * patches/@remix-run+server-runtime hands a loader the page's own Request when
 * there is no `index` or `_routes` parameter to strip (Remix copied it for
 * every loader), so loaders of one page can share work keyed by the Request.
 */
describe('loader requests (patched server runtime)', () => {
  const data = require(require.resolve('@remix-run/server-runtime/dist/data.js')) as {
    callRouteLoader(args: {
      loadContext: unknown
      loader: (args: { request: Request }) => unknown
      params: Record<string, string>
      request: Request
      routeId: string
      singleFetch: boolean
    }): Promise<unknown>
  }
  const seen = (request: Request) =>
    data.callRouteLoader({
      loadContext: {},
      loader: ({ request: given }) => ({ given }),
      params: {},
      request,
      routeId: 'r',
      singleFetch: true,
    }) as Promise<{ given: Request }>

  it('passes the same Request when nothing is stripped', async () => {
    const request = new Request('http://x/home?customer=1000001&q=ab')
    expect((await seen(request)).given).toBe(request)
  })

  it.each([
    ['http://x/emails?index&customer=1', 'http://x/emails?customer=1'],
    ['http://x/emails?index=1&customer=1', 'http://x/emails?customer=1&index=1'],
    ['http://x/home?customer=1&_routes=routes%2Fhome', 'http://x/home?customer=1'],
    ['http://x/home?customer=1&%69ndex=', 'http://x/home?customer=1'],
  ])('still strips %s to %s', async (url, expected) => {
    const request = new Request(url)
    const { given } = await seen(request)
    expect(given).not.toBe(request)
    expect(given.url).toBe(expected)
  })
})
