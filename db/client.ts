/**
 * Opens the SQLite file, applies pending migrations and returns the drizzle handle.
 * One handle per process. Its connection only reads: writes run in `transact`
 * (db/transact.ts), on a connection of their own. The time of their SQL goes to
 * the server's metrics (db/sql-timing.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { projectPath } from '../server/project-root'
import * as schema from './schema'
import { closeWriter } from './transact'
import { timeSql } from './sql-timing'
import { sqlStatementDuration, sqlTransactionDuration } from '../server/metrics/instruments'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

const migrationsFolder = projectPath('db', 'migrations')

/** A connection to the file with the portal's settings, its SQL timed for the metrics. */
export function openConnection(file: string, busyTimeoutMs: number): Database.Database {
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`)
  sqlite.pragma('foreign_keys = ON')
  timeSql(sqlite, {
    statement: (kind, seconds) => sqlStatementDuration.observe({ kind }, seconds),
    transaction: (seconds) => sqlTransactionDuration.observe(seconds),
  })
  return sqlite
}

export function openDb(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = openConnection(file, 5000)
  const db = drizzle(sqlite, { schema }) as Db
  migrate(db, { migrationsFolder })
  // Every write goes through `transact` (db/transact.ts), on a connection of its own: a write on this
  // one while a transaction holds the lock would wait for it on the thread that has to finish it.
  // (An in-memory database has this one connection only.)
  if (file !== ':memory:') sqlite.pragma('query_only = ON')
  return db
}

/** Closes the database: its connection and the one its transactions run on. */
export function closeDb(db: Db) {
  closeWriter(db)
  db.$client.close()
}
