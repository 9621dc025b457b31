/**
 * The assistant's answers about entitlements, activations, the FSA and web licences on the demo
 * data: each figure equals what the screen's own call answers for the same customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { entitlements, fsaOrderLines } from '../../db/tables'
import { first } from '../../db/query'
import { answerFor } from '../../app/ask/answers'
import { amountText, countText } from '../../app/ask/answers/wording'
import { activationCalls } from '../../app/api-client/activations.server'
import { fsaCalls } from '../../app/api-client/fsa.server'
import { webCalls } from '../../app/api-client/web.server'
import { leaseSource } from '../../app/grid/entitlements.server'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../../app/domain/entitlement-row'
import { ACTIVATED_FIELD } from '../../app/domain/activation-types'
import { FSA_FIELD } from '../../app/domain/fsa-types'
import { formatNumber, todayUtc } from '../../app/domain/entitlements'
import { clearTokenCache } from '../support/tokens'
import { startTestServer, type TestServer } from './support/server'
import { askAs, clientAs, CUSTOMERS, succeeded, understood } from './support/ask'

let server: TestServer
const ADMIN = 'admin@acme.example'
const PARTNER = 'partner@channel.example'
const ACME = CUSTOMERS.acme.number

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const client = (email = ADMIN) => clientAs(server, email)
const data = succeeded
async function activeLeases(): Promise<EntitlementRow[]> {
  return data(await leaseSource(await client(), ACME, true).page({ limit: 100 }))
}

describe('entitlements', () => {
  it('names the active leases ending in the period, as Leases/Perpetuals lists them, soonest first', async () => {
    const rows = await activeLeases()
    const ends = rows
      .map((r) => r.EndDate.slice(0, 10))
      .filter(Boolean)
      .sort()
    expect(ends.length).toBeGreaterThan(0)
    const period = { from: todayUtc(), to: ends.at(-1)!, text: 'the period' }
    const expected = rows
      .filter((r) => r.EndDate && r.EndDate.slice(0, 10) >= period.from && r.EndDate.slice(0, 10) <= period.to)
      .sort((a, b) => a.EndDate.localeCompare(b.EndDate))
    const answer = await answerFor(
      understood('entitlements.ending', { period }),
      await askAs(server, ADMIN, CUSTOMERS.acme),
    )
    expect(answer.text.startsWith(`${countText(expected.length, 'entitlement')} end`)).toBe(true)
    // By product and end date; several entitlements of one product ending the same day are counted.
    const escaped = expected[0].ProductName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    expect(answer.text).toMatch(
      new RegExp(`: ${escaped}( \\(\\d+ entitlements\\))? on ${expected[0].EndDate.slice(0, 10)}`),
    )
    const link = new URL(answer.link!.href, 'http://portal')
    expect(link.pathname).toBe('/ssl')
    expect(link.searchParams.get('a.f.endDate')).toBe(`e:${period.from}..${period.to}`)
    expect(answer.link?.label).toBe('Show these entitlements in Leases/Perpetuals')
    expect(answer.text).not.toContain(expected[0].ActivationId)
  })

  it('gives a product’s seats bought, activated and free from its active leases', async () => {
    const rows = await activeLeases()
    const product = rows[0].ProductName
    const mine = rows.filter((r) => r.ProductName === product)
    const bought = mine.reduce((s, r) => s + r[ENTITLEMENT_FIELD.count], 0)
    const activated = mine.reduce((s, r) => s + r.TotalActivated, 0)
    const answer = await answerFor(understood('product.seats', { product }), await askAs(server, ADMIN, CUSTOMERS.acme))
    expect(answer.text).toBe(
      `${product}: ${countText(bought, 'seat')} bought, ${formatNumber(activated)} activated and ${formatNumber(
        bought - activated,
      )} free, across ${countText(mine.length, 'active entitlement')}.`,
    )
  })

  it('says plainly when the customer has no such product', async () => {
    const answer = await answerFor(
      understood('product.seats', { product: 'Ansys Nothing' }),
      await askAs(server, ADMIN, CUSTOMERS.acme),
    )
    expect(answer).toMatchObject({
      kind: 'answered',
      text: 'Acme Aerospace has no active lease or perpetual of Ansys Nothing.',
    })
  })
})

describe('activations', () => {
  /** What the activation editor shows activated on each active host, per product. */
  async function activatedByHost() {
    const calls = activationCalls(await client())
    const hosts = data(await calls.servers(ACME)).filter((h) => h.state !== 'INACTIVE')
    const result = new Map<string, Map<string, number>>()
    for (const host of hosts) {
      const rows = data(
        await calls.hostEntitlements({ customerNumber: ACME, serverId: host.serverId, activeOnly: true }),
      )
      const products = new Map<string, number>()
      for (const r of rows) products.set(r.ProductName, (products.get(r.ProductName) ?? 0) + r[ACTIVATED_FIELD])
      result.set(host.name, new Map([...products].filter(([, n]) => n > 0)))
    }
    return result
  }

  it('gives where a product is activated, host by host, as the activation editor counts it', async () => {
    const byHost = await activatedByHost()
    const [product] = [...byHost.values()].flatMap((m) => [...m.keys()])
    const hosts = [...byHost]
      .filter(([, m]) => m.has(product))
      .map(([host, m]) => `${host} (${formatNumber(m.get(product)!)})`)
    const answer = await answerFor(understood('product.hosts', { product }), await askAs(server, ADMIN, CUSTOMERS.acme))
    expect(answer.text).toContain(`${product} is activated on ${countText(hosts.length, 'host')}`)
    for (const h of hosts) expect(answer.text).toContain(h)
    expect(answer.link?.label).toBe(
      hosts.length === 1
        ? `Show the history of ${hosts[0]} in Manage Activations`
        : 'Show the active hosts in Manage Activations',
    )
    const link = new URL(answer.link!.href, 'http://portal')
    expect(link.pathname).toBe('/activations-history')
    if (hosts.length === 1) {
      // The one host, its history open.
      expect(link.searchParams.get('f.name')).toBe(`e:${[...byHost].find(([, m]) => m.has(product))![0]}`)
      expect(link.searchParams.has('open')).toBe(true)
    } else {
      expect(link.search).toBe('?customer=1000001')
    }
  })

  it('links a product activated on one host to that host’s history, and one on several to the hosts', async () => {
    const byHost = await activatedByHost()
    const hostsOf = (product: string) => [...byHost].filter(([, m]) => m.has(product)).map(([host]) => host)
    const products = [...new Set([...byHost.values()].flatMap((m) => [...m.keys()]))]
    const one = products.find((p) => hostsOf(p).length === 1)!
    const several = products.find((p) => hostsOf(p).length > 1)!
    const ask = async (product: string) =>
      new URL(
        (await answerFor(understood('product.hosts', { product }), await askAs(server, ADMIN, CUSTOMERS.acme))).link!
          .href,
        'http://portal',
      )
    const single = await ask(one)
    expect(single.searchParams.get('f.name')).toBe(`e:${hostsOf(one)[0]}`)
    expect(single.searchParams.has('open')).toBe(true)
    expect((await ask(several)).search).toBe('?customer=1000001')
  })

  it('gives a host’s products and its last change, who made it, with a link to its history', async () => {
    const byHost = await activatedByHost()
    const [name, products] = [...byHost].find(([, m]) => m.size > 0)!
    const answer = await answerFor(
      understood('host.products', { host: name }),
      await askAs(server, ADMIN, CUSTOMERS.acme),
    )
    for (const [product, count] of products) expect(answer.text).toContain(`${product} (${formatNumber(count)})`)
    expect(answer.text).toMatch(
      /The last change, on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC by .+, (activated|deactivated|changed) /,
    )
    const link = new URL(answer.link!.href, 'http://portal')
    expect(link.pathname).toBe('/activations-history')
    expect([...link.searchParams.keys()]).toContain('open')
  })

  it('says plainly when there is no such host', async () => {
    const answer = await answerFor(
      understood('host.products', { host: 'no-such-host' }),
      await askAs(server, ADMIN, CUSTOMERS.acme),
    )
    expect(answer.text).toBe('Acme Aerospace has no host named no-such-host.')
  })
})

