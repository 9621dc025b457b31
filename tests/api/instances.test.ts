/**
 * Two instances of the whole portal (separate processes, nothing shared but the database, as behind
 * a load balancer): a user signed in on one carries on on the other, and signing out on either ends
 * the session on both; on PostgreSQL, instances that start at once on an empty database prepare it
 * once. (The invariants under writes spread over several processes are the
 * concurrency tests': fulfilments, FSA orders, contact lists, web seats and checkouts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { closeDatabase, openDatabase } from '../../db/client'
import { ENGINE } from '../../db/engine'
import { accounts, entitlements, usageSessions } from '../../db/tables'
import { dropPgDatabase, newPgDatabase } from '../support/postgres-server'
import { startPortalTestServer } from './support/portal'
import { startApiProcess, stopApiProcesses, type ApiProcess } from './support/api-processes'
import type { TestServer } from './support/server'
import { portalSignIn } from '../support/sign-in'

let first: TestServer
let second: ApiProcess

beforeAll(async () => {
  first = await startPortalTestServer()
  second = await startApiProcess(first, {}, { portal: true })
}, 120_000)

afterAll(async () => {
  await stopApiProcesses(second ? [second] : [])
  await first?.close()
})

const HOME = '/home?customer=1000001'

async function page(base: string, cookie: string, path = HOME) {
  return fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' })
}

describe('two portal instances on one database', () => {
  it('serve a user signed in on one on the other, with the same customer data', async () => {
    const { cookie } = await portalSignIn(first.config.publicUrl, 'admin@acme.example')
    const [onFirst, onSecond] = await Promise.all([page(first.url, cookie), page(second.url, cookie)])
    expect(onFirst.status).toBe(200)
    expect(onSecond.status).toBe(200)
    const [a, b] = await Promise.all([onFirst.text(), onSecond.text()])
    for (const html of [a, b]) {
      expect(html.includes('Adam Archer'), 'the signed-in user').toBe(true)
      expect(html.includes('Acme Aerospace'), 'the customer').toBe(true)
    }
  })

  it('end the session on both when the user signs out on one', async () => {
    const { cookie } = await portalSignIn(first.config.publicUrl, 'admin@acme.example')
    expect((await page(first.url, cookie)).status).toBe(200)
    const out = await fetch(`${second.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: second.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    })
    expect(out.status).toBe(302)
    for (const base of [first.url, second.url]) {
      const after = await page(base, cookie)
      expect(after.status).toBe(302)
      expect(after.headers.get('location')).toContain('/auth/login')
    }
  })
})

// On SQLite a machine's processes are started by one primary, which prepares the file first.
describe.skipIf(ENGINE !== 'postgres')('instances starting at once on an empty PostgreSQL database', () => {
  it('migrate and seed it once, and both serve', async () => {
    const url = await newPgDatabase('empty')
    const both = await Promise.all(
      [0, 1].map(() => startApiProcess({ ...first, config: { ...first.config, databaseUrl: url } }, {})),
    )
    try {
      for (const instance of both) expect((await fetch(`${instance.url}/healthz`)).status).toBe(200)
      const fresh = await openDatabase({ databasePath: '', databaseUrl: url })
      try {
        const figures = async (db: typeof fresh) =>
          Promise.all(
            [accounts, entitlements, usageSessions].map(async (t) => (await db.select({ n: count() }).from(t))[0].n),
          )
        const [seeded, template] = await Promise.all([figures(fresh), figures(first.db)])
        expect(seeded[0]).toBeGreaterThan(0)
        expect(seeded).toEqual(template)
      } finally {
        await closeDatabase(fresh)
      }
    } finally {
      await stopApiProcesses(both)
      await dropPgDatabase(url)
    }
  })
})
