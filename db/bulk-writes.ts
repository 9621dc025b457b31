/**
 * What the generators of bench data (db/seed-usage-scale.ts, db/seed-web-scale.ts) do differently
 * on each engine to write millions of rows quickly.
 */
import { sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import { connectionsOf, type Tx } from './transact'
import { isPgHandle } from './pg-transact'
import { prepared } from './query'

/** Rows per statement on PostgreSQL: their values stay well within its 65,535 parameters. */
const ROWS_PER_INSERT = 500

/**
 * Inserts `rows`, which all name the same columns, in the transaction `tx`: on SQLite one prepared
 * insert run for each row (a statement runs in-process, and building one long statement costs more
 * than running a short one many times); on PostgreSQL inserts of many rows each, since every
 * statement is a round trip to the server.
 */
export async function insertMany<T extends SQLiteTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return
  if (isPgHandle(tx)) {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await tx.insert(table).values(rows.slice(i, i + ROWS_PER_INSERT))
    }
    return
  }
  const placeholders = Object.fromEntries(Object.keys(rows[0]).map((key) => [key, sql.placeholder(key)]))
  const insert = prepared(tx.insert(table).values(placeholders as T['$inferInsert']))
  for (const row of rows) await insert.run(row)
}

/**
 * Runs `work` with SQLite's page cache at `kib` on the database's connections: the indexes of a
 * million rows outgrow its default 2 MB. PostgreSQL's cache is the server's own.
 */
export async function withPageCache<T>(db: Db, kib: number, work: () => Promise<T>): Promise<T> {
  if (isPgHandle(db)) return await work()
  const connections = connectionsOf(db)
  const before = connections.map((c) => c.pragma('cache_size', { simple: true }) as number)
  for (const c of connections) c.pragma(`cache_size = -${kib}`)
  try {
    return await work()
  } finally {
    connections.forEach((c, i) => c.pragma(`cache_size = ${before[i]}`))
  }
}
