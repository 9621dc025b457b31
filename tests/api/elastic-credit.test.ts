/**
 * Elastic credit on the demo data: Used is the sum of the sessions' charges (seeded,
 * and after recording sessions through the API), the credit forecast, and the
 * low-balance threshold with its one e-mail and audit records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { auditLog, emails, entitlements, lowBalanceAlerts, usageSessions } from '../../db/tables'
import { first } from '../../db/query'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { DEMO_THRESHOLD } from '../../db/seed-licensing'
import { CREDIT_MESSAGES, lowBalanceSubject } from '../../api/elastic-credit'
import { SESSION_MESSAGES } from '../../api/usage-sessions'
import { addDays, remainingAmount, todayUtc } from '../../app/domain/entitlements'
import { hourlyRate, sessionCharge } from '../../app/domain/elastic-rates'
import { forecastCredit, type CreditStatus } from '../../app/domain/credit-forecast'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const BUSOPS = 'busops@vendor.example'
const SUPPORT = 'support@vendor.example'
const SALES = 'sales@vendor.example'
const ACME = '1000001'
const STEADY = demoActivationId(ELASTIC_KEYS.acmeSteady)
const QUIET = demoActivationId(ELASTIC_KEYS.acmeQuiet)
const MECHANICAL = 'Ansys Mechanical Enterprise'

type Forecast = CreditStatus

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function stored(activationId: string) {
  return (await first(server.db.select().from(entitlements).where(eq(entitlements.activationId, activationId))))!
}

/** The sum of an entitlement's session charges, straight from the sessions table. */
async function sessionSum(activationId: string) {
  const { id } = await stored(activationId)
  return (await first(
    server.db
      .select({ sum: sql<number>`coalesce(sum(${usageSessions.charge}), 0)` })
      .from(usageSessions)
      .where(eq(usageSessions.entitlementId, id)),
  ))!.sum
}

async function balanceEmails(activationId: string) {
  const e = await stored(activationId)
  return server.db
    .select()
    .from(emails)
    .where(and(eq(emails.accountId, e.accountId), eq(emails.subject, lowBalanceSubject(e))))
    .orderBy(emails.id)
}

function thresholdAudit(accountId = ACME) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.area, 'threshold')))
    .orderBy(auditLog.id)
}

/** How many usage sessions there are. */
async function sessionCount() {
  return (await first(server.db.select({ n: sql<number>`count(*)` }).from(usageSessions)))!.n
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** A finished session of `hours` hours ending a minute ago. */
function session(activationId: string, hours: number, extra: Record<string, unknown> = {}) {
  const end = Date.now() - 60_000
  return {
    customerNumber: ACME,
    activationId,
    startTime: new Date(end - hours * 3_600_000).toISOString(),
    endTime: new Date(end).toISOString(),
    product: MECHANICAL,
    productCount: 1,
    user: 'jdoe',
    host: 'acme-ws-014',
    project: 'Wing Box Rev C',
    ...extra,
  }
}

async function forecastOf(activationId: string) {
  const r = await (await as(ADMIN)).post<Forecast[]>('/entitlements/forecast', { customerNumber: ACME })
  return r.body.data!.find((f) => f.ActivationId === activationId)!
}

describe('the credit forecast', () => {
  it("answers each active elastic entitlement with its last 30 days and forecastCredit's verdict", async () => {
    const r = await (await as(ADMIN)).post<Forecast[]>('/entitlements/forecast', { customerNumber: ACME })
    expect(r.http).toBe(200)
    const today = todayUtc()
    expect(r.body.data!.map((f) => f.ActivationId).sort()).toEqual([STEADY, QUIET].sort())
    for (const f of r.body.data!) {
      const e = await stored(f.ActivationId)
      expect(f.dailyUsed.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)))
      const inWindow = f.dailyUsed.reduce((sum, d) => sum + d.used, 0)
      expect(f.usedBeforeWindow + inWindow).toBeCloseTo(e.used, 1)
      expect(f.Remaining).toBe(remainingAmount(e.quantity, e.used))
      expect(f.forecast).toEqual(
        forecastCredit({ remaining: f.Remaining, endDate: e.endDate, today, dailyUsed: f.dailyUsed }),
      )
    }
    const steady = r.body.data!.find((f) => f.ActivationId === STEADY)!
    expect(steady.forecast.kind).toBe('runs-out')
    expect((steady.forecast as { date: string }).date <= steady.EndDate).toBe(true)
    expect(steady.threshold).toBe(DEMO_THRESHOLD.threshold)
    expect(steady.thresholdNotifiedAt).toBeNull()
  })

  it('tells apart the quiet entitlement (no usage in 30 days) and a light one that outlasts its term', async () => {
    const quiet = await forecastOf(QUIET)
    expect(quiet.forecast).toEqual({ kind: 'no-usage' })
    expect(quiet.dailyUsed.every((d) => d.used === 0)).toBe(true)
    expect(quiet.usedBeforeWindow).toBe(quiet.Used)
    const borealis = await (
      await as('partner@channel.example')
    ).post<Forecast[]>('/entitlements/forecast', {
      customerNumber: '1000002',
    })
    const light = borealis.body.data!.find((f) => f.ActivationId === demoActivationId(ELASTIC_KEYS.borealisLight))!
    expect(light.forecast.kind).toBe('outlasts-term')
  })
})

