/**
 * The statement adds up with the other screens on the demo data: a period's Used
 * of each elastic entitlement is the sum of the Cost of the usage rows that ended
 * in it (Usage Transactions); the balance at the end of today is what Elastic
 * Licensing shows as Remaining; the balance at the end of a past day is today's
 * remaining plus what was charged since; a session recorded after a statement
 * changes the next one by exactly its charge. Every sum is taken in cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatNumber, todayUtc } from '../../app/domain/entitlements'
import type { EntitlementRow } from '../../app/domain/entitlement-row'
import { presetRange, rangeDays } from '../../app/domain/date-presets'
import { statementPeriod, toCents } from '../../app/domain/statement'
import type { StatementData, StatementRecord } from '../../app/domain/statement-types'
import type { UsageRow } from '../../app/domain/usage-row'
import { elasticRemaining } from '../../app/grid/elastic-entitlements'
import { PRODUCT_NAME } from '../../app/domain/product'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
let api: ReturnType<typeof apiClient>

const CUSTOMERS = ['1000001', '1000002']
const today = todayUtc()

beforeAll(async () => {
  server = await startTestServer()
  api = apiClient(server.url, await getAccessToken(server.url, 'busops@vendor.example'))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

async function statement(customerNumber: string, from: string, to: string) {
  const r = await api.post<StatementData>('/statements', { from, to, today, customerNumber })
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

async function elasticEntitlements(customerNumber: string) {
  const r = await api.post<EntitlementRow[]>('/getEntitlements', { customerNumber })
  expect(r.http).toBe(200)
  expect(r.body.data!.length).toBeGreaterThan(3)
  return r.body.data!
}

/** The cents charged for an entitlement's sessions that ended in [fromMs, toMs), as Usage Transactions lists them. */
async function usageCents(customerNumber: string, activationId: string, fromMs: number, toMs: number) {
  const { rows } = await allPages<Pick<UsageRow, 'Charge' | 'EndTime_ts'>>(api, '/fetchUsage', {
    customerNumber,
    limit: 1000,
    attributes: ['Charge', 'EndTime_ts'],
    filter: {
      condition: 'ALL',
      criteria: [
        { name: 'ActivationID', method: 'EQUALS', value: activationId },
        { name: 'EndTime_ts', method: 'AFTER', value: fromMs - 1 },
        { name: 'EndTime_ts', method: 'BEFORE', value: toMs },
      ],
    },
  })
  for (const row of rows) expect(row.EndTime_ts! >= fromMs && row.EndTime_ts! < toMs).toBe(true)
  return { cents: rows.reduce((sum, row) => sum + toCents(row.Charge), 0), rows: rows.length }
}

const recordOf = (data: StatementData, activationId: string): StatementRecord | undefined =>
  data.Records.find((r) => r.ActivationId === activationId)

/** Elastic Licensing's Remaining from a statement record: rounded to one decimal, clamped to [0, quantity]. */
const remainingOf = (r: StatementRecord) =>
  elasticRemaining({
    LineItemQuantity: r.LineItemQuantity,
    Used: r.LineItemQuantity - r.BalanceAtEnd,
  } as EntitlementRow)

const lastMonth = rangeDays(presetRange('lastMonth', Date.now()))
const custom = { from: addDays(today, -45), to: addDays(today, -8) }

describe('the statement and Usage Transactions', () => {
  for (const customer of CUSTOMERS) {
    for (const [name, period] of [
      ['last month', lastMonth],
      ['a custom range', custom],
    ] as const) {
      it(`agree on each elastic entitlement's Used of ${customer} for ${name}, to the cent`, async () => {
        const data = await statement(customer, period.from, period.to)
        const { startMs, endMs } = statementPeriod(period.from, period.to)
        let sessions = 0
        for (const e of await elasticEntitlements(customer)) {
          const usage = await usageCents(customer, e.ActivationId, startMs, endMs)
          const record = recordOf(data, e.ActivationId)
          expect([e.ActivationId, toCents(record?.Used ?? 0)]).toEqual([e.ActivationId, usage.cents])
          if (record) {
            expect(record.Products.reduce((sum, p) => sum + toCents(p.total), 0)).toBe(usage.cents)
          }
          sessions += usage.rows
        }
        // The demo has usage in both periods, so the comparison is not of zeros.
        expect(sessions).toBeGreaterThan(10)
        const overAll = data.Products.reduce((sum, p) => sum + toCents(p.total), 0)
        expect(overAll).toBe(data.Records.reduce((sum, r) => sum + toCents(r.Used), 0))
      })
    }
  }
})

