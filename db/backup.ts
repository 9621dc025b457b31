/**
 * Backups of the SQLite database: an online copy taken while the portal runs (SQLite's backup
 * API: a consistent snapshot, writers are not stopped), and a restore that checks the copy before
 * it takes the database's place. `databaseFigures` gives each table's row count and the sums of
 * its numeric columns, to compare a restored database with its source.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { sqliteFigures, type DatabaseFigures } from './figures'
import { portalTables } from './portal-tables'

/** The table drizzle records applied migrations in: a portal database has it. */
const MIGRATIONS_TABLE = '__drizzle_migrations'

export class BackupError extends Error {}

/** A file that is a whole SQLite database of the portal, or the reason it is not. */
function checkDatabase(file: string): void {
  let db: Database.Database | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`)
    const migrations = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = ?`).get(MIGRATIONS_TABLE) as {
      n: number
    }
    if (migrations.n === 0) throw new BackupError(`${file} is not a database of the portal (it has no migrations)`)
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`)
  } finally {
    db?.close()
  }
}

/** Copies the database at `source` to `dest` (which must not exist) while it stays in use; returns the pages copied. */
export async function backupSqlite(source: string, dest: string): Promise<number> {
  if (fs.existsSync(dest)) throw new BackupError(`${dest} exists already`)
  fs.mkdirSync(path.dirname(dest), { recursive: true })
  const partial = `${dest}.partial`
  fs.rmSync(partial, { force: true })
  const db = new Database(source, { readonly: true, fileMustExist: true })
  try {
    const { totalPages } = await db.backup(partial)
    checkDatabase(partial)
    fs.renameSync(partial, dest)
    return totalPages
  } finally {
    db.close()
    fs.rmSync(partial, { force: true })
  }
}

/**
 * Puts the backup in place of the database at `target`, after checking it. An existing database
 * is replaced only with `replace` (the portal must be stopped: its open connections would keep the
 * old file). Nothing changes when the backup is not a whole portal database.
 */
export function restoreSqlite(backup: string, target: string, { replace = false } = {}): void {
  checkDatabase(backup)
  if (fs.existsSync(target) && !replace) throw new BackupError(`${target} exists: pass --replace to overwrite it`)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  const incoming = `${target}.restoring`
  fs.copyFileSync(backup, incoming)
  // The old file's write-ahead log belongs to it, not to the restored one.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true })
  fs.renameSync(incoming, target)
}

/** Every table's row count and the sums of its numeric columns (to compare a restored database with its source). */
export function databaseFigures(file: string): DatabaseFigures {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return sqliteFigures(db, portalTables())
  } finally {
    db.close()
  }
}
