/**
 * POST /home/summary on a real server and the demo data: every card the user and
 * customer get is filled with figures that agree with the calls of the screens
 * they summarise (the forecast and the elastic list, the Leases/Perpetuals and
 * FSA lists, the hosts and their history, the sessions, the active alerts, the
 * e-mail list); a card the user may not see is null; another customer, a
 * customer under export control and bad input are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm'
import { first } from '../../db/query'
import { accounts, entitlements, usageSessions } from '../../db/tables'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { HOME_ALERTS_SHOWN, HOME_EMAILS_SHOWN, HOME_ENDING_SHOWN } from '../../api/home'
import { RETURN_ACTION } from '../../api/hosts'
import { addDays, DEPLOYED, remainingAmount, todayUtc } from '../../app/domain/entitlements'
import { thresholdState, type CreditStatus } from '../../app/domain/credit-forecast'
import { ENDING_WINDOW_DAYS, endsSoon, weekWindows, type EndingKind } from '../../app/domain/home-cards'
import type { HomeEndingGroup, HomeSummary } from '../../app/domain/home-summary'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  type ActivationRow,
  type HostHistory,
  type ServerSummary,
} from '../../app/domain/activation-types'
import type { EntitlementRow } from '../../app/domain/entitlement-row'
import type { FsaContract } from '../../app/domain/fsa-types'
import { isShown, type Notification } from '../../app/domain/alerts'
import { maintenanceExpired } from '../../app/domain/activation-rules'
import { MANUAL_DRAWDOWN_PRODUCT } from '../../app/domain/product'
import { dayStart } from '../../app/domain/utc-day'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const ADMIN = 'admin@acme.example'
/** An administrator of Acme who is its licence generator: no activations, so no hosts card. */
const GENERATOR = 'raj.patel@acme.example'
const PARTNER = 'partner@channel.example'
const COBALT_VIEWER = 'wei.chen@cobalt.example'
const ACME = '1000001'
const COBALT = '1000003'
const STEADY = demoActivationId(ELASTIC_KEYS.acmeSteady)