describe('Used is the sum of the sessions', () => {
  it('holds for every seeded elastic entitlement, as getEntitlements answers it', async () => {
    for (const [email, customerNumber] of [
      [ADMIN, '1000001'],
      ['partner@channel.example', '1000002'],
    ]) {
      const r = await (
        await as(email)
      ).post<{ ActivationId: string; Used: number }[]>('/getEntitlements', {
        customerNumber,
      })
      expect(r.body.data!.length).toBeGreaterThan(4)
      for (const row of r.body.data!)
        expect([row.ActivationId, row.Used]).toEqual([row.ActivationId, round2(await sessionSum(row.ActivationId))])
    }
    const total = await sessionCount()
    expect(total).toBeGreaterThan(2000)
  })

  it('holds after recording sessions: each is charged hours × product count × its rate', async () => {
    const busops = await as(BUSOPS)
    const before = (await stored(QUIET)).used
    const hpc = await busops.post<{ charge: number; hours: number; Used: number }>(
      '/usage/sessions',
      session(QUIET, 1.5, { product: 'Ansys HPC', productCount: 32 }),
    )
    expect(hpc.http, JSON.stringify(hpc.body)).toBe(200)
    const rate = hourlyRate((await stored(QUIET)).rateTableVersion, 'Ansys HPC')
    expect(hpc.body.data).toMatchObject({ hours: 1.5, charge: sessionCharge({ hours: 1.5, productCount: 32, rate }) })
    const mech = await (
      await as(SUPPORT)
    ).post<{ charge: number; Used: number }>('/usage/sessions', session(QUIET, 2.25))
    expect(mech.body.data!.charge).toBe(
      sessionCharge({ hours: 2.25, productCount: 1, rate: hourlyRate('2025.1', MECHANICAL) }),
    )
    expect(round2((await stored(QUIET)).used)).toBe(round2(before + hpc.body.data!.charge + mech.body.data!.charge))
    expect(round2((await stored(QUIET)).used)).toBe(round2(await sessionSum(QUIET)))
    expect(mech.body.data!.Used).toBe(round2(await sessionSum(QUIET)))
  })

  it('charges nothing for a session still running', async () => {
    const before = (await stored(QUIET)).used
    const r = await (
      await as(BUSOPS)
    ).post<{ charge: number; id: number }>('/usage/sessions', {
      ...session(QUIET, 1),
      endTime: null,
    })
    expect(r.body.data!.charge).toBe(0)
    expect((await stored(QUIET)).used).toBe(before)
    const row = (await first(server.db.select().from(usageSessions).where(eq(usageSessions.id, r.body.data!.id))))!
    expect(row).toMatchObject({ endTime: null, endTs: null, sessionStatus: 'Active', charge: 0, currency: 'USD' })
  })

  it('is recorded by busops and support only, for an elastic entitlement of the customer, with sane times', async () => {
    const snapshot = async () => [(await stored(QUIET)).used, await sessionCount()]
    const before = await snapshot()
    for (const email of [ADMIN, SALES]) {
      const r = await (await as(email)).post('/usage/sessions', session(QUIET, 1))
      expect([email, r.http, r.body.err]).toEqual([email, 403, SESSION_MESSAGES.staffOnly])
    }
    const busops = await as(BUSOPS)
    const refused: [Record<string, unknown>, number, string | RegExp][] = [
      [{ activationId: demoActivationId('acme-lease-active') }, 404, CREDIT_MESSAGES.notFound],
      [{ activationId: demoActivationId(ELASTIC_KEYS.borealisMain) }, 404, CREDIT_MESSAGES.notFound],
      [{ endTime: new Date(Date.now() - 10 * 3_600_000).toISOString() }, 400, SESSION_MESSAGES.endBeforeStart],
      [{ endTime: new Date(Date.now() + 3_600_000).toISOString() }, 400, SESSION_MESSAGES.future],
      [{ startTime: 'yesterday' }, 400, /startTime: must be a UTC time/],
      [{ productCount: 0 }, 400, /productCount/],
    ]
    for (const [extra, status, err] of refused) {
      const r = await busops.post('/usage/sessions', session(QUIET, 1, extra))
      expect([extra, r.http]).toEqual([extra, status])
      expect(r.body.err).toMatch(err)
    }
    expect(await snapshot()).toEqual(before)
  })
})

