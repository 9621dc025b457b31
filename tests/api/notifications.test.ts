/**
 * Service alerts: the licensing API's notifications calls over HTTP, and the
 * portal side that uses them (the banner's session cache and refresh rule, the
 * dismiss route, the alert screens' 404s) against the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'
import { first } from '../../db/query'
import { notifications, sessions } from '../../db/tables'
import { toApiDateText, type Banner, type Notification } from '../../app/domain/alerts'
import { getSessionStorage } from '../../app/auth/session.server'
import { createLoadContext } from '../../app/load-context'
import { loader as shellLoader } from '../../app/routes/_portal'
import { action as dismissAction } from '../../app/routes/resources.alerts.dismiss'
import { loader as categoryLoader } from '../../app/routes/_portal.notifications-category.$category'
import { loader as detailsLoader } from '../../app/routes/_portal.notification-details.$id'
import { loader as alertsLoader } from '../../app/routes/_portal.notifications'

let server: TestServer
let context: AppLoadContext
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

beforeAll(async () => {
  server = await startTestServer()
  context = createLoadContext({ db: server.db, config: server.config, cspNonce: 'test' })
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const ACTIVE_TITLES = [
  'Elastic licensing outage',
  'Slow licence downloads',
  'FlexNet Licensing maintenance',
  'Portal upgrade',
  'New licence server release',
]
const RESOLVED_ONLY_TITLES = [
  'Cloud licensing outage',
  'Delayed usage reports',
  'Database maintenance',
  'New sign-in page',
  'FlexNet Licensing outage',
]
const nowText = () => toApiDateText(new Date())
const resolvedOnlyFilter = () => ({
  condition: 'ALL',
  criteria: [
    { name: 'status', method: 'EQUALS', value: 'RESOLVED' },
    { name: 'expires', method: 'BEFORE', value: nowText() },
  ],
})

describe('GET /api/notifications (active)', () => {
  it('answers the ACTIVE alerts that have not expired, with services and links as maps', async () => {
    const r = await (await as('admin@acme.example')).get<Notification[]>('/notifications')
    expect(r.http).toBe(200)
    expect(r.body.status).toBe('SUCCESS')
    const list = r.body.data!
    expect(list.map((n) => n.title).sort()).toEqual([...ACTIVE_TITLES].sort())
    const now = nowText()
    for (const n of list) {
      expect(n.status).toBe('ACTIVE')
      expect(n.expires === null || n.expires > now).toBe(true)
    }
    expect(list.map((n) => n.title)).not.toContain('Intermittent portal errors')
    const outage = list.find((n) => n.category === 'CRITICAL')!
    expect(outage).toMatchObject({
      service: { els: 'Elastic Licensing' },
      links: { 'Status page': 'https://status.example.com/incidents/els-outage' },
    })
    expect(outage.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(new Set(list.map((n) => n.category))).toEqual(new Set(['CRITICAL', 'WARNING', 'INFO', 'OK']))
  })

  it('is the same for every signed-in user, even one without customers', async () => {
    const staff = await (await as('busops@vendor.example')).get<Notification[]>('/notifications')
    const nobody = await (await as('nobody@example.com')).get<Notification[]>('/notifications')
    expect(nobody.http).toBe(200)
    expect(nobody.body.data!.map((n) => n.id)).toEqual(staff.body.data!.map((n) => n.id))
  })

  it('refuses a call without a token', async () => {
    const r = await apiClient(server.url).get('/notifications')
    expect(r.http).toBe(401)
    expect(r.body.status).toBe('FAILURE')
  })
})

describe('POST /api/notifications (list)', () => {
  it('pages through every notification, the latest start first, by offset and by token', async () => {
    const api = await as('viewer@acme.example')
    const all = await api.post<Notification[]>('/notifications', {})
    expect(all.http).toBe(200)
    const rows = all.body.data!
    expect(rows).toHaveLength(12)
    expect(all.body.token).toBeUndefined()
    const dates = rows.map((n) => n.date)
    expect(dates).toEqual([...dates].sort().reverse())

    const first = await api.post<Notification[]>('/notifications', { limit: 5 })
    expect(first.body.data!.map((n) => n.id)).toEqual(rows.slice(0, 5).map((n) => n.id))
    expect(first.body.token).toBeTruthy()
    const second = await api.post<Notification[]>('/notifications', { limit: 5, token: first.body.token })
    expect(second.body.data!.map((n) => n.id)).toEqual(rows.slice(5, 10).map((n) => n.id))
    const byOffset = await api.post<Notification[]>('/notifications', { limit: 5, offset: 10 })
    expect(byOffset.body.data!.map((n) => n.id)).toEqual(rows.slice(10).map((n) => n.id))
    expect(byOffset.body.token).toBeUndefined()
  })

  it('filters resolved-only alerts (RESOLVED and an expiry before now) and sorts by any column', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<Notification[]>('/notifications', {
      filter: resolvedOnlyFilter(),
      sorting: [{ name: 'title', direction: 'asc' }],
    })
    expect(r.http).toBe(200)
    expect(r.body.data!.map((n) => n.title)).toEqual([...RESOLVED_ONLY_TITLES].sort())
    // The one whose end is still ahead is RESOLVED but not resolved-only.
    const pending = await api.post<Notification[]>('/notifications', {
      filter: {
        condition: 'ALL',
        criteria: [{ name: 'title', method: 'EQUALS', value: 'Credential changes delayed' }],
      },
    })
    expect(pending.body.data![0]).toMatchObject({ status: 'RESOLVED' })
    expect(pending.body.data![0].expires! > nowText()).toBe(true)
  })

  it('filters on category, service and description text', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<Notification[]>('/notifications', {
      filter: {
        condition: 'ALL',
        criteria: [
          { name: 'category', method: 'EQUALS', value: 'CRITICAL' },
          { name: 'service', method: 'CONTAINS', value: 'flexnet', casefold: true },
        ],
      },
    })
    expect(r.body.data!.map((n) => n.title)).toEqual(['FlexNet Licensing outage'])
    const text = await api.post<Notification[]>('/notifications', {
      filter: { condition: 'ANY', criteria: [{ name: 'description', method: 'CONTAINS', value: 'EU region' }] },
    })
    expect(text.body.data!.map((n) => n.title)).toEqual(['Elastic licensing outage'])
  })

  it('refuses unknown columns, methods and sizes above 1000 with a clear message', async () => {
    const api = await as('admin@acme.example')
    const column = await api.post('/notifications', {
      filter: { condition: 'ALL', criteria: [{ name: 'links', method: 'EQUALS', value: 'x' }] },
    })
    expect(column.http).toBe(400)
    expect(column.body.err).toMatch(/^Unknown column 'links'/)
    const sort = await api.post('/notifications', { sorting: [{ name: 'customerNumber', direction: 'asc' }] })
    expect(sort.http).toBe(400)
    expect(sort.body.err).toMatch(/^Unknown sort column/)
    const tooMany = await api.post('/notifications', { limit: 1001 })
    expect(tooMany.http).toBe(400)
    expect(tooMany.body.err).toMatch(/^limit:/)
    const token = await api.post('/notifications', { token: 'garbage' })
    expect(token.http).toBe(400)
    expect(token.body.err).toBe('Invalid continuation token')
  })
})

describe('POST /api/notifications/count and /distinct', () => {
  it('counts with and without a filter', async () => {
    const api = await as('admin@acme.example')
    expect((await api.post<number>('/notifications/count', {})).body.data).toBe(12)
    expect((await api.post<number>('/notifications/count', { filter: resolvedOnlyFilter() })).body.data).toBe(5)
  })

  it('lists distinct values, and refuses more than the limit', async () => {
    const api = await as('admin@acme.example')
    const categories = await api.post<string[]>('/notifications/distinct', { key: 'category' })
    expect(categories.body.data).toEqual(['CRITICAL', 'INFO', 'OK', 'WARNING'])
    const statuses = await api.post<string[]>('/notifications/distinct', {
      key: 'status',
      filter: { condition: 'ALL', criteria: [{ name: 'category', method: 'EQUALS', value: 'OK' }] },
    })
    expect(statuses.body.data).toEqual(['ACTIVE', 'RESOLVED'])
    const tooMany = await api.post('/notifications/distinct', { key: 'category', limit: 3 })
    expect(tooMany.http).toBe(400)
    expect(tooMany.body).toEqual({ status: 'FAILURE', err: 'Too many distinct values' })
    const unknown = await api.post('/notifications/distinct', { key: 'secret' })
    expect(unknown.http).toBe(400)
  })
})

/* ---------------------------------------------------------------- portal side */