describe('the Flexible Spending Account', () => {
  it('gives each contract’s balance as the FSA screen’s call answers it', async () => {
    const contracts = data(await fsaCalls(await client()).contracts(ACME))
    expect(contracts.length).toBeGreaterThan(0)
    const answer = await answerFor(understood('fsa.balance'), await askAs(server, ADMIN, CUSTOMERS.acme))
    for (const c of contracts) {
      const figures = `${amountText(c.Available, c[FSA_FIELD.currency])} available of ${amountText(c[FSA_FIELD.price], c[FSA_FIELD.currency])}`
      expect(answer.text).toContain(
        contracts.length === 1 ? `(${c.EntitlementID}) has ${figures}` : `${c.EntitlementID} has ${figures}`,
      )
    }
    expect(answer.link?.href.startsWith('/entitlementsFSA?')).toBe(true)
  })

  it('gives the latest order lines of the history', async () => {
    const history = data(await fsaCalls(await client()).history(ACME))
    const answer = await answerFor(understood('fsa.orders'), await askAs(server, ADMIN, CUSTOMERS.acme))
    if (history.length === 0) {
      expect(answer.text).toBe('No order has been placed on the Flexible Spending Account.')
      return
    }
    const latest = [...history].sort((a, b) => b.orderdate.localeCompare(a.orderdate))[0]
    expect(answer.text).toMatch(
      `on ${latest.orderdate.slice(0, 10)}, ${formatNumber(latest.count)} × ${latest.ansysproduct} for ${amountText(latest.cost, latest.currency)}`,
    )
    expect(answer.link?.href).toBe('/entitlementsFSA?tab=history&customer=1000001')
  })

  it('gives only the order lines of a period when one is named', async () => {
    const [contract] = data(await fsaCalls(await client()).contracts(ACME))
    const fsa = (await first(
      server.db.select().from(entitlements).where(eq(entitlements.activationId, contract.EntitlementID)),
    ))!
    const line = (orderId: string, productName: string, day: string) => ({
      orderId,
      contractId: fsa.id,
      accountId: ACME,
      entitlementId: fsa.id,
      bpn: 'FSA-PROBE',
      productName,
      count: 1,
      startDate: day,
      endDate: day,
      cost: 10,
      currency: 'USD',
      requesterEmail: ADMIN,
      orderedAt: Date.parse(`${day}T12:00:00Z`),
    })
    const added = await server.db
      .insert(fsaOrderLines)
      .values([line('ORD-FEB', 'Probe February', '2025-02-10'), line('ORD-MAR', 'Probe March', '2025-03-15')])
      .returning({ id: fsaOrderLines.id })
    try {
      const acme = await askAs(server, ADMIN, CUSTOMERS.acme)
      const february = { from: '2025-02-01', to: '2025-02-28', text: 'February 2025' }
      const answer = await answerFor(understood('fsa.orders', { period: february }), acme)
      expect(answer.text).toBe(
        `1 order line was placed on the Flexible Spending Account in February 2025: on 2025-02-10, 1 × Probe February for ${amountText(10, 'USD')}, ordered by ${ADMIN}.`,
      )
      const none = await answerFor(
        understood('fsa.orders', { period: { from: '2000-01-01', to: '2000-01-31', text: 'January 2000' } }),
        acme,
      )
      expect(none.text).toBe('No order was placed on the Flexible Spending Account in January 2000.')
    } finally {
      for (const { id } of added) await server.db.delete(fsaOrderLines).where(eq(fsaOrderLines.id, id))
    }
  })
})

