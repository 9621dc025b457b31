/**
 * The Home summary's figures are kept per customer (api/customer-cache.ts) and
 * never outlive a change: after a write to any table they are read from, made
 * by another connection to the database as another server process would, the
 * next summary equals one computed from the tables.
 */
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findActiveUser, type ApiUser } from '../../api/auth'
import { homeSummary } from '../../api/home'
import { toApiDateText } from '../../app/domain/alerts'
import { dayNumber } from '../../app/domain/statement'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import { startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
let server: TestServer
let other: Database.Database
let admin: ApiUser

beforeAll(async () => {
  server = await startTestServer()
  other = new Database(server.config.databasePath)
  admin = (await findActiveUser(server.db, 'admin@acme.example'))!
})
afterAll(async () => {
  other?.close()
  await server?.close()
})

const summary = async () => await homeSummary(server.db, admin, ACME)
const fresh = async () => await homeSummary(server.db, admin, ACME, { fresh: true })
const one = <T>(sql: string, ...params: unknown[]) => other.prepare(sql).get(...params) as T

/** A write made on the other connection, and the card it must show in. */
const writes: [string, keyof Awaited<ReturnType<typeof summary>>, () => void][] = [
  [
    'an elastic charge of today (usage_day_charges)',
    'usage',
    () => {
      const { id } = one<{ id: number }>(
        "SELECT id FROM entitlements WHERE account_id = ? AND type = 'ELASTIC' ORDER BY id LIMIT 1",
        ACME,
      )
      other
        .prepare(
          `INSERT INTO usage_day_charges (entitlement_id, day, product, cents) VALUES (?, ?, 'probe', 12345)
           ON CONFLICT DO UPDATE SET cents = cents + 12345`,
        )
        .run(id, dayNumber(todayUtc()))
    },
  ],
  [
    'a lease whose end moves into the next 90 days (entitlements)',
    'ending',
    () => {
      other
        .prepare(
          `UPDATE entitlements SET end_date = ? WHERE id = (SELECT id FROM entitlements WHERE account_id = ?
           AND type = 'SSL' AND state = 'Deployed' AND start_date <= ? AND end_date > ? ORDER BY end_date DESC LIMIT 1)`,
        )
        .run(addDays(todayUtc(), 10), ACME, todayUtc(), addDays(todayUtc(), 100))
    },
  ],
  [
    'a low-balance threshold (low_balance_alerts)',
    'elastic',
    () => {
      other
        .prepare(
          `UPDATE low_balance_alerts SET threshold = threshold + 1 WHERE entitlement_id IN
           (SELECT id FROM entitlements WHERE account_id = ?)`,
        )
        .run(ACME)
    },
  ],
  [
    'an activation made now (fulfillments)',
    'hosts',
    () => {
      other
        .prepare(
          'UPDATE fulfillments SET fulfilled_at = ? WHERE id = (SELECT min(id) FROM fulfillments WHERE account_id = ?)',
        )
        .run(Date.now() + 60_000, ACME)
    },
  ],
  [
    'a host made inactive (hosts)',
    'hosts',
    () => {
      other
        .prepare(
          `UPDATE hosts SET state = 'INACTIVE' WHERE id = (SELECT h.id FROM hosts h JOIN host_accounts ha
           ON ha.host_id = h.id WHERE ha.account_id = ? AND h.state = 'ACTIVE' ORDER BY h.id LIMIT 1)`,
        )
        .run(ACME)
    },
  ],
  [
    'a host no longer shared with the customer (host_accounts)',
    'hosts',
    () => {
      other
        .prepare(
          `DELETE FROM host_accounts WHERE account_id = ? AND host_id = (SELECT h.id FROM hosts h JOIN host_accounts ha
           ON ha.host_id = h.id WHERE ha.account_id = ? AND h.state = 'ACTIVE' ORDER BY h.id LIMIT 1)`,
        )
        .run(ACME, ACME)
    },
  ],
  [
    'an e-mail sent (emails)',
    'emails',
    () => {
      other
        .prepare(
          "INSERT INTO emails (account_id, date, subject, to_address, body) VALUES (?, '2999-01-01 00:00:00', 'Probe', 'x@acme.example', '')",
        )
        .run(ACME)
    },
  ],
  [
    'a service alert for everyone (notifications)',
    'alerts',
    () => {
      other
        .prepare(
          "INSERT INTO notifications (category, status, date, title, description) VALUES ('INFO', 'ACTIVE', ?, 'Probe', 'Probe')",
        )
        .run(toApiDateText(new Date()))
    },
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
      write()
      const after = await summary()
      expect(after[card]).not.toEqual(before[card])
      expect(after).toEqual(await fresh())
    })
  }
})
