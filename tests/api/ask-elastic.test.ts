/**
 * The assistant's elastic answers on the demo data: every figure equals what the screen's own call
 * answers for the same customer and period (the credit forecast, the usage sessions, the statement),
 * and a customer under export control is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerFor } from '../../app/ask/answers'
import { amountText, totalsText } from '../../app/ask/answers/wording'
import { formatNumber, todayUtc } from '../../app/domain/entitlements'
import { forecastText, type CreditStatus } from '../../app/domain/credit-forecast'
import { totalsByCurrency } from '../../app/domain/statement-totals'
import { customRange } from '../../app/domain/date-presets'
import { usageCriteria } from '../../app/grid/usage'
import type { StatementData } from '../../app/domain/statement-types'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'
import { askAs, CUSTOMERS, understood } from './support/ask'

let server: TestServer
const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const PARTNER = 'partner@channel.example'
const SALES = 'sales@vendor.example'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const raw = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const DAY = 86_400_000

/** The charges of the sessions Usage Transactions lists for the days, straight from the list call. */
async function sessionCharges(email: string, customer: string, from: string, to: string, narrow: object[] = []) {
  const { rows } = await allPages<{ Charge: number; Currency: string; User: string }>(await raw(email), '/fetchUsage', {
    customerNumber: customer,
    attributes: ['Charge', 'Currency', 'User'],
    filter: { condition: 'ALL', criteria: [...usageCriteria(customRange(from, to), false), ...narrow] },
    limit: 1000,
  })
  return rows
}

describe('elastic credit left', () => {
  it('gives each active elastic entitlement’s remaining, forecast and threshold as the forecast call does', async () => {
    for (const email of [ADMIN, VIEWER]) {
      const answer = await answerFor(understood('credit.remaining'), await askAs(server, email, CUSTOMERS.acme))
      const forecast = await (
        await raw(email)
      ).post<CreditStatus[]>('/entitlements/forecast', { customerNumber: '1000001' })
      expect(answer.kind).toBe('answered')
      expect(forecast.body.data!.length).toBeGreaterThan(0)
      for (const credit of forecast.body.data!) {
        // The activation ID only tells apart credits of the same product.
        const shared = forecast.body.data!.filter((c) => c.product === credit.product).length > 1
        const name = shared ? `${credit.product} (${credit.ActivationId})` : credit.product
        expect(answer.text).toContain(
          `${name}: ${formatNumber(credit.Remaining, 1)} ${credit.Currency} left of ${formatNumber(credit.LineItemQuantity, 1)} ${credit.Currency}`,
        )
        expect(answer.text.toLowerCase()).toContain(forecastText(credit.forecast).toLowerCase())
      }
      expect(answer.link).toEqual({
        href: '/elastic?fromLeftMenu=true&customer=1000001',
        label: 'Show the elastic entitlements in Elastic Licensing',
      })
      expect(answer.context).toEqual({ intent: 'credit.remaining', entities: {}, customer: '1000001' })
    }
  })

  it('is refused for a customer under export control, in the API’s words', async () => {
    const answer = await answerFor(understood('credit.remaining'), await askAs(server, SALES, CUSTOMERS.embargo))
    expect(answer).toMatchObject({
      kind: 'refused',
      text: 'You may not see this for the selected customer: Access to this customer is denied per Export Compliance restrictions.',
    })
    expect(answer.context).toBeUndefined()
  })
})

