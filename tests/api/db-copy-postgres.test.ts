/**
 * npm run db:copy moves the seeded SQLite database into a real PostgreSQL server without losing a
 * row (every table's rows and numeric sums equal), after which the database behaves as the
 * portal's: ids continue after the copied ones and the change stamps move on a change. A target
 * that holds data is refused, changing nothing, unless --replace. Then npm run db:backup and
 * db:restore on PostgreSQL: pg_dump's backup restores into a fresh database with the same figures.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFigures } from '../../db/backup'
import { pgDatabaseFigures } from '../../db/figures'
import { portalTables } from '../../db/portal-tables'
import { copyBaseDatabase } from '../support/base-database'
import { newPgDatabase } from '../support/postgres-server'

let dir: string
let sqliteFile: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-copy-'))
  sqliteFile = path.join(dir, 'portal.db')
  copyBaseDatabase(sqliteFile)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function cli(script: string, args: string[], databaseUrl: string) {
  return spawnSync('npx', ['tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_PATH: sqliteFile },
    encoding: 'utf8',
  })
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

const tables = portalTables()

describe('db:copy', () => {
  it('copies every row: each table’s count and numeric sums equal the SQLite database’s', async () => {
    const url = await newPgDatabase('copy')
    const result = cli('db/copy-cli.ts', [], url)
    expect(result.status, result.stderr).toBe(0)
    const source = databaseFigures(sqliteFile)
    expect(source.rows.usage_sessions).toBeGreaterThan(1000)
    expect(result.stdout).toContain(
      `copied ${Object.values(source.rows).reduce((a, b) => a + b, 0)} rows of ${tables.length} tables`,
    )
    const copied = await pgDatabaseFigures(url, tables)
    expect(copied.rows).toEqual(source.rows)
    for (const [column, sum] of Object.entries(source.sums)) expect(copied.sums[column], column).toBeCloseTo(sum, 6)
    // The planner has statistics of the copied rows at once.
    const analysed = await query<{ tablename: string }>(
      url,
      `SELECT DISTINCT tablename FROM pg_stats WHERE schemaname = 'public' AND tablename IN ('usage_sessions', 'fulfillments')`,
    )
    expect(analysed.map((r) => r.tablename).sort()).toEqual(['fulfillments', 'usage_sessions'])

    // New rows are numbered after the copied ones, and a change moves the customer's change stamp.
    const [{ max }] = await query<{ max: number }>(url, 'SELECT max(id)::int AS max FROM emails')
    const [email] = await query<{ id: number }>(
      url,
      `INSERT INTO emails (account_id, date, subject, to_address, body) VALUES ('1000001', '2026-01-01 00:00:00', 's', 'a@b.c', '') RETURNING id::int`,
    )
    expect(email.id).toBe(max + 1)
    const stamp = async () =>
      (await query<{ v: number }>(url, `SELECT version::int AS v FROM account_changes WHERE account_id = '1000001'`))[0]
        .v
    const before = await stamp()
    await query(
      url,
      `UPDATE entitlements SET quantity = quantity WHERE account_id = '1000001' AND id = (SELECT min(id) FROM entitlements WHERE account_id = '1000001')`,
    )
    expect(await stamp()).toBe(before + 1)
  })

  it('refuses a database that holds data unless --replace, changing nothing', async () => {
    const url = await newPgDatabase('refuse')
    expect(cli('db/copy-cli.ts', [], url).status).toBe(0)
    await query(url, `DELETE FROM emails WHERE id = (SELECT max(id) FROM emails)`)
    const changed = await pgDatabaseFigures(url, tables)

    const refused = cli('db/copy-cli.ts', [], url)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/holds data already \(\d+ rows in \d+ tables\): pass --replace to overwrite it/)
    expect(await pgDatabaseFigures(url, tables)).toEqual(changed)

    const replaced = cli('db/copy-cli.ts', ['--replace'], url)
    expect(replaced.status, replaced.stderr).toBe(0)
    expect((await pgDatabaseFigures(url, tables)).rows).toEqual(databaseFigures(sqliteFile).rows)
  })

  it('needs a PostgreSQL address', () => {
    const result = cli('db/copy-cli.ts', [], '')
    expect([result.status, result.stderr.trim()]).toEqual([
      2,
      'db:copy needs DATABASE_URL set to the PostgreSQL database to copy into (postgres://…)',
    ])
  })
})

describe('db:backup and db:restore on PostgreSQL', () => {
  it('backs up with pg_dump and restores into a fresh database with the same rows and sums', async () => {
    const source = await newPgDatabase('backup')
    expect(cli('db/copy-cli.ts', [], source).status).toBe(0)
    const figures = await pgDatabaseFigures(source, tables)

    const out = path.join(dir, 'backups', 'portal.dump')
    const backup = cli('db/backup-cli.ts', ['backup', '--out', out], source)
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toContain(`to ${out}`)
    expect(cli('db/backup-cli.ts', ['backup', '--out', out], source).stderr.trim()).toBe(`${out} exists already`)

    const fresh = await newPgDatabase('restored')
    const restore = cli('db/backup-cli.ts', ['restore', out], fresh)
    expect(restore.status, restore.stderr).toBe(0)
    expect(await pgDatabaseFigures(fresh, tables)).toEqual(figures)
    // The restored database carries its migrations: the portal's migrator finds nothing to do.
    const [{ n }] = await query<{ n: number }>(fresh, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
    expect(n).toBe(fs.readdirSync('db/migrations-pg').filter((f) => f.endsWith('.sql')).length)
  })

  it('refuses a file that is no backup, and a database that holds tables without --replace, changing nothing', async () => {
    const source = await newPgDatabase('backup2')
    expect(cli('db/copy-cli.ts', [], source).status).toBe(0)
    const out = path.join(dir, 'backups', 'second.dump')
    expect(cli('db/backup-cli.ts', ['backup', '--out', out], source).status).toBe(0)
    const target = await newPgDatabase('target')
    expect(cli('db/backup-cli.ts', ['restore', out], target).status).toBe(0)
    await query(target, `DELETE FROM notifications`)
    const changed = await pgDatabaseFigures(target, tables)

    const text = path.join(dir, 'backups', 'text.dump')
    fs.writeFileSync(text, 'not a backup')
    const notBackup = cli('db/backup-cli.ts', ['restore', text, '--replace'], target)
    expect([notBackup.status, notBackup.stderr.trim()]).toEqual([
      1,
      `${text} is not a PostgreSQL backup (pg_dump's custom format)`,
    ])
    const again = cli('db/backup-cli.ts', ['restore', out], target)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/the database holds \d+ tables already: pass --replace to overwrite it/)
    expect(await pgDatabaseFigures(target, tables)).toEqual(changed)

    const replaced = cli('db/backup-cli.ts', ['restore', out, '--replace'], target)
    expect(replaced.status, replaced.stderr).toBe(0)
    expect(await pgDatabaseFigures(target, tables)).toEqual(await pgDatabaseFigures(source, tables))
  })
})
