/**
 * npm run db:backup / db:restore on SQLite: an online backup of a running portal's database (its
 * latest writes still in the write-ahead log) restores into a fresh database with every table's
 * rows and numeric sums equal to the source's; a file that is no portal database is refused and
 * changes nothing; an existing database is replaced only when asked.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, closeDb } from '../../db/client'
import { backupSqlite, BackupError, databaseFigures, restoreSqlite } from '../../db/backup'
import { startTestServer, type TestServer } from './support/server'

let server: TestServer
let source: string

beforeAll(async () => {
  server = await startTestServer()
  source = server.config.databasePath
})
afterAll(async () => {
  await server?.close()
})

const inDir = (...parts: string[]) => path.join(server.dir, ...parts)

describe('backup and restore', () => {
  it('backs up the running database with its latest writes and restores it with the same rows and sums', async () => {
    // Writes of the running server: still in its write-ahead log, which a copy of the file alone would miss.
    server.db.$client.prepare(`UPDATE entitlements SET quantity = quantity + 1 WHERE account_id = '1000001'`).run()
    expect(fs.statSync(`${source}-wal`).size).toBeGreaterThan(0)
    const before = databaseFigures(source)
    expect(before.rows.usage_sessions).toBeGreaterThan(1000)

    const backup = inDir('backups', 'one.db')
    expect(await backupSqlite(source, backup)).toBeGreaterThan(0)
    await expect(backupSqlite(source, backup)).rejects.toThrow(BackupError)

    const target = inDir('restored', 'portal.db')
    restoreSqlite(backup, target)
    const after = databaseFigures(target)
    expect(after).toEqual(before)
    expect(after.sums['entitlements.quantity']).toBe(before.sums['entitlements.quantity'])

    // The restored file is a portal database: it opens (migrations already applied) and reads.
    const restored = openDb(target)
    try {
      expect(restored.$client.prepare(`SELECT count(*) AS n FROM accounts`).get()).toEqual({ n: before.rows.accounts })
    } finally {
      closeDb(restored)
    }
  })

  it('refuses a file that is no portal database, and an existing database without --replace, changing nothing', async () => {
    const target = inDir('refusals', 'portal.db')
    const backup = inDir('refusals', 'good.db')
    await backupSqlite(source, backup)
    restoreSqlite(backup, target)
    const figures = databaseFigures(target)

    const text = inDir('refusals', 'text.db')
    fs.writeFileSync(text, 'not a database')
    expect(() => restoreSqlite(text, target, { replace: true })).toThrow(/is not a SQLite database/)
    const empty = inDir('refusals', 'empty.db')
    // SQLite opens an empty file as an empty database: it has none of the portal's migrations.
    fs.writeFileSync(empty, '')
    expect(() => restoreSqlite(empty, target, { replace: true })).toThrow(/not a database of the portal/)
    expect(() => restoreSqlite(backup, target)).toThrow(/exists: pass --replace/)
    expect(databaseFigures(target)).toEqual(figures)

    restoreSqlite(backup, target, { replace: true })
    expect(databaseFigures(target)).toEqual(figures)
  })

  it('runs as npm run db:backup and db:restore against DATABASE_PATH', () => {
    const out = inDir('cli', 'backup.db')
    const run = (args: string[], databasePath: string) =>
      spawnSync('npx', ['tsx', 'db/backup-cli.ts', ...args], {
        env: { ...process.env, DATABASE_PATH: databasePath },
        encoding: 'utf8',
      })
    const backup = run(['backup', '--out', out], source)
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toContain(`backed up ${source} to ${out}`)
    const target = inDir('cli', 'restored.db')
    const restore = run(['restore', out], target)
    expect(restore.status, restore.stderr).toBe(0)
    expect(databaseFigures(target)).toEqual(databaseFigures(out))
    const again = run(['restore', out], target)
    expect([again.status, again.stderr.trim()]).toEqual([1, `${target} exists: pass --replace to overwrite it`])
  })
})