describe('the low-balance threshold', () => {
  const set = async (email: string, activationId: string, threshold: unknown) =>
    (await as(email)).post<{ threshold: number | null; notified: boolean }>('/entitlements/threshold', {
      customerNumber: ACME,
      activationId,
      threshold,
    })
  const alertOf = async (activationId: string) => {
    const { id } = await stored(activationId)
    return first(server.db.select().from(lowBalanceAlerts).where(eq(lowBalanceAlerts.entitlementId, id)))
  }

  it('is refused to a view-only user, and nothing changes', async () => {
    const before = [await alertOf(STEADY), (await thresholdAudit()).length]
    const r = await set(VIEWER, STEADY, 1000)
    expect(r.http).toBe(403)
    expect(r.body.err).toBe(CREDIT_MESSAGES.viewOnly)
    expect([await alertOf(STEADY), (await thresholdAudit()).length]).toEqual(before)
  })

  it('refuses bad values with a clear message, and nothing changes', async () => {
    const total = (await stored(STEADY)).quantity
    const before = [await alertOf(STEADY), (await thresholdAudit()).length]
    const cases: [unknown, string | RegExp][] = [
      [-1, 'threshold: must be 0 or more'],
      ['500', /threshold: must be a number, or null to clear it/],
      [12.345, 'threshold: at most 2 decimals'],
      [total + 1, CREDIT_MESSAGES.aboveTotal(total)],
      [undefined, /threshold: must be a number, or null to clear it/],
    ]
    for (const [value, message] of cases) {
      const r = await set(ADMIN, STEADY, value)
      expect([value, r.http]).toEqual([value, 400])
      expect(r.body.err).toMatch(message)
    }
    const expired = await set(ADMIN, demoActivationId(ELASTIC_KEYS.acmeExpired), 10)
    expect([expired.http, expired.body.err]).toEqual([400, CREDIT_MESSAGES.notActive])
    const other = await set(ADMIN, demoActivationId(ELASTIC_KEYS.borealisMain), 10)
    expect([other.http, other.body.err]).toEqual([404, CREDIT_MESSAGES.notFound])
    expect([await alertOf(STEADY), (await thresholdAudit()).length]).toEqual(before)
  })

  it('writes one e-mail and audit record when a session brings the remaining to it, none the second time', async () => {
    const busops = await as(BUSOPS)
    const remaining = (await forecastOf(STEADY)).Remaining
    const threshold = Math.floor(remaining - 10)
    const saved = await set(ADMIN, STEADY, threshold)
    expect(saved.body).toEqual({ status: 'SUCCESS', data: { threshold, notified: false } })
    expect((await thresholdAudit()).at(-1)).toMatchObject({
      actorEmail: ADMIN,
      action: 'change',
      before: { activationId: STEADY, threshold: DEMO_THRESHOLD.threshold },
      after: { activationId: STEADY, threshold },
    })
    expect(await balanceEmails(STEADY)).toEqual([])

    // 2 hours of Mechanical Enterprise cost 17 AEU: from 10 above the threshold to below it.
    const crossing = await busops.post<{ notified: boolean; Remaining: number }>('/usage/sessions', session(STEADY, 2))
    expect(crossing.body.data).toMatchObject({ notified: true })
    expect(crossing.body.data!.Remaining).toBeLessThanOrEqual(threshold)
    const sent = await balanceEmails(STEADY)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      kind: 'balance',
      subject: `Elastic credit low: Ansys Elastic Units (${STEADY})`,
      to: 'admin@acme.example, raj.patel@acme.example, webmatrix.admin@acme.example',
    })
    expect(sent[0].body).toContain('href="/elastic"')
    expect(sent[0].body).toContain(`${threshold.toLocaleString('en-US')}.0 USD`)
    expect((await thresholdAudit()).at(-1)).toMatchObject({ actorEmail: BUSOPS, action: 'notify' })
    expect((await forecastOf(STEADY)).thresholdNotifiedAt).not.toBeNull()

    const again = await busops.post<{ notified: boolean }>('/usage/sessions', session(STEADY, 1))
    expect(again.body.data!.notified).toBe(false)
    expect(await balanceEmails(STEADY)).toHaveLength(1)
    expect(await set(ADMIN, STEADY, threshold)).toMatchObject({ body: { data: { threshold, notified: true } } })
    expect(await balanceEmails(STEADY)).toHaveLength(1)
  })

  it('writes the e-mail at once when set at or above the remaining, and the e-mail shows under Emails', async () => {
    const remaining = (await forecastOf(QUIET)).Remaining
    const r = await set(ADMIN, QUIET, Math.ceil(remaining))
    expect(r.body.data).toEqual({ threshold: Math.ceil(remaining), notified: true })
    expect(await balanceEmails(QUIET)).toHaveLength(1)
    const listed = await (await as(ADMIN)).post<{ subject: string }[]>('/getemails', { customerNumber: ACME, limit: 5 })
    expect(listed.body.data!.map((e) => e.subject)).toContain(lowBalanceSubject(await stored(QUIET)))
    expect((await thresholdAudit()).slice(-2).map((a) => a.action)).toEqual(['set', 'notify'])
  })

  it('clears with null', async () => {
    const r = await set(ADMIN, QUIET, null)
    expect(r.body.data).toEqual({ threshold: null, notified: false })
    expect(await alertOf(QUIET)).toBeUndefined()
    expect((await thresholdAudit()).at(-1)).toMatchObject({
      action: 'clear',
      after: { activationId: QUIET, threshold: null },
    })
    expect((await forecastOf(QUIET)).threshold).toBeNull()
  })
})
