/**
 * usage_day_charges, the charges per entitlement, product and day of the end:
 * the seeds keep it in step with the sessions they write, and migration 0007
 * builds the same rows from the sessions of a database that had none.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { openDb, type Db, closeDb } from './client'
import { ensureSeeded } from './seed'
import { seedUsageScale } from './seed-usage-scale'

let dir: string
let file: string
let db: Db

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'day-charges-test-'))
  file = path.join(dir, 'portal.db')
  db = openDb(file)
  await ensureSeeded(db)
  await seedUsageScale(db, { customer: '1000004', sessions: 2000 })
})
afterAll(() => {
  closeDb(db)
  fs.rmSync(dir, { recursive: true, force: true })
})

type Row = { entitlementId: number; day: number; product: string; cents: number }

const ORDER = 'ORDER BY entitlementId, day, product'

const stored = (d: Db) =>
  d.$client
    .prepare(
      `SELECT entitlement_id AS entitlementId, day, product, cents FROM usage_day_charges WHERE cents <> 0 ${ORDER}`,
    )
    .all() as Row[]

/** The same figures worked out from the sessions one by one, in JavaScript. */
function fromSessions(d: Db): Row[] {
  const sessions = d.$client
    .prepare('SELECT entitlement_id AS id, end_ts AS endTs, product, charge FROM usage_sessions')
    .all() as { id: number; endTs: number | null; product: string; charge: number }[]
  const sums = new Map<string, Row>()
  for (const s of sessions) {
    if (s.endTs === null) continue
    const day = Math.floor(s.endTs / 86_400_000)
    const key = `${s.id} ${day} ${s.product}`
    const row = sums.get(key) ?? { entitlementId: s.id, day, product: s.product, cents: 0 }
    row.cents += Math.round(s.charge * 100)
    sums.set(key, row)
  }
  return [...sums.values()]
    .filter((r) => r.cents !== 0)
    .sort((a, b) => a.entitlementId - b.entitlementId || a.day - b.day || (a.product < b.product ? -1 : 1))
}

describe('usage_day_charges', () => {
  it('holds the charges of the ended sessions the seeds wrote, by entitlement, product and day of the end', () => {
    const rows = stored(db)
    expect(rows.length).toBeGreaterThan(100)
    expect(rows).toEqual(fromSessions(db))
  })

  it('is built from the sessions by migration 0007 on a database that had no such table', () => {
    // Back to the database as migration 0006 left it (no table), then 0007 alone applied.
    const migrations = path.join(import.meta.dirname, 'migrations')
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'))
    const through = journal.entries.findIndex((e: { tag: string }) => e.tag === '0007_usage_day_charges')
    const only0007 = path.join(dir, 'migrations')
    fs.cpSync(migrations, only0007, { recursive: true })
    fs.writeFileSync(
      path.join(only0007, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, through + 1) }),
    )
    // The test rewinds the migrations on the database's own connection, which otherwise only reads.
    db.$client.pragma('query_only = OFF')
    db.$client.exec('DROP TABLE usage_day_charges')
    db.run(sql`DELETE FROM __drizzle_migrations WHERE created_at >= ${journal.entries[through].when}`)
    migrate(db, { migrationsFolder: only0007 })
    expect(stored(db)).toEqual(fromSessions(db))
  })
})