async function signedInCookie(email: string) {
  const storage = getSessionStorage(context)
  const session = await storage.getSession()
  session.set('user', { email, name: email, roles: ['user'] })
  session.set('accessToken', await getAccessToken(server.url, email))
  session.set('accessTokenExpiresAt', Date.now() + 3600_000)
  return (await storage.commitSession(session)).split(';')[0]
}

/** The session id inside the signed cookie value (base64 JSON, then '.signature'). */
function sessionIdOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8')) as string
}

/** Makes the session's cached alerts look `ms` older, as if that much time had passed. */
async function ageAlertsCache(cookie: string, ms: number) {
  const id = sessionIdOf(cookie)
  const row = (await first(server.db.select().from(sessions).where(eq(sessions.id, id))))!
  const data = row.data as { alerts?: { at: number } }
  expect(data.alerts).toBeDefined()
  data.alerts!.at -= ms
  await server.db
    .update(sessions)
    .set({ data: data as Record<string, unknown> })
    .where(eq(sessions.id, id))
}

async function bannerFor(cookie: string, path = '/home?customer=1000001'): Promise<Banner> {
  const request = new Request(`${server.config.publicUrl}${path}`, { headers: { cookie } })
  const result = (await shellLoader({ request, context: createLoadContext(context), params: {} })) as unknown as {
    data: { alertsBanner: Banner }
  }
  return result.data.alertsBanner
}

