/**
 * patches/@remix-run+router (applied by `npm install`) computes each route
 * table's ranked branches once. These tests pin the matching results that
 * must not change because of it, on every call.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { AgnosticRouteObject as RouteObject } from '@remix-run/router'
import type * as Router from '@remix-run/router'

// The CommonJS build is the one the server loads (and the one the patch changes).
const require = createRequire(import.meta.url)
const routerPath = require.resolve('@remix-run/router')
const { matchRoutes } = require(routerPath) as typeof Router

const table: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      {
        id: 'a',
        path: 'a/:id?',
        children: [
          { id: 'a-edit', path: 'edit' },
          { id: 'a-index', index: true },
        ],
      },
      { id: 'case', path: 'Case', caseSensitive: true },
      { id: 'files', path: 'files/*' },
      {
        id: 'layout',
        children: [
          { id: 'xyz', path: 'x/:y/z' },
          { id: 'dotted', path: 'v1.2/:p' },
        ],
      },
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
