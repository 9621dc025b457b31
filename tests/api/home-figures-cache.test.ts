/**
 * The Home summary's figures are kept per customer (api/customer-cache.ts) and
 * never outlive a change: after a write to any table they are read from, made
 * by another connection to the database as another server process would, the
 * next summary equals one computed from the tables.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findActiveUser, type ApiUser } from '../../api/auth'
import { homeSummary } from '../../api/home'
import { toApiDateText } from '../../app/domain/alerts'
import { dayNumber } from '../../app/domain/statement'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { rawAll, rawRun } from '../../db/raw'
import { startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
let server: TestServer
let admin: ApiUser

beforeAll(async () => {
  server = await startTestServer()
  admin = (await findActiveUser(server.db, 'admin@acme.example'))!
})
afterAll(async () => {
  await server?.close()
})

const summary = async () => await homeSummary(server.db, admin, ACME)
const fresh = async () => await homeSummary(server.db, admin, ACME, { fresh: true })
/** A write made on the test's own connection (as another process's), and the card it must show in. */
const writes: [string, keyof Awaited<ReturnType<typeof summary>>, () => Promise<unknown>][] = [
  [
    'an elastic charge of today (usage_day_charges)',
    'usage',
    async () => {
      const [{ id }] = await rawAll<{ id: number }>(
        server.db,
        sql`SELECT id FROM entitlements WHERE account_id = ${ACME} AND type = 'ELASTIC' ORDER BY id LIMIT 1`,
      )
      await rawRun(
        server.db,
        sql`INSERT INTO usage_day_charges (entitlement_id, day, product, cents)
            VALUES (${id}, ${dayNumber(todayUtc())}, 'probe', 12345)
            ON CONFLICT (entitlement_id, day, product) DO UPDATE SET cents = usage_day_charges.cents + 12345`,
      )
    },
  ],
  [
    'a lease whose end moves into the next 90 days (entitlements)',
    'ending',
    () =>
      rawRun(
        server.db,
        sql`UPDATE entitlements SET end_date = ${addDays(todayUtc(), 10)} WHERE id = (SELECT id FROM entitlements
            WHERE account_id = ${ACME} AND type = 'SSL' AND state = 'Deployed' AND start_date <= ${todayUtc()}
            AND end_date > ${addDays(todayUtc(), 100)} ORDER BY end_date DESC LIMIT 1)`,
      ),
  ],
  [
    'a low-balance threshold (low_balance_alerts)',
    'elastic',
    () =>
      rawRun(
        server.db,
        sql`UPDATE low_balance_alerts SET threshold = threshold + 1 WHERE entitlement_id IN
            (SELECT id FROM entitlements WHERE account_id = ${ACME})`,
      ),
  ],
  [
    'an activation made now (fulfillments)',
    'hosts',
    () =>
      rawRun(
        server.db,
        sql`UPDATE fulfillments SET fulfilled_at = ${Date.now() + 60_000}
            WHERE id = (SELECT min(id) FROM fulfillments WHERE account_id = ${ACME})`,
      ),
  ],
  [
    'a host made inactive (hosts)',
    'hosts',
    () =>
      rawRun(
        server.db,
        sql`UPDATE hosts SET state = 'INACTIVE' WHERE id = (SELECT h.id FROM hosts h JOIN host_accounts ha
            ON ha.host_id = h.id WHERE ha.account_id = ${ACME} AND h.state = 'ACTIVE' ORDER BY h.id LIMIT 1)`,
      ),
  ],
  [
    'a host no longer shared with the customer (host_accounts)',
    'hosts',
    () =>
      rawRun(
        server.db,
        sql`DELETE FROM host_accounts WHERE account_id = ${ACME} AND host_id = (SELECT h.id FROM hosts h
            JOIN host_accounts ha ON ha.host_id = h.id WHERE ha.account_id = ${ACME} AND h.state = 'ACTIVE'
            ORDER BY h.id LIMIT 1)`,
      ),
  ],
  [
    'an e-mail sent (emails)',
    'emails',
    () =>
      rawRun(
        server.db,
        sql`INSERT INTO emails (account_id, date, subject, to_address, body)
            VALUES (${ACME}, '2999-01-01 00:00:00', 'Probe', 'x@acme.example', '')`,
      ),
  ],
  [
    'a service alert for everyone (notifications)',
    'alerts',
    () =>
      rawRun(
        server.db,
        // An info alert is shown from now up to its window's end: this one starts in an hour.
        sql`INSERT INTO notifications (category, status, date, title, description)
            VALUES ('INFO', 'ACTIVE', ${toApiDateText(new Date(Date.now() + 3_600_000))}, 'Probe', 'Probe')`,
      ),
  ],
]

describe('the Home summary kept per customer', () => {
  it('is served again while nothing changed', async () => {
    const first = await summary()
    const again = await summary()
    expect(again.hosts).toBe(first.hosts)
    expect(again).toEqual(await fresh())
  })

  for (const [what, card, write] of writes) {
    it(`follows ${what} made by another connection at once`, async () => {
      const before = await summary()
      expect((await summary())[card]).toBe(before[card])
      await write()
      const after = await summary()
      expect(after[card]).not.toEqual(before[card])
      expect(after).toEqual(await fresh())
    })
  }
})
