/**
 * POST /home/customers on a real server and the demo data: the customers a user
 * may pick, counted as /getaccounts counts them, each with the figures
 * /home/summary answers for it (a figure whose card the user does not get is
 * null); a customer under export control named with no figures; above
 * CUSTOMER_LIST_MAX customers, the count alone; bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { first } from '../../db/query'
import { accountAccess, accounts, users } from '../../db/tables'
import { isExportDenied } from '../../api/access'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import type { CreditStatus } from '../../app/domain/credit-forecast'
import { CUSTOMER_LIST_MAX, type CustomerFigures } from '../../app/domain/home-cards'
import type { HomeCustomers, HomeSummary } from '../../app/domain/home-summary'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

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
const BUSOPS = 'busops@vendor.example'
const EMBARGO_ADMIN = 'igor.petrov@embargo.example'
const NOBODY = 'nobody@example.com'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'
const EMBARGO = '1000005'
const STEADY = demoActivationId(ELASTIC_KEYS.acmeSteady)

async function customers(email: string) {
  const r = await (await as(email)).post<HomeCustomers>('/home/customers', {})
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

async function accountCount(email: string) {
  const r = await (await as(email)).post<number>('/getaccounts/count', {})
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

/** The figures of a customer as its /home/summary answers them. */
async function figuresFromSummary(email: string, customerNumber: string, customerName: string) {
  const r = await (await as(email)).post<HomeSummary>('/home/summary', { customerNumber })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  const home = r.body.data!
  const elastic = home.elastic
  const perCurrency = new Map<string, number>()
  for (const c of elastic ?? []) perCurrency.set(c.currency, (perCurrency.get(c.currency) ?? 0) + 1)
  const currency = [...perCurrency].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null
  const remaining = (elastic ?? []).filter((c) => c.currency === currency).reduce((sum, c) => sum + c.remaining, 0)
  const ending = home.ending
  return {
    customerNumber,
    customerName,
    elasticRemaining: elastic ? Math.round(remaining * 100) / 100 : null,
    currency: elastic ? currency : null,
    belowThreshold: elastic ? elastic.filter((c) => c.thresholdState === 'below').length : null,
    endingSoon: ending ? ending.leases.count + ending.fsaContracts.count + ending.perpetuals.count : null,
    activeHosts: home.hosts ? home.hosts.active : null,
    restricted: false,
  } satisfies CustomerFigures
}

const restricted = (customerNumber: string, customerName: string): CustomerFigures => ({
  customerNumber,
  customerName,
  elasticRemaining: null,
  currency: null,
  belowThreshold: null,
  endingSoon: null,
  activeHosts: null,
  restricted: true,
})

const accountOf = async (accountId: string) =>
  (await first(server.db.select().from(accounts).where(eq(accounts.accountId, accountId))))!

