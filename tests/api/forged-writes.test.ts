/**
 * Another site cannot make a signed-in browser change anything: every unsafe
 * request to every portal path with an action and every resource route (found
 * in app/routes, so a new route is covered by itself), as a page, a `.data` and
 * a `?_data=` request, is refused with 403 by the real server, and not a row of
 * the database changes. The same request from the portal itself still works.
 */
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { portalTables, quoted } from '../../db/portal-tables'
import { first } from '../../db/query'
import { rawAll } from '../../db/raw'
import { elasticServers, notifications } from '../../db/tables'
import { portalSignIn } from '../support/tokens'
import { startPortalTestServer } from './support/portal'
import type { TestServer } from './support/server'

const ROUTES = path.resolve('app/routes')
const ACME = '1000001'
/** Values for route parameters; any other parameter gets '1'. */
const PARAMS: Record<string, string> = { table: 'emailList', category: 'licensing', id: '1' }

interface WritableRoute {
  file: string
  /** Remix route id, as `?_data=` names it. */
  id: string
  path: string
}

/** The flat-routes file name as a URL path: `_portal.portalaccess_.audit` is /portalaccess/audit. */
export function routePath(name: string): string {
  const segments = name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? []
  const parts = segments
    .filter((segment) => segment === '_index' || !segment.startsWith('_'))
    .map((segment) => {
      if (segment === '_index') return ''
      if (segment === '$') return 'no-such-page'
      if (segment.startsWith('$')) return PARAMS[segment.slice(1)] ?? '1'
      return segment.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1')
    })
    .filter(Boolean)
  return `/${parts.join('/')}`
}

function writableRoutes(): WritableRoute[] {
  return fs
    .readdirSync(ROUTES)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file) && !/\.test\./.test(file))
    .filter((file) => {
      const source = fs.readFileSync(path.join(ROUTES, file), 'utf8')
      return file.startsWith('resources.') || /export\s+(async\s+)?(function|const|let)\s+action\b/.test(source)
    })
    .map((file) => {
      const name = file.replace(/\.[jt]sx?$/, '')
      return { file, id: `routes/${name}`, path: routePath(name) }
    })
}

/** The three ways a write reaches a route: the page itself, a single-fetch `.data` request, a `?_data=` request. */
function addresses(route: WritableRoute): string[] {
  const query = `customer=${ACME}`
  const dataPath = route.path === '/' ? '/_root.data' : `${route.path}.data`
  return [
    `${route.path}?${query}`,
    `${dataPath}?${query}`,
    `${route.path}?${query}&_data=${encodeURIComponent(route.id)}`,
  ]
}

let server: TestServer
let cookie: string
/** The refusals' warnings (the server runs in this process). */
const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})

/** Every row of every table (in an order of their own, the same for the same rows), to prove that nothing changed. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: [string, unknown[]][] = []
  for (const { name } of portalTables()) {
    const rows = await rawAll(server.db, sql.raw(`select * from ${quoted(name)}`))
    tables.push([name, rows.map((row) => JSON.stringify(row)).sort()])
  }
  return Object.fromEntries(tables)
}

const acmeServer = async () =>
  (await first(server.db.select().from(elasticServers).where(eq(elasticServers.accountId, ACME))))!

function send(address: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  return fetch(`${server.url}${address}`, {
    method: init.method,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: init.body,
    redirect: 'manual',
  })
}

beforeAll(async () => {
  server = await startPortalTestServer()
  cookie = (await portalSignIn(server.url, 'admin@acme.example')).cookie
})
afterAll(async () => {
  warnings.mockRestore()
  await server?.close()
})

describe('the routes under test', () => {
  it('are every route with an action and every resource route', () => {
    const paths = writableRoutes().map((route) => route.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/clscredentials',
        '/whitelistips',
        '/portalaccess',
        '/settings/features',
        '/auth/logout',
        '/resources/alerts/dismiss',
        '/resources/grid/emailList',
        '/resources/customers',
      ]),
    )
  })

  it('are named as Remix names them', () => {
    expect(routePath('_portal.portalaccess_.audit')).toBe('/portalaccess/audit')
    expect(routePath('_portal.clscredentials.export[.]json')).toBe('/clscredentials/export.json')
    expect(routePath('_portal.emails.$id')).toBe('/emails/1')
    expect(routePath('_index')).toBe('/')
  })
})

describe('a write from another site', () => {
  it('is refused with 403 on every route, every way, every unsafe method; nothing changes', async () => {
    // The signed-in user has Acme selected and its alerts banner showing.
    const home = await send(`/home?customer=${ACME}`, { method: 'GET' })
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('aria-label="Service alerts"')
    const alertIds = (await server.db.select({ id: notifications.id }).from(notifications)).map((row) => row.id)
    const pinBefore = (await acmeServer()).pin
    const allowListBefore = (await acmeServer()).whitelist
    expect(pinBefore).not.toBe('660066')

    const before = await snapshot()
    const body = new URLSearchParams({
      intent: 'changepin',
      pin: '660066',
      confirm: 'yes',
      'rules[0].rulename': 'everyone',
      'rules[0].ipaddress': '0.0.0.0/0',
      ids: alertIds.join(','),
      returnTo: '/home',
      view: 'sort=date',
    }).toString()
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      // A page of the same site on another port: SameSite=Lax sends the cookie along.
      { origin: `http://127.0.0.1:${Number(new URL(server.url).port) + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    const routes = writableRoutes()
    warnings.mockClear()
    let requests = 0
    for (const route of routes) {
      for (const address of addresses(route)) {
        for (const headers of foreign) {
          const res = await send(address, { method: 'POST', headers, body })
          expect(res.status, `POST ${address} ${JSON.stringify(headers)}`).toBe(403)
          expect(await res.text()).toContain('Request refused')
          requests++
        }
        for (const method of ['PUT', 'PATCH', 'DELETE']) {
          const res = await send(address, { method, headers: foreign[0], body })
          expect(res.status, `${method} ${address}`).toBe(403)
          await res.arrayBuffer()
          requests++
        }
      }
    }
    expect(requests).toBe(routes.length * 3 * 8)
    expect(warnings, 'each refusal is logged as a warning').toHaveBeenCalledTimes(requests)

    expect(await snapshot()).toEqual(before)
    expect((await acmeServer()).pin).toBe(pinBefore)
    expect((await acmeServer()).whitelist).toEqual(allowListBefore)
    const after = await send(`/home?customer=${ACME}`, { method: 'GET' })
    expect(await after.text(), 'the alerts banner is still there').toContain('aria-label="Service alerts"')
  })

  it('is refused in the exact form it was found: a `_data` PIN change that skips the confirmation', async () => {
    const address = `/clscredentials?customer=${ACME}&_data=routes%2F_portal.clscredentials`
    const body = 'intent=changepin&pin=660066&confirm=yes'
    const pinBefore = (await acmeServer()).pin

    const forged = await send(address, { method: 'POST', headers: { origin: 'http://evil.example' }, body })
    expect(forged.status).toBe(403)
    expect((await acmeServer()).pin).toBe(pinBefore)

    // The very same request from the portal's own page goes through: the refusal above is the origin's doing.
    const own = await send(address, { method: 'POST', headers: { origin: server.url }, body })
    expect(own.status).toBeLessThan(400)
    expect((await acmeServer()).pin).toBe('660066')
  })
})
