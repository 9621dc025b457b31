/** Statements written in SQL (drizzle's `sql`), run on either engine. */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'

/** The rows of a statement. */
export async function rawAll<T>(db: Db, query: SQL): Promise<T[]> {
  return db.all<T>(query)
}

/** Which of `values` the condition `test`, written over a column `v`, keeps (as SQL decides it). */
export async function valuesWhere(db: Db, values: readonly string[], test: SQL): Promise<string[]> {
  const rows = await rawAll<{ v: string }>(
    db,
    sql`SELECT value AS v FROM json_each(${JSON.stringify(values)}) WHERE ${test}`,
  )
  return rows.map((r) => r.v)
}
