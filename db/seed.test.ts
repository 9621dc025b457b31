import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { openDb, type Db, closeDb } from './client'
import { accountAccess, accounts, featureFlags, settings, userFeatureFlags, users } from './schema'
import { transact } from './transact'
import { enabledFeatureNames } from '../api/featureflags'
import { findConflicts } from '../app/domain/feature-flags'
import { clearData, ensureSeeded, seedScale } from './seed'
import { verifyPassword } from './passwords'
import { FIRST_GENERATED_NUMBER, generateCustomer } from './seed-scale'

let dir: string
let db: Db

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'))
  db = openDb(path.join(dir, 'portal.db'))
})
afterAll(() => {
  closeDb(db)
  fs.rmSync(dir, { recursive: true, force: true })
})

const countOf = (table: typeof accounts | typeof users | typeof accountAccess) =>
  db.select({ n: count() }).from(table).get()!.n

describe('seed', () => {
  it('seeds the demo data set once', async () => {
    const first = await ensureSeeded(db)
    expect(first).not.toBeNull()
    expect(countOf(accounts)).toBeGreaterThanOrEqual(605)
    expect(await ensureSeeded(db)).toBeNull()
  })

  it('has the fixed demo customers', () => {
    const acme = db.select().from(accounts).where(eq(accounts.accountId, '1000001')).get()
    expect(acme).toMatchObject({
      accountName: 'Acme Aerospace',
      orgType: 'Direct',
      exportControlStatus: 'approved',
      hasElastic: 1,
      hasSsl: 1,
      hasFsa: 1,
      hasSharedLicense: 1,
      hasNamedLicense: 1,
      supportEmail: 'support@acme.example',
    })
    const embargo = db.select().from(accounts).where(eq(accounts.accountId, '1000005')).get()
    expect(embargo).toMatchObject({ exportControlStatus: 'Denied', hasSsl: 1, hasElastic: 1, orgType: 'Direct' })
    const delta = db.select().from(accounts).where(eq(accounts.accountId, '1000004')).get()
    expect(delta).toMatchObject({ orgType: 'Undefined', hasSsl: 0, hasElastic: 0, hasFsa: 0 })
  })

  it('gives every user the password demo and the partner two customers', async () => {
    const partner = db.select().from(users).where(eq(users.email, 'partner@channel.example')).get()!
    expect(await verifyPassword('demo', partner.passwordHash)).toBe(true)
    const rows = db.select().from(accountAccess).where(eq(accountAccess.userId, partner.id)).all()
    expect(rows.map((r) => [r.accountId, r.role])).toEqual([
      ['1000002', 'admin'],
      ['1000003', 'admin'],
    ])
    const busops = db.select().from(users).where(eq(users.email, 'busops@vendor.example')).get()!
    expect(busops.roles).toEqual(['user', 'busops'])
  })

  it('has the feature flags with their conflicts', () => {
    const flags = db.select().from(featureFlags).all()
    expect(flags.map((f) => f.name).sort()).toEqual(
      [
        'fsa',
        'licensingChatbot',
        'statementsV2',
        'usageDateTimeFilter',
        'webAssignmentsClassic',
        'webAssignmentsV2',
      ].sort(),
    )
    expect(flags.find((f) => f.name === 'webAssignmentsClassic')!.conflicts).toEqual(['webAssignmentsV2'])
  })

  it('gives the matrix users the assignment matrix from the start, and every other user the defaults', async () => {
    const flags = db.select().from(featureFlags).all()
    const saved = db
      .select({ email: users.email, enabled: userFeatureFlags.enabled })
      .from(userFeatureFlags)
      .innerJoin(users, eq(users.id, userFeatureFlags.userId))
      .all()
    expect(saved.map((s) => s.email).sort()).toEqual([
      'webmatrix.admin@acme.example',
      'webmatrix.admin@borealis.example',
      'webmatrix.viewer@acme.example',
    ])
    for (const { email } of saved) {
      const user = db.select().from(users).where(eq(users.email, email)).get()!
      const enabled = [...(await enabledFeatureNames(db, user.id))]
      expect(enabled, email).toContain('webAssignmentsV2')
      expect(enabled, email).not.toContain('webAssignmentsClassic')
      expect(
        findConflicts(
          enabled,
          flags.map((f) => ({ ...f, enabled: false })),
        ),
        email,
      ).toEqual([])
    }
    const roles = (email: string) =>
      db
        .select({ accountId: accountAccess.accountId, role: accountAccess.role })
        .from(accountAccess)
        .innerJoin(users, eq(users.id, accountAccess.userId))
        .where(eq(users.email, email))
        .all()
    expect(roles('webmatrix.admin@acme.example')).toEqual(roles('admin@acme.example'))
    expect(roles('webmatrix.viewer@acme.example')).toEqual(roles('viewer@acme.example'))
    expect(roles('webmatrix.admin@borealis.example')).toEqual(roles('marta.lindqvist@borealis.example'))
  })

  it('adds generated customers after the highest one, with contacts', async () => {
    const before = countOf(accounts)
    const added = await seedScale(db, 250)
    expect(added.first).toBe('1000700')
    expect(added.last).toBe('1000949')
    expect(added.contacts).toBeGreaterThanOrEqual(250)
    expect(countOf(accounts)).toBe(before + 250)
    const again = await seedScale(db, 10)
    expect(again.first).toBe('1000950')
  })

  it('generates the same customer for the same number', () => {
    expect(generateCustomer(1000123)).toEqual(generateCustomer(1000123))
    expect(generateCustomer(1000123).accountName).not.toBe(generateCustomer(1000124).accountName)
  })

  it('generates web flags exactly for the web licences it generates, and named seats within their seats', () => {
    let withWeb = 0
    for (let n = FIRST_GENERATED_NUMBER; n < FIRST_GENERATED_NUMBER + 1000; n++) {
      const c = generateCustomer(n)
      const types = new Set(c.web?.entitlements.map((e) => e.type))
      expect([c.hasSharedLicense, c.hasNamedLicense], c.accountId).toEqual([
        types.has('SHARED_WEB') ? 1 : 0,
        types.has('NAMED_USER') ? 1 : 0,
      ])
      if (!c.web) continue
      withWeb++
      expect(c.web.entitlements.length, c.accountId).toBeGreaterThan(0)
      expect(new Set(c.web.users.map((u) => u.email)).size, c.accountId).toBe(c.web.users.length)
      const named = c.web.entitlements.filter((e) => e.type === 'NAMED_USER')
      named.forEach((e, i) => expect(c.web!.namedHolders[i], c.accountId).toBeLessThanOrEqual(e.seats))
    }
    expect(withWeb).toBeGreaterThan(200)
    expect(withWeb).toBeLessThan(400)
  })

  it('has entitlements whose Used is the sum of their sessions and whose activations stay within the quantity', () => {
    const q = <T>(text: string) => db.$client.prepare(text).all() as T[]
    const drift = q<{ id: string }>(
      `SELECT activation_id AS id FROM entitlements e
       WHERE abs(used - (SELECT coalesce(sum(charge), 0) FROM usage_sessions s WHERE s.entitlement_id = e.id)) > 1e-6`,
    )
    expect(drift).toEqual([])
    const over = q<{ id: string }>(
      `SELECT activation_id AS id FROM entitlements e
       WHERE quantity < (SELECT coalesce(sum(count), 0) FROM fulfillments f WHERE f.entitlement_id = e.id AND status = 'ACTIVE')`,
    )
    expect(over).toEqual([])
    const [{ n: sessionCount }] = q<{ n: number }>('SELECT count(*) AS n FROM usage_sessions')
    expect(sessionCount).toBeGreaterThan(2000)
    const [{ n: fulfillmentCount }] = q<{ n: number }>("SELECT count(*) AS n FROM fulfillments WHERE status = 'ACTIVE'")
    expect(fulfillmentCount).toBeGreaterThan(50)
    const byType = q<{ account: string; type: string; n: number }>(
      'SELECT account_id AS account, type, count(*) AS n FROM entitlements GROUP BY 1, 2',
    )
    const countOfType = (account: string, type: string) =>
      byType.find((r) => r.account === account && r.type === type)?.n ?? 0
    expect(countOfType('1000003', 'ELASTIC')).toBe(0)
    expect(countOfType('1000003', 'SSL')).toBeGreaterThan(0)
    expect(countOfType('1000002', 'SSL')).toBeGreaterThanOrEqual(45)
    expect(countOfType('1000005', 'ELASTIC')).toBeGreaterThan(0)
  })

  it('gives each fixed customer its web licence flags from the web entitlements it has', () => {
    const rows = db.$client
      .prepare(
        `SELECT a.account_id AS id, a.has_shared_license AS shared, a.has_named_license AS named,
           (SELECT count(*) FROM entitlements e WHERE e.account_id = a.account_id AND e.type = 'SHARED_WEB') AS sharedRows,
           (SELECT count(*) FROM entitlements e WHERE e.account_id = a.account_id AND e.type = 'NAMED_USER') AS namedRows
         FROM accounts a WHERE a.account_id BETWEEN '1000001' AND '1000005' ORDER BY 1`,
      )
      .all() as { id: string; shared: number; named: number; sharedRows: number; namedRows: number }[]
    expect(rows.map((r) => [r.id, r.shared, r.named])).toEqual([
      ['1000001', 1, 1],
      ['1000002', 0, 1],
      ['1000003', 0, 0],
      ['1000004', 0, 0],
      ['1000005', 0, 0],
    ])
    for (const r of rows) {
      expect(r.shared, r.id).toBe(r.sharedRows > 0 ? 1 : 0)
      expect(r.named, r.id).toBe(r.namedRows > 0 ? 1 : 0)
    }
  })

  it('gives every customer, generated ones included, a web flag exactly when it has web entitlements of the type', () => {
    const q = <T>(text: string) => db.$client.prepare(text).all() as T[]
    const rows = q<{ id: string; shared: number; named: number; sharedRows: number; namedRows: number }>(
      `SELECT a.account_id AS id, a.has_shared_license AS shared, a.has_named_license AS named,
         (SELECT count(*) FROM entitlements e WHERE e.account_id = a.account_id AND e.type = 'SHARED_WEB') AS sharedRows,
         (SELECT count(*) FROM entitlements e WHERE e.account_id = a.account_id AND e.type = 'NAMED_USER') AS namedRows
       FROM accounts a`,
    )
    // The seed's own customers and those seedScale added in the test above.
    expect(rows.length).toBeGreaterThan(850)
    const mismatched = rows.filter(
      (r) => r.shared !== (r.sharedRows > 0 ? 1 : 0) || r.named !== (r.namedRows > 0 ? 1 : 0),
    )
    expect(mismatched).toEqual([])
    const generated = rows.filter((r) => Number(r.id) >= FIRST_GENERATED_NUMBER)
    expect(generated.filter((r) => r.shared).length).toBeGreaterThan(50)
    expect(generated.filter((r) => r.named).length).toBeGreaterThan(20)
    expect(generated.filter((r) => !r.shared && !r.named).length).toBeGreaterThan(500)

    // Their web users are all in 'All Users', and no named licence has more direct holders than seats.
    const outside = q<{ id: number }>(
      `SELECT u.id FROM web_users u WHERE NOT EXISTS (
         SELECT 1 FROM web_group_members m JOIN web_groups g ON g.id = m.group_id
         WHERE m.user_id = u.id AND g.name = 'All Users')`,
    )
    expect(outside).toEqual([])
    const over = q<{ id: string }>(
      `SELECT e.activation_id AS id FROM entitlements e WHERE e.type = 'NAMED_USER'
         AND e.quantity < (SELECT count(*) FROM web_assignments a WHERE a.entitlement_id = e.id AND a.user_id IS NOT NULL)`,
    )
    expect(over).toEqual([])
  })

  it('has Acme’s web users in four groups and named seats within their quantity', () => {
    const q = <T>(text: string) => db.$client.prepare(text).all() as T[]
    const users = q<{ email: string }>("SELECT email FROM web_users WHERE account_id = '1000001'")
    expect(users.length).toBeGreaterThanOrEqual(35)
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@acme.example', 'viewer@acme.example']))
    const groups = q<{ name: string; n: number }>(
      `SELECT g.name, count(m.user_id) AS n FROM web_groups g LEFT JOIN web_group_members m ON m.group_id = g.id
       WHERE g.account_id = '1000001' GROUP BY g.id ORDER BY g.name`,
    )
    expect(groups.map((g) => g.name)).toEqual(['All Users', 'Design', 'Engineering Managers', 'Simulation'])
    expect(groups.find((g) => g.name === 'All Users')!.n).toBe(users.length)
    const seats = q<{ name: string; quantity: number; holders: number }>(
      `SELECT e.product_name AS name, e.quantity, (
         SELECT count(*) FROM (
           SELECT a.user_id AS u FROM web_assignments a WHERE a.entitlement_id = e.id AND a.user_id IS NOT NULL
             AND (a.end_date IS NULL OR a.end_date >= date('now'))
           UNION SELECT m.user_id FROM web_assignments a JOIN web_group_members m ON m.group_id = a.group_id
             WHERE a.entitlement_id = e.id)) AS holders
       FROM entitlements e WHERE e.type = 'NAMED_USER' ORDER BY e.product_name`,
    )
    for (const s of seats) expect(s.holders, s.name).toBeLessThanOrEqual(s.quantity)
    expect(seats.find((s) => s.name === 'Ansys Mechanical - Named User')).toMatchObject({ quantity: 5, holders: 5 })
  })

  it('clears data for a reset, keeping settings', async () => {
    await transact(db, async (tx) => await tx.insert(settings).values({ key: 'kept', value: 'yes' }))
    const cleared = await clearData(db)
    const rowsOf = (table: string) =>
      (db.$client.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n
    const tables = (
      db.$client
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name)
    expect(cleared.sort()).toEqual(tables.filter((t) => t !== 'settings').sort())
    // The change stamps too, though deleting the other tables' rows stamps them.
    for (const table of cleared) expect(rowsOf(table), table).toBe(0)
    expect(db.select().from(settings).where(eq(settings.key, 'kept')).get()).toEqual({ key: 'kept', value: 'yes' })
    expect(await ensureSeeded(db)).not.toBeNull()
  })
})