describe('the statement and Elastic Licensing', () => {
  for (const customer of CUSTOMERS) {
    it(`gives ${customer}'s Remaining as the balance at the end of today, and Used as the total used`, async () => {
      const data = await statement(customer, addDays(today, -3000), today)
      let compared = 0
      for (const e of await elasticEntitlements(customer)) {
        const record = recordOf(data, e.ActivationId)
        if (!record) {
          expect([e.ActivationId, e.Used]).toEqual([e.ActivationId, 0])
          continue
        }
        expect([e.ActivationId, record.TotalUsed]).toEqual([e.ActivationId, e.Used])
        const remaining = elasticRemaining(e)
        expect([e.ActivationId, remainingOf(record)]).toEqual([e.ActivationId, remaining])
        compared++
      }
      expect(compared).toBeGreaterThan(3)
    })

    it(`gives ${customer}'s balance at the end of a past day as today's remaining plus the charges since`, async () => {
      const day = addDays(today, -20)
      const data = await statement(customer, addDays(day, -3000), day)
      const after = statementPeriod(addDays(day, 1), today)
      let charged = 0
      for (const e of await elasticEntitlements(customer)) {
        const record = recordOf(data, e.ActivationId)
        if (!record) continue
        const since = await usageCents(customer, e.ActivationId, after.startMs, Number.MAX_SAFE_INTEGER)
        const remainingNow = toCents(e.LineItemQuantity) - toCents(e.Used)
        expect([e.ActivationId, remainingNow + since.cents]).toEqual([e.ActivationId, toCents(record.BalanceAtEnd)])
        charged += since.cents
      }
      expect(charged).toBeGreaterThan(0)
    })
  }
})

describe("the demo's statement e-mails", () => {
  for (const customer of CUSTOMERS) {
    it(`of ${customer} show the figures of the statement of their month and entitlement`, async () => {
      const { rows } = await allPages<{ id: number; subject: string }>(api, '/getemails', {
        customerNumber: customer,
        filter: {
          condition: 'ALL',
          criteria: [{ name: 'subject', method: 'STARTSWITH', value: 'Monthly elastic statement' }],
        },
      })
      expect(rows.length).toBeGreaterThanOrEqual(4)
      for (const { id, subject } of rows) {
        const [, from, to] = /^Monthly elastic statement (\S+) to (\S+)$/.exec(subject)!
        const email = await api.post<{ body: string }>('/getemail', { customerNumber: customer, id })
        // The e-mail's statement names its one entitlement in a cell of its own.
        const records = (await statement(customer, from, to)).Records
        const named = records.filter((r) => email.body.data!.body.includes(`>${r.ActivationId}<`))
        expect(named).toHaveLength(1)
        const record = named[0]
        for (const amount of [record.BalanceBeforeStart, record.Used, record.BalanceAtEnd, record.LineItemQuantity]) {
          expect([subject, email.body.data!.body]).toEqual([
            subject,
            expect.stringContaining(`>${formatNumber(amount, 2)}<`),
          ])
        }
        for (const p of record.Products) expect(email.body.data!.body).toContain(`>${formatNumber(p.total, 2)}<`)
      }
    })
  }
})

describe('a session recorded after a statement', () => {
  it('changes the next statement by exactly its charge', async () => {
    const customer = '1000002'
    const [main] = (await elasticEntitlements(customer)).filter((e) => e.EntitlementState === 'Deployed')
    const from = addDays(today, -6)
    const before = await statement(customer, from, today)

    const end = Date.now() - 60_000
    const recorded = await api.post<{ charge: number }>('/usage/sessions', {
      customerNumber: customer,
      activationId: main.ActivationId,
      startTime: new Date(end - 3 * 3_600_000 - 17 * 60_000).toISOString(),
      endTime: new Date(end).toISOString(),
      product: `${PRODUCT_NAME} CFX`,
      productCount: 3,
      user: 'sums-test',
      host: 'sums-host',
    })
    expect(recorded.http, JSON.stringify(recorded.body)).toBe(200)
    const charge = toCents(recorded.body.data!.charge)
    expect(charge).toBeGreaterThan(0)

    const afterwards = await statement(customer, from, today)
    const was = recordOf(before, main.ActivationId)!
    const now = recordOf(afterwards, main.ActivationId)!
    expect(toCents(now.Used) - toCents(was.Used)).toBe(charge)
    expect(toCents(now.TotalUsed) - toCents(was.TotalUsed)).toBe(charge)
    expect(toCents(was.BalanceAtEnd) - toCents(now.BalanceAtEnd)).toBe(charge)
    expect(now.BalanceBeforeStart).toBe(was.BalanceBeforeStart)
    const cfx = (d: StatementData) => toCents(d.Products.find((p) => p.product === `${PRODUCT_NAME} CFX`)?.total ?? 0)
    expect(cfx(afterwards) - cfx(before)).toBe(charge)
    for (const other of afterwards.Records.filter((r) => r.ActivationId !== main.ActivationId)) {
      expect(other).toEqual(recordOf(before, other.ActivationId))
    }
  })
})