describe('elastic usage cost', () => {
  const now = Date.now()
  const period = { from: isoDay(now - 29 * DAY), to: isoDay(now), text: 'the last 30 days' }

  it('totals the sessions Usage Transactions lists for the period, and links to them', async () => {
    const answer = await answerFor(understood('usage.cost'), await askAs(server, ADMIN, CUSTOMERS.acme, now))
    const rows = await sessionCharges(ADMIN, '1000001', period.from, period.to)
    expect(rows.length).toBeGreaterThan(0)
    const totals = totalsByCurrency(
      rows,
      (r) => r.Currency,
      (r) => r.Charge,
    )
    expect(answer.text).toBe(`Elastic usage cost ${totalsText(totals)} in the last 30 days.`)
    expect(answer.link?.label).toBe('Show these sessions in Usage Transactions')
    const href = new URL(answer.link!.href, 'http://portal')
    expect(href.pathname).toBe('/transactions')
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      customer: '1000001',
      from: period.from,
      to: period.to,
      linked: '1',
    })
  })

  it('breaks the cost down by user for Borealis, each user’s figure their sessions’ sum', async () => {
    const answer = await answerFor(
      understood('usage.cost', { groupBy: 'user', period }),
      await askAs(server, PARTNER, CUSTOMERS.borealis, now),
    )
    const rows = await sessionCharges(PARTNER, '1000002', period.from, period.to)
    const byUser = new Map<string, typeof rows>()
    for (const r of rows) byUser.set(r.User, [...(byUser.get(r.User) ?? []), r])
    const [top] = [...byUser]
      .map(([user, list]) => ({
        user,
        total: totalsByCurrency(
          list,
          (r) => r.Currency,
          (r) => r.Charge,
        )[0],
      }))
      .sort((a, b) => b.total.total - a.total.total)
    expect(answer.text).toContain(`By user: ${top.user} ${amountText(top.total.total, top.total.currency)}`)
  })

  it('narrows to one user, in the text and the link', async () => {
    const answer = await answerFor(
      understood('usage.cost', { user: 'jdoe', period }),
      await askAs(server, ADMIN, CUSTOMERS.acme, now),
    )
    const rows = await sessionCharges(ADMIN, '1000001', period.from, period.to, [
      { name: 'User', method: 'EQUALS', value: 'jdoe' },
    ])
    const totals = totalsByCurrency(
      rows,
      (r) => r.Currency,
      (r) => r.Charge,
    )
    expect(answer.text).toBe(`Elastic usage of user jdoe cost ${totalsText(totals)} in the last 30 days.`)
    expect(new URL(answer.link!.href, 'http://portal').searchParams.get('f.user')).toBe('in:jdoe')
  })

  it('ranks the top users by their sessions’ cost', async () => {
    const answer = await answerFor(
      understood('usage.topUsers', { period }),
      await askAs(server, ADMIN, CUSTOMERS.acme, now),
    )
    const rows = await sessionCharges(ADMIN, '1000001', period.from, period.to)
    const sums = new Map<string, number>()
    for (const r of rows) sums.set(r.User, (sums.get(r.User) ?? 0) + Math.round(r.Charge * 100))
    const [first] = [...sums].sort((a, b) => b[1] - a[1])
    expect(answer.text).toContain(`1. ${first[0]} ${amountText(first[1] / 100, rows[0].Currency)}`)
    expect(new URL(answer.link!.href, 'http://portal').searchParams.get('sort')).toBe('cost.desc')
  })
})

describe('a statement’s total', () => {
  it('is the total of the statement call for last month, with a link to that statement', async () => {
    const now = Date.now()
    const answer = await answerFor(understood('statement.total'), await askAs(server, ADMIN, CUSTOMERS.acme, now))
    const today = new Date(now)
    const from = isoDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
    const to = isoDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - DAY)
    const reply = await (
      await raw(ADMIN)
    ).post<StatementData>('/statements', {
      from,
      to,
      today: todayUtc(today),
      customerNumber: '1000001',
    })
    const totals = totalsByCurrency(
      reply.body.data!.Records,
      (r) => r.Currency,
      (r) => r.Used,
    )
    expect(answer.text).toBe(
      `The elastic statement for last month totals ${totalsText(totals)} across ${reply.body.data!.Records.length} elastic entitlement${reply.body.data!.Records.length === 1 ? '' : 's'}.`,
    )
    expect(answer.link?.href).toBe(`/statementv2?from=${from}&to=${to}&customer=1000001&linked=1`)
  })
})
