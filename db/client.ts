/**
 * Opens the SQLite file, applies pending migrations and returns the drizzle handle.
 * One handle per process. Its connection only reads: writes run in `transact`
 * (db/transact.ts), on a connection of their own. The time of their SQL goes to
 * the server's metrics (db/sql-timing.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Pool } from 'pg'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { projectPath } from '../server/project-root'
import * as schema from './schema'
import { closeWriter } from './transact'
import { isPgHandle } from './pg-transact'
import { ENGINE } from './engine'
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

/**
 * Opens the process's database: PostgreSQL when `databaseUrl` is set, else the SQLite file. Either is
 * migrated and typed as the SQLite handle (PostgreSQL's builds the same queries from its own tables,
 * db/tables.ts); what differs at the end of a query goes through db/query.ts and db/raw.ts.
 */
export async function openDatabase({
  databasePath,
  databaseUrl,
}: {
  databasePath: string
  databaseUrl: string | null
}): Promise<Db> {
  const engine = databaseUrl ? 'postgres' : 'sqlite'
  if (engine !== ENGINE)
    throw new Error(
      `This process's tables were chosen for ${ENGINE} (from DATABASE_URL when it started), not for ${engine}.`,
    )
  if (!databaseUrl) return openDb(databasePath)
  const { openPg } = await import('./pg-client')
  return (await openPg(databaseUrl)) as unknown as Db
}

/** Closes either engine's database. */
export async function closeDatabase(db: Db) {
  if (isPgHandle(db)) await (db.$client as unknown as { end(): Promise<void> }).end()
  else closeDb(db)
}

/**
 * Runs `work` (seeding an empty database) so that instances starting at once on one PostgreSQL
 * database do it one after the other. On SQLite a machine's processes are started by one primary,
 * which prepares the file before its workers start.
 */
export async function whilePreparingDatabase<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isPgHandle(db)) return work()
  const { whilePreparing } = await import('./pg-client')
  return whilePreparing(db.$client as unknown as Pool, work)
}