describe('POST /api/home/customers', () => {
  it('lists a partner’s two customers with the figures their summaries answer', async () => {
    const list = await customers(PARTNER)
    expect(list.count).toBe(2)
    expect(list.count).toBe(await accountCount(PARTNER))
    expect(list.customers).toEqual([
      await figuresFromSummary(PARTNER, BOREALIS, 'Borealis Motors'),
      await figuresFromSummary(PARTNER, COBALT, 'Cobalt Energy'),
    ])
    const [borealis, cobalt] = list.customers!
    // Borealis has elastic credit; Cobalt (leases only) has no elastic figures.
    expect(borealis.elasticRemaining).toBeGreaterThan(0)
    expect(borealis.currency).toBe('EUR')
    expect(cobalt).toMatchObject({ elasticRemaining: null, currency: null, belowThreshold: null })
    for (const c of list.customers!) {
      expect(c.endingSoon, c.customerNumber).not.toBeNull()
      expect(c.activeHosts, c.customerNumber).not.toBeNull()
    }
  })

  it('lists Acme alone for its administrator, with every figure', async () => {
    const list = await customers(ADMIN)
    expect(list).toEqual({ count: 1, customers: [await figuresFromSummary(ADMIN, ACME, 'Acme Aerospace')] })
    const [acme] = list.customers!
    expect(acme.elasticRemaining).toBeGreaterThan(0)
    expect(acme.endingSoon).toBeGreaterThan(0)
    expect(acme.activeHosts).toBeGreaterThan(0)
  })

  it('counts an entitlement brought below its threshold', async () => {
    const api = await as(ADMIN)
    const forecast = await api.post<CreditStatus[]>('/entitlements/forecast', { customerNumber: ACME })
    const entitlement = forecast.body.data!.find((c) => c.ActivationId === STEADY)!
    const before = (await customers(ADMIN)).customers![0].belowThreshold!
    try {
      const r = await api.post('/entitlements/threshold', {
        customerNumber: ACME,
        activationId: STEADY,
        threshold: entitlement.LineItemQuantity,
      })
      expect(r.http, JSON.stringify(r.body)).toBe(200)
      const after = (await customers(ADMIN)).customers![0]
      expect(after.belowThreshold).toBe(before + 1)
      expect(after).toEqual(await figuresFromSummary(ADMIN, ACME, 'Acme Aerospace'))
    } finally {
      await api.post('/entitlements/threshold', {
        customerNumber: ACME,
        activationId: STEADY,
        threshold: entitlement.threshold,
      })
    }
  })

  it('gives a user without the activations permission no hosts figure', async () => {
    const [acme] = (await customers(GENERATOR)).customers!
    expect(acme.activeHosts).toBeNull()
    expect(acme.elasticRemaining).not.toBeNull()
    expect(acme).toEqual(await figuresFromSummary(GENERATOR, ACME, 'Acme Aerospace'))
  })

  it('names a customer under export control with no figures', async () => {
    expect(await customers(EMBARGO_ADMIN)).toEqual({
      count: 1,
      customers: [restricted(EMBARGO, 'Embargo Industries')],
    })
  })

  it('gives staff, who may pick every customer, the count alone', async () => {
    const list = await customers(BUSOPS)
    expect(list.count).toBeGreaterThan(CUSTOMER_LIST_MAX)
    expect(list.count).toBe(await accountCount(BUSOPS))
    expect(list.customers).toBeNull()
  })

  it('lists up to 50 customers, each with its own figures, and counts 51 alone', async () => {
    const nobody = (await first(server.db.select().from(users).where(eq(users.email, NOBODY))))!
    const ids = (
      await server.db
        .select({ accountId: accounts.accountId })
        .from(accounts)
        .orderBy(asc(accounts.accountId))
        .limit(CUSTOMER_LIST_MAX + 1)
    ).map((a) => a.accountId)
    expect(ids.slice(0, 5)).toEqual([ACME, BOREALIS, COBALT, '1000004', EMBARGO])
    const grant = async (accountIds: string[]) => {
      await server.db
        .insert(accountAccess)
        .values(accountIds.map((accountId) => ({ userId: nobody.id, accountId, role: 'admin' })))
    }
    expect(await customers(NOBODY)).toEqual({ count: 0, customers: [] })
    try {
      await grant(ids.slice(0, CUSTOMER_LIST_MAX))
      const list = await customers(NOBODY)
      expect(list.count).toBe(CUSTOMER_LIST_MAX)
      const expected: CustomerFigures[] = []
      for (const id of ids.slice(0, CUSTOMER_LIST_MAX)) {
        const { accountName, ...account } = await accountOf(id)
        expected.push(
          isExportDenied(account) ? restricted(id, accountName) : await figuresFromSummary(NOBODY, id, accountName),
        )
      }
      expect(expected.filter((c) => c.restricted).length).toBeGreaterThan(0)
      expect(list.customers).toEqual(expected)

      await grant(ids.slice(CUSTOMER_LIST_MAX))
      expect(await customers(NOBODY)).toEqual({ count: CUSTOMER_LIST_MAX + 1, customers: null })
    } finally {
      await server.db
        .delete(accountAccess)
        .where(and(eq(accountAccess.userId, nobody.id), inArray(accountAccess.accountId, ids)))
    }
  })

  it('refuses a body with anything in it', async () => {
    const api = await as(ADMIN)
    for (const body of [{ customerNumber: ACME }, { limit: 10 }, []]) {
      const r = await api.post('/home/customers', body)
      expect([JSON.stringify(body), r.http, r.body.status]).toEqual([JSON.stringify(body), 400, 'FAILURE'])
    }
  })

  it('refuses a caller who is not signed in', async () => {
    const r = await apiClient(server.url).post('/home/customers', {})
    expect([r.http, r.body.status]).toEqual([401, 'FAILURE'])
  })
})
