import { matchRoutes } from '@remix-run/react'
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { apiRouteLabel, fallbackRouteLabel, methodLabel, pageRouteLabels, statusClass } from './route-label'

/** A route manifest shaped as the build's: a root, a pathless layout with pages and a splat, an index, a resource route. */
const route = (id: string, parentId: string | undefined, fields: { path?: string; index?: boolean } = {}) => ({
  [id]: { id, parentId, ...fields, module: {} },
})
const manifest = {
  ...route('root', undefined, { path: '' }),
  ...route('routes/_index', 'root', { index: true }),
  ...route('routes/_portal', 'root'),
  ...route('routes/_portal.home', 'routes/_portal', { path: 'home' }),
  ...route('routes/_portal.emails._index', 'routes/_portal', { path: 'emails', index: true }),
  ...route('routes/_portal.emails.$id', 'routes/_portal', { path: 'emails/:id' }),
  ...route('routes/_portal.webreporting[.]csv', 'routes/_portal', { path: 'webreporting.csv' }),
  ...route('routes/_portal.$', 'routes/_portal', { path: '*' }),
  ...route('routes/resources.grid.$table', 'root', { path: 'resources/grid/:table' }),
} as unknown as ServerBuild['routes']

const withoutSplat = Object.fromEntries(
  Object.entries(manifest).filter(([id]) => id !== 'routes/_portal.$'),
) as ServerBuild['routes']

describe('pageRouteLabels', () => {
  const label = pageRouteLabels(manifest, matchRoutes)

  it("names a page by its route's whole pattern, never by the address", () => {
    expect(label('/home')).toBe('/home')
    expect(label('/emails/12345')).toBe('/emails/:id')
    expect(label('/emails/another-one')).toBe('/emails/:id')
    expect(label('/emails')).toBe('/emails')
    expect(label('/')).toBe('/')
    expect(label('/resources/grid/usage')).toBe('/resources/grid/:table')
    expect(label('/webreporting.csv')).toBe('/webreporting.csv')
  })

  it("names a page's data request (single fetch) by the page's pattern and .data", () => {
    expect(label('/home.data')).toBe('/home.data')
    expect(label('/emails/77.data')).toBe('/emails/:id.data')
    expect(label('/_root.data')).toBe('/_root.data')
  })

  it('gives every unknown address the one label of the route that answers it', () => {
    const labels = new Set(['/x', '/a/b/c', '/favicon.ico', '/zz.data'].map(label))
    expect(labels).toEqual(new Set(['/*', '/*.data']))
    const strict = pageRouteLabels(withoutSplat, matchRoutes)
    expect(strict('/x/y')).toBe('unmatched')
    expect(strict('/x/y.data')).toBe('unmatched')
  })

  it('answers the same label again for an address it has seen, and keeps answering after many addresses', () => {
    for (let i = 0; i < 2500; i++) expect(label(`/emails/${i}`)).toBe('/emails/:id')
    expect(label('/home')).toBe('/home')
  })
})

describe('fallbackRouteLabel', () => {
  it('keeps the fixed addresses', () => {
    for (const path of ['/healthz', '/metrics', '/api/openapi.json', '/api/docs']) {
      expect(fallbackRouteLabel(path)).toBe(path)
    }
  })

  it('gives each mount one label', () => {
    expect(fallbackRouteLabel('/build/_assets/root-ABC123.js')).toBe('/build/*')
    expect(fallbackRouteLabel('/oidc/interaction/xyz')).toBe('/oidc/*')
    expect(fallbackRouteLabel('/oidc')).toBe('/oidc/*')
    expect(fallbackRouteLabel('/api/no-such-call/1')).toBe('/api/*')
  })

  it('names files of public/ as one and the rest as other', () => {
    expect(fallbackRouteLabel('/favicon.ico')).toBe('/public')
    expect(fallbackRouteLabel('/robots.txt')).toBe('/public')
    expect(fallbackRouteLabel('/anything/else')).toBe('other')
    expect(fallbackRouteLabel('/apixyz')).toBe('other')
  })
})

describe('the other labels', () => {
  it('names an API call by its declared path', () => {
    expect(apiRouteLabel('/getaccountinfo/:customerNumber')).toBe('/api/getaccountinfo/:customerNumber')
  })

  it('keeps the usual methods and folds the rest', () => {
    expect(methodLabel('GET')).toBe('GET')
    expect(methodLabel('POST')).toBe('POST')
    expect(methodLabel('PROPFIND')).toBe('other')
  })

  it('classes statuses by their first digit', () => {
    expect(statusClass(200)).toBe('2xx')
    expect(statusClass(304)).toBe('3xx')
    expect(statusClass(404)).toBe('4xx')
    expect(statusClass(503)).toBe('5xx')
    expect(statusClass(0)).toBe('other')
    expect(statusClass(600)).toBe('other')
  })
})