async function summary(email = ADMIN, customerNumber = ACME) {
  const r = await (await as(email)).post<HomeSummary>('/home/summary', { customerNumber })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

async function call<T>(email: string, path: string, body: Record<string, unknown>) {
  const r = await (await as(email)).post<T>(path, body)
  expect(r.http, `${path} ${JSON.stringify(r.body)}`).toBe(200)
  return r.body.data!
}

/** What the summary's ending group should be for these (activation id, product, day) rows. */
function endingGroup(
  kind: EndingKind,
  rows: { activationId: string; productName: string; startDate: string; date: string | null }[],
): HomeEndingGroup {
  const today = todayUtc()
  const items = rows
    .filter((r) => endsSoon(kind, { startDate: r.startDate, end: r.date }, today))
    .map((r) => ({ activationId: r.activationId, productName: r.productName, date: r.date!.slice(0, 10) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.activationId.localeCompare(b.activationId))
  return { count: items.length, soonest: items.slice(0, HOME_ENDING_SHOWN) }
}

/** The ending card as the Leases/Perpetuals list (SSL, Deployed, no manual drawdown) and the FSA contracts show it. */
async function endingFromLists() {
  const ssl = (
    await allPages<EntitlementRow>(await as(ADMIN), '/fetchEntitlements', {
      customerNumber: ACME,
      type: 'SSL',
      state: DEPLOYED,
    })
  ).rows.filter((r) => r.ProductName !== MANUAL_DRAWDOWN_PRODUCT)
  const contracts = await call<FsaContract[]>(ADMIN, '/fsa/contracts', { customerNumber: ACME })
  const named = (r: EntitlementRow, date: string) => ({
    activationId: r.ActivationId,
    productName: r.ProductName,
    startDate: r.StartDate,
    date: date || null,
  })
  return {
    windowDays: ENDING_WINDOW_DAYS,
    leases: endingGroup(
      'term',
      ssl.filter((r) => r.EndDate !== '').map((r) => named(r, r.EndDate)),
    ),
    fsaContracts: endingGroup(
      'term',
      contracts.map((c) => ({
        activationId: c.EntitlementID,
        productName: c.ProductName,
        startDate: c.StartDate,
        date: c.EndDate || null,
      })),
    ),
    perpetuals: endingGroup(
      'maintenance',
      ssl.filter((r) => r.EndDate === '').map((r) => named(r, r.VersionDate)),
    ),
  }
}

describe('POST /api/home/summary', () => {
  it('gives the administrator of Acme every card', async () => {
    const home = await summary()
    expect(home.customerNumber).toBe(ACME)
    expect(home.today).toBe(todayUtc())
    expect(home.cards).toEqual(['elastic', 'ending', 'hosts', 'usage', 'alerts', 'emails', 'web'])
    for (const card of home.cards) expect(home[card], card).not.toBeNull()
  })

  it('shows each active elastic entitlement with the figures of the forecast call and the elastic list', async () => {
    const home = await summary()
    const forecast = await call<CreditStatus[]>(ADMIN, '/entitlements/forecast', { customerNumber: ACME })
    expect(forecast.length).toBeGreaterThan(0)
    expect(home.elastic).toEqual(
      forecast.map((f) => ({
        activationId: f.ActivationId,
        product: f.product,
        productName: expect.any(String),
        remaining: f.Remaining,
        quantity: f.LineItemQuantity,
        currency: f.Currency,
        forecast: f.forecast.kind,
        runsOutOn: f.forecast.kind === 'runs-out' ? f.forecast.date : null,
        threshold: f.threshold,
        thresholdState: thresholdState(f.Remaining, f.threshold),
      })),
    )
    // The demo data's steady entitlement has a threshold and a forecast date.
    const steady = home.elastic!.find((c) => c.activationId === STEADY)!
    expect(steady.threshold).not.toBeNull()
    expect(steady.thresholdState).not.toBe('none')

    // The same set and figures as Elastic Licensing's active grid.
    const active = (
      await allPages<EntitlementRow>(await as(ADMIN), '/fetchEntitlements/active', {
        customerNumber: ACME,
        type: 'ELASTIC',
      })
    ).rows
    expect(home.elastic!.map((c) => c.activationId).sort()).toEqual(active.map((r) => r.ActivationId).sort())
    for (const row of active) {
      const credit = home.elastic!.find((c) => c.activationId === row.ActivationId)!
      expect(credit).toMatchObject({
        productName: row.ProductName,
        quantity: row.LineItemQuantity,
        currency: row.Currency,
        remaining: remainingAmount(row.LineItemQuantity, row.Used),
      })
    }
  })

  it('follows a threshold change: below, then above, then none', async () => {
    const api = await as(ADMIN)
    const stateOf = async () => (await summary()).elastic!.find((c) => c.activationId === STEADY)!
    const before = await stateOf()
    try {
      for (const [threshold, state] of [
        [before.quantity, 'below'],
        [0, 'above'],
        [null, 'none'],
      ] as const) {
        const r = await api.post('/entitlements/threshold', { customerNumber: ACME, activationId: STEADY, threshold })
        expect(r.http, JSON.stringify(r.body)).toBe(200)
        expect(await stateOf()).toMatchObject({ threshold, thresholdState: state })
      }
    } finally {
      await api.post('/entitlements/threshold', {
        customerNumber: ACME,
        activationId: STEADY,
        threshold: before.threshold,
      })
    }
  })

  it('counts the leases, FSA contracts and maintenance ending within 90 days as their lists show them', async () => {
    const home = await summary()
    expect(home.ending).toEqual(await endingFromLists())
    // The demo data has leases ending soon.
    expect(home.ending!.leases.count).toBeGreaterThan(0)
    expect(home.ending!.leases.soonest.length).toBe(Math.min(HOME_ENDING_SHOWN, home.ending!.leases.count))
  })

  it('counts from today to day 90 of each group, and leaves out what the lists leave out', async () => {
    const today = todayUtc()
    const lease = (await first(
      server.db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.accountId, ACME), eq(entitlements.type, 'SSL'))),
    ))!
    const row = (key: string, more: Partial<typeof lease>) => ({
      ...lease,
      id: undefined,
      activationId: `0000-HOME-${key}`,
      productName: `Home ${key}`,
      state: DEPLOYED,
      startDate: addDays(today, -30),
      versionDate: null,
      ...more,
    })
    const added = [
      // A term's last day already counts as expired; maintenance holds through its last day.
      row('LEASE-0', { endDate: today }),
      row('LEASE-1', { endDate: addDays(today, 1) }),
      row('LEASE-90', { endDate: addDays(today, ENDING_WINDOW_DAYS) }),
      row('LEASE-NOT-STARTED', { startDate: addDays(today, 1), endDate: addDays(today, 5) }),
      row('LEASE-91', { endDate: addDays(today, ENDING_WINDOW_DAYS + 1) }),
      row('LEASE-ENDED', { endDate: addDays(today, -1) }),
      row('LEASE-NOT-DEPLOYED', { endDate: addDays(today, 3), state: 'Inactive' }),
      row('DRAWDOWN', { endDate: addDays(today, 3), productName: MANUAL_DRAWDOWN_PRODUCT }),
      row('PERPETUAL-0', { endDate: null, versionDate: today }),
      row('PERPETUAL-10', { endDate: null, versionDate: addDays(today, 10) }),
      row('PERPETUAL-91', { endDate: null, versionDate: addDays(today, ENDING_WINDOW_DAYS + 1) }),
      row('FSA-20', { type: 'FSA', endDate: addDays(today, 20), price: 1000 }),
    ]
    const before = (await summary()).ending!
    await server.db.insert(entitlements).values(added)
    try {
      const after = (await summary()).ending!
      expect(after).toEqual(await endingFromLists())
      expect(after.leases.count).toBe(before.leases.count + 2)
      expect(after.leases.soonest[0]).toEqual({
        activationId: '0000-HOME-LEASE-1',
        productName: 'Home LEASE-1',
        date: addDays(today, 1),
      })
      expect(after.leases.soonest.map((i) => i.activationId)).not.toContain('0000-HOME-DRAWDOWN')
      expect(after.perpetuals).toEqual({
        count: before.perpetuals.count + 2,
        soonest: expect.arrayContaining([
          { activationId: '0000-HOME-PERPETUAL-0', productName: 'Home PERPETUAL-0', date: today },
          { activationId: '0000-HOME-PERPETUAL-10', productName: 'Home PERPETUAL-10', date: addDays(today, 10) },
        ]),
      })
      expect(after.fsaContracts).toEqual({
        count: before.fsaContracts.count + 1,
        soonest: expect.arrayContaining([
          { activationId: '0000-HOME-FSA-20', productName: 'Home FSA-20', date: addDays(today, 20) },
        ]),
      })
      // A customer without FSA has no FSA group, whatever its rows.
      await server.db.update(accounts).set({ hasFsa: 0 }).where(eq(accounts.accountId, ACME))
      expect((await summary()).ending!.fsaContracts).toEqual({ count: 0, soonest: [] })
    } finally {
      await server.db.update(accounts).set({ hasFsa: 1 }).where(eq(accounts.accountId, ACME))
      await server.db.delete(entitlements).where(
        inArray(
          entitlements.activationId,
          added.map((r) => r.activationId),
        ),
      )
    }
  })

  it('counts the active hosts as /fulfillments/servers lists them, and names the latest change of their history', async () => {
    const home = await summary()
    const servers = await call<ServerSummary[]>(ADMIN, '/fulfillments/servers', { customerNumber: ACME })
    expect(home.hosts!.active).toBe(servers.filter((s) => s.state === 'ACTIVE').length)
    expect(home.hosts!.active).toBeGreaterThan(0)

    const history = await call<HostHistory[]>(ADMIN, '/fulfillments/servers/export', {
      customerNumber: ACME,
      hostIds: servers.map((s) => s.id).join(','),
    })
    const events = history.flatMap((h) => h.fulfillments.map((f) => ({ ...f, hostName: h.name })))
    expect(events.length).toBeGreaterThan(0)
    const latest = Math.max(...events.map((f) => f.time))
    const last = home.hosts!.lastChange!
    expect(last.time).toBe(latest)
    expect(events.filter((f) => f.time === latest)).toContainEqual(
      expect.objectContaining({
        hostName: last.hostName,
        modifiedby: last.by,
        action: last.action,
        FulfillCount: last.count,
        ActivationId: last.activationId,
        ProductName: last.productName,
      }),
    )
  })

  it('names an activation and then its return as the latest change', async () => {
    const api = await as(ADMIN)
    const servers = await call<ServerSummary[]>(ADMIN, '/fulfillments/servers', { customerNumber: ACME })
    const host = servers.find((s) => s.state === 'ACTIVE')!
    const ref = { customerNumber: ACME, serverId: host.serverId, serverIdType: host.serverIdType }
    const rows = await call<ActivationRow[]>(ADMIN, '/fulfillments/allentitlements', { ...ref, activeOnly: true })
    const target = rows.find(
      (r) => r[AVAILABLE_FIELD] > 0 && r[ACTIVATED_FIELD] === 0 && !maintenanceExpired(r.VersionDate, todayUtc()),
    )
    expect(target, 'an entitlement to activate on the host').toBeDefined()
    const operation = (path: string, count: number) =>
      api.post(path, { ...ref, serverName: host.name, activations: [{ id: target!.ActivationId, count }] })
    const change = { hostName: host.name, activationId: target!.ActivationId, productName: target!.ProductName }

    const made = await operation('/fulfillments/create', 1)
    expect(made.http, JSON.stringify(made.body)).toBe(200)
    const afterMade = (await summary()).hosts!.lastChange!
    expect(afterMade).toMatchObject({ ...change, by: ADMIN, action: 'EDIT', count: 1 })

    const returned = await operation('/fulfillments/return', -1)
    expect(returned.http, JSON.stringify(returned.body)).toBe(200)
    const afterReturn = (await summary()).hosts!.lastChange!
    expect(afterReturn).toMatchObject({ ...change, by: ADMIN, action: RETURN_ACTION, count: -1 })
    expect(afterReturn.time).toBeGreaterThanOrEqual(afterMade.time)
    // A user of another customer sharing none of these hosts sees none of it.
    expect((await summary(PARTNER, COBALT)).hosts!.lastChange?.activationId).not.toBe(target!.ActivationId)
  })

  it('sums the cost of the sessions ending on each of the last 14 days, and the two weeks', async () => {
    const home = await summary()
    const today = todayUtc()
    const first = addDays(today, -13)
    const sessions = await server.db
      .select({ endTs: usageSessions.endTs, charge: usageSessions.charge, currency: usageSessions.currency })
      .from(usageSessions)
      .where(
        and(
          eq(usageSessions.accountId, ACME),
          isNotNull(usageSessions.endTs),
          gte(usageSessions.endTs, dayStart(first)),
        ),
      )
    const cents = new Map<string, number>()
    for (const s of sessions) {
      const day = new Date(s.endTs!).toISOString().slice(0, 10)
      cents.set(day, (cents.get(day) ?? 0) + Math.round(s.charge * 100))
    }
    const days = Array.from({ length: 14 }, (_, i) => addDays(first, i))
    const usage = home.usage!
    expect(usage.days).toEqual(days.map((day) => ({ day, cost: (cents.get(day) ?? 0) / 100 })))
    expect(usage.days.some((d) => d.cost > 0)).toBe(true)
    expect(usage.currency).toBe('USD')
    expect(new Set(sessions.map((s) => s.currency))).toEqual(new Set(['USD']))
    const windows = weekWindows(today)
    const sum = (from: string, to: string) =>
      days.filter((d) => d >= from && d <= to).reduce((n, d) => n + (cents.get(d) ?? 0), 0) / 100
    expect(usage.current).toEqual({ ...windows.current, total: sum(windows.current.from, windows.current.to) })
    expect(usage.previous).toEqual({ ...windows.previous, total: sum(windows.previous.from, windows.previous.to) })
  })

  it("counts the alerts about the customer's services that the alerts page shows, and names the newest", async () => {
    const r = await (await as(ADMIN)).get<Notification[]>('/notifications')
    // What GET /notifications answers, as the alerts page shows it: info alerts only inside the info window.
    const all = r.body.data!.filter((a) => isShown(a, new Date()))
    expect(all.length, 'an info alert beyond the window is left out').toBeLessThan(r.body.data!.length)
    const services = (a: Notification) => Object.keys(a.service ?? {})
    // The demo alerts name elastic and FlexNet services: Acme uses both, Cobalt only leases.
    for (const [email, customer, uses] of [
      [ADMIN, ACME, ['portal', 'els', 'cls', 'fnp']],
      [COBALT_VIEWER, COBALT, ['portal', 'fnp']],
    ] as const) {
      const home = await summary(email, customer)
      const active = all.filter((a) => services(a).length === 0 || services(a).some((k) => uses.includes(k as never)))
      expect(active.length).toBeGreaterThan(0)
      expect(home.alerts, customer).toEqual({
        count: active.length,
        newest: active
          .slice(0, HOME_ALERTS_SHOWN)
          .map(({ id, title, category, date }) => ({ id, title, category, date })),
      })
    }
    expect(all.some((a) => services(a).every((k) => k === 'els' || k === 'cls'))).toBe(true)
    expect((await summary(COBALT_VIEWER, COBALT)).alerts!.count).toBeLessThan((await summary()).alerts!.count)
  })

  it('lists the latest e-mails as the e-mail list shows them', async () => {
    const home = await summary()
    const list = await call<{ id: number; date: string; subject: string }[]>(ADMIN, '/getemails', {
      customerNumber: ACME,
      limit: HOME_EMAILS_SHOWN,
    })
    expect(list.length).toBeGreaterThan(0)
    expect(home.emails).toEqual(list.map(({ id, date, subject }) => ({ id, date, subject })))
  })

  it('tells whether the user may pick another customer, as /getaccounts lists them', async () => {
    for (const [email, customerNumber] of [
      [ADMIN, ACME],
      [PARTNER, COBALT],
      [COBALT_VIEWER, COBALT],
      ['busops@vendor.example', ACME],
    ]) {
      const listed = await call<unknown[]>(email, '/getaccounts', { limit: 2 })
      expect([email, (await summary(email, customerNumber)).severalCustomers]).toEqual([email, listed.length > 1])
    }
    expect((await summary(PARTNER, COBALT)).severalCustomers).toBe(true)
    expect((await summary(ADMIN, ACME)).severalCustomers).toBe(false)
  })

  it('gives a customer with leases only no elastic or usage figures', async () => {
    for (const email of [PARTNER, COBALT_VIEWER]) {
      const home = await summary(email, COBALT)
      // Cobalt is Indirect: no e-mail list either.
      expect([email, home.cards]).toEqual([email, ['ending', 'hosts', 'alerts']])
      expect(home).toMatchObject({ elastic: null, usage: null, emails: null, web: null })
      expect(home.ending!.fsaContracts).toEqual({ count: 0, soonest: [] })
      expect(home.hosts).not.toBeNull()
      expect(home.alerts).not.toBeNull()
    }
  })

  it('gives a user without the activations permission no hosts figures', async () => {
    const home = await summary(GENERATOR)
    expect(home.cards).toEqual(['elastic', 'ending', 'usage', 'alerts', 'emails', 'web'])
    expect(home.hosts).toBeNull()
    expect(home.elastic).toEqual((await summary()).elastic)
    const refused = await (await as(GENERATOR)).post('/fulfillments/servers', { customerNumber: ACME })
    expect(refused.http).toBe(403)
  })

  it('refuses a body without a customer number, or with one that is not one', async () => {
    const api = await as(ADMIN)
    for (const body of [{}, { customerNumber: '' }, { customerNumber: 'ACME 1' }, { customer: ACME }, []]) {
      const r = await api.post('/home/summary', body)
      expect([JSON.stringify(body), r.http, r.body.status]).toEqual([JSON.stringify(body), 400, 'FAILURE'])
    }
  })

  it('refuses a caller who is not signed in', async () => {
    const r = await apiClient(server.url).post('/home/summary', { customerNumber: ACME })
    expect([r.http, r.body.status]).toEqual([401, 'FAILURE'])
  })

  itRefusesOtherAndExportControlledCustomers(as, [['/home/summary', {}]])
})