describe('web licences', () => {
  it('gives the seats in use and held now, as the web entitlements list counts them', async () => {
    const rows = data(await webCalls(await client()).entitlements.page(ACME, { limit: 100 })).filter(
      (r) => r.termState === 'in-term',
    )
    const answer = await answerFor(understood('web.inUse'), await askAs(server, ADMIN, CUSTOMERS.acme))
    for (const r of rows) {
      const used = r.type === 'NAMED_USER' ? r.holders : r.inUse
      expect(answer.text).toContain(`${r.productName}, ${formatNumber(used)} of ${formatNumber(r.seats)} `)
    }
    // The list with those columns (In Use Now, Held), not the Assignments overview.
    expect(answer.link?.href).toMatch(/^\/webassignments\/entitlements\?customer=1000001(&|$)/)
    const one = await answerFor(
      understood('web.inUse', { product: rows[0].productName }),
      await askAs(server, ADMIN, CUSTOMERS.acme),
    )
    expect(new URL(one.link!.href, 'http://portal').searchParams.get('f.productName')).toBe(`e:${rows[0].productName}`)
  })

  it('names who holds the named seats, from the entitlement’s page', async () => {
    const answer = await answerFor(
      understood('web.namedHolder', { product: 'Ansys HFSS - Named User' }),
      await askAs(server, PARTNER, CUSTOMERS.borealis),
    )
    const list = data(await webCalls(await client(PARTNER)).entitlements.page('1000002', { limit: 100 }))
    const named = list.find((r) => r.productName === 'Ansys HFSS - Named User')!
    const detail = data(await webCalls(await client(PARTNER)).entitlement('1000002', named.activationId))
    const current = detail.seats.filter((s) => s.endDate === null || s.endDate >= todayUtc())
    expect(answer.text).toMatch(
      new RegExp(
        `^(The named seat|All \\d+ named seats|${current.length} of the \\d+ named seats?) of Ansys HFSS - Named User (is|are) held, by `,
      ),
    )
    for (const s of current) expect(answer.text).toContain(s.email)
    expect(answer.link?.href).toBe(`/webassignments/entitlements/${named.activationId}?customer=1000002`)
  })

  it('counts the denied checkouts of the period as Web Transactions lists them, with the filtered link', async () => {
    const period = { from: '2020-01-01', to: todayUtc(), text: 'the whole period' }
    const answer = await answerFor(understood('web.denials', { period }), await askAs(server, ADMIN, CUSTOMERS.acme))
    expect(answer.text).toMatch(
      /web licence checkouts? (was|were) denied in the whole period\.$|^No web licence checkout was denied/,
    )
    const link = new URL(answer.link!.href, 'http://portal')
    expect(link.pathname).toBe('/webtransactions')
    expect(link.searchParams.get('f.outcome')).toBe('in:denied')
    expect(link.searchParams.get('from')).toBe('2020-01-01')
  })
})
