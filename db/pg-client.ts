/**
 * PostgreSQL connections: a pool on `DATABASE_URL`, with the database migrated to the schema
 * written from db/schema.ts (db/migrations-pg).
 */
import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { projectPath } from '../server/project-root'
import * as pgSchema from './schema.pg'
import { timePgSql } from './sql-timing'
import { sqlStatementDuration } from '../server/metrics/instruments'

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool }

const migrationsFolder = projectPath('db', 'migrations-pg')

// bigint columns are read as numbers, as SQLite's integers are (ids and millisecond times are far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// So are numerics (sum() of bigint, date arithmetic with a fraction), as SQLite's numbers are.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

export { postgresUrl } from './engine'

/** An arbitrary key of PostgreSQL's advisory locks, held while an instance prepares the database. */
const PREPARING = 73_102_034

/**
 * Runs `work` while holding the database's preparation lock: instances that start at once on one
 * database migrate it, and seed an empty one, one after the other (the next finds the work done).
 */
export async function whilePreparing<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  // A connection of its own: the work may need every connection of the pool (a pool of one).
  const client = new pg.Client(pool.options)
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARING])
    return await work()
  } finally {
    // Ending the session releases its lock.
    await client.end()
  }
}

export async function openPg(url: string, { max = 10 }: { max?: number } = {}): Promise<PgDb> {
  const pool = new pg.Pool({ connectionString: url, max })
  timePgSql(pool, { statement: (kind, seconds) => sqlStatementDuration.observe({ kind }, seconds) })
  // An idle connection the server ends (a restart, an administrator) is replaced by the pool on the
  // next query; without a listener its error would end the process.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 'warn', msg: 'database connection lost', error: String(error) })),
  )
  const db = drizzle(pool, { schema: pgSchema }) as PgDb
  try {
    await whilePreparing(pool, () => migrate(db, { migrationsFolder }))
  } catch (error) {
    await pool.end()
    throw error
  }
  return db
}
