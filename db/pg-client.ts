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
    await migrate(db, { migrationsFolder })
  } catch (error) {
    await pool.end()
    throw error
  }
  return db
}