async function dismiss(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${server.config.publicUrl}/resources/alerts/dismiss`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  return (await dismissAction({ request, context: createLoadContext(context), params: {} })) as
    Response | { data: unknown; init?: { status?: number } }
}

async function insertActive(title: string, category = 'WARNING') {
  const [{ id }] = await server.db
    .insert(notifications)
    .values({
      category,
      status: 'ACTIVE',
      date: toApiDateText(new Date(Date.now() - 600_000)),
      expires: null,
      title,
      description: `${title}.`,
      service: { portal: 'Licensing Portal' },
    })
    .returning({ id: notifications.id })
  return id
}

describe('the banner in the shell', () => {
  it('after sign-in shows the active alerts: Multiple alerts affecting their services', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const banner = await bannerFor(cookie)
    expect(banner).toMatchObject({
      mode: 'multiple',
      category: 'CRITICAL',
      title: 'Multiple alerts',
      text: 'Multiple items affecting Elastic Licensing, Licensing Portal, Cloud Licensing Server and FlexNet Licensing.',
    })
    // Outage, degradation, the maintenance within 5 days and the information item; not the one in 10 days.
    expect(banner.mode !== 'none' && banner.ids).toHaveLength(4)
  })

  it('asks the API again only after the minimum delay', async () => {
    const cookie = await signedInCookie('viewer@acme.example')
    const before = await bannerFor(cookie)
    const id = await insertActive('Sign-in delays')
    try {
      expect(await bannerFor(cookie, '/notifications?customer=1000001')).toEqual(before)
      await ageAlertsCache(cookie, 61_000)
      const after = await bannerFor(cookie)
      expect(after.mode !== 'none' && after.ids).toContain(id)
    } finally {
      await server.db.delete(notifications).where(eq(notifications.id, id))
    }
  })

  it('closing it keeps it closed for the session, until a new alert comes', async () => {
    const cookie = await signedInCookie('asc@acme.example')
    const banner = await bannerFor(cookie)
    expect(banner.mode).toBe('multiple')
    const ids = banner.mode === 'none' ? '' : banner.ids.join(',')

    const reply = await dismiss(cookie, { ids, returnTo: '/ssl?customer=1000001' })
    expect(reply).toBeInstanceOf(Response)
    expect((reply as Response).status).toBe(302)
    expect((reply as Response).headers.get('location')).toBe('/ssl?customer=1000001')
    expect(await bannerFor(cookie)).toEqual({ mode: 'none' })
    await ageAlertsCache(cookie, 61_000)
    expect(await bannerFor(cookie)).toEqual({ mode: 'none' })

    const id = await insertActive('Usage reports delayed', 'CRITICAL')
    try {
      await ageAlertsCache(cookie, 61_000)
      const again = await bannerFor(cookie)
      expect(again.mode).toBe('multiple')
      expect(again.mode !== 'none' && again.ids).toContain(id)
    } finally {
      await server.db.delete(notifications).where(eq(notifications.id, id))
    }
  })

  it('a fresh session shows the banner again', async () => {
    const other = await signedInCookie('asc@acme.example')
    expect((await bannerFor(other)).mode).toBe('multiple')
  })

  it('with JavaScript the dismiss answers data instead of a redirect', async () => {
    const cookie = await signedInCookie('partner@channel.example')
    const banner = await bannerFor(cookie, '/home')
    const ids = banner.mode === 'none' ? '' : banner.ids.join(',')
    const reply = (await dismiss(cookie, { ids, returnTo: '/home', fetch: '1' })) as { data: unknown }
    expect(reply).not.toBeInstanceOf(Response)
    expect(reply.data).toEqual({ ok: true })
    expect(await bannerFor(cookie, '/home')).toEqual({ mode: 'none' })
  })

  it('goes back only to a page of this site', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const reply = (await dismiss(cookie, { ids: '1', returnTo: 'https://evil.example/phish' })) as Response
    expect(reply.headers.get('location')).toBe('/home')
    const protocolRelative = (await dismiss(cookie, { ids: '1', returnTo: '//evil.example' })) as Response
    expect(protocolRelative.headers.get('location')).toBe('/home')
  })

  it('refuses malformed ids and changes nothing', async () => {
    const cookie = await signedInCookie('viewer@acme.example')
    const bad = (await dismiss(cookie, { ids: '1,abc', returnTo: '/home', fetch: '1' })) as {
      data: unknown
      init?: { status?: number }
    }
    expect(bad.init?.status).toBe(400)
    expect(bad.data).toEqual({ ok: false, error: 'The alerts banner could not be closed.' })
    const noJs = (await dismiss(cookie, { ids: '', returnTo: '/home?customer=1000001' })) as Response
    expect(noJs.headers.get('location')).toBe('/home?customer=1000001')
    const request = new Request(`${server.config.publicUrl}/home?customer=1000001`, { headers: { cookie } })
    const shell = (await shellLoader({ request, context: createLoadContext(context), params: {} })) as unknown as {
      data: { flash: unknown; alertsBanner: Banner }
    }
    expect(shell.data.flash).toEqual({ type: 'error', message: 'The alerts banner could not be closed.' })
    expect(shell.data.alertsBanner.mode).toBe('multiple')
  })
})

describe('the alert screens', () => {
  async function run(
    loader: (args: LoaderFunctionArgs) => Promise<unknown>,
    path: string,
    params: Record<string, string>,
    cookie: string,
  ): Promise<Response | Record<string, unknown>> {
    const request = new Request(`${server.config.publicUrl}${path}`, { headers: { cookie } })
    try {
      return (await loader({ request, context: createLoadContext(context), params })) as Record<string, unknown>
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }

  it('lists the active alerts of a category and answers 404 for an unknown one', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const info = (await run(categoryLoader, '/notifications-category/info', { category: 'info' }, cookie)) as {
      title: string
      alerts: { title: string }[]
    }
    expect(info.title).toBe('Planned Maintenance')
    expect(info.alerts.map((a) => a.title)).toEqual(['FlexNet Licensing maintenance'])
    const unknown = await run(categoryLoader, '/notifications-category/severe', { category: 'severe' }, cookie)
    expect((unknown as Response).status).toBe(404)
  })

  it('shows one alert and answers 404 for an unknown or malformed id', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const outage = (await first(
      server.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.title, 'Cloud licensing outage')),
    ))!
    const found = (await run(
      detailsLoader,
      `/notification-details/${outage.id}`,
      { id: String(outage.id) },
      cookie,
    )) as {
      alert: { title: string; status: string; duration: string; age: string; links: unknown[] }
    }
    expect(found.alert).toMatchObject({
      title: 'Cloud licensing outage',
      status: 'RESOLVED',
      duration: '2 Hours 40 Minutes',
      age: '4 days ago',
      links: [{ label: 'Incident report', url: 'https://status.example.com/incidents/cls-outage' }],
    })
    for (const id of ['999999', 'abc', '0', '-1']) {
      expect(((await run(detailsLoader, `/notification-details/${id}`, { id }, cookie)) as Response).status).toBe(404)
    }
  })

  it('the Resolved tab lists resolved-only alerts, the latest first', async () => {
    const cookie = await signedInCookie('admin@acme.example')
    const resolved = (await run(alertsLoader, '/notifications?tab=resolved', {}, cookie)) as {
      tab: string
      rows: { title: string; start: string }[]
    }
    expect(resolved.tab).toBe('resolved')
    expect(resolved.rows.map((r) => r.title)).toEqual(RESOLVED_ONLY_TITLES)
    expect(resolved.rows[0].start).toMatch(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}$/)
    const active = (await run(alertsLoader, '/notifications?tab=nonsense', {}, cookie)) as {
      tab: string
      panels: { title: string; count: number }[]
    }
    expect(active.tab).toBe('active')
    expect(active.panels.map((p) => [p.title, p.count])).toEqual([
      ['Outage', 1],
      ['Service Degradation', 1],
      ['Planned Maintenance', 1],
      ['Information', 1],
    ])
  })
})

describe('fetch sizes', () => {
  it('answers 100 rows by default and at most 1000 a request', async () => {
    const api = await as('admin@acme.example')
    const start = Date.now() - 40 * 86_400_000
    await server.db.insert(notifications).values(
      Array.from({ length: 1100 }, (_, i) => ({
        category: 'OK',
        status: 'RESOLVED',
        date: toApiDateText(new Date(start - i * 60_000)),
        expires: toApiDateText(new Date(start - i * 60_000 + 30_000)),
        title: `Bulk ${i}`,
        description: 'Generated.',
      })),
    )
    const page = await api.post<Notification[]>('/notifications', {})
    expect(page.body.data).toHaveLength(100)
    expect(page.body.token).toBeTruthy()
    const max = await api.post<Notification[]>('/notifications', { limit: 1000 })
    expect(max.body.data).toHaveLength(1000)
  })
})
