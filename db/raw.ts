/** Statements written in SQL (drizzle's `sql`), run on either engine. */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'
import { isPgHandle } from './pg-transact'

/** The rows of a statement. */
export async function rawAll<T>(db: Db, query: SQL): Promise<T[]> {
  if (isPgHandle(db)) {
    const result = await (db as unknown as { execute(q: SQL): Promise<{ rows: T[] }> }).execute(query)
    return result.rows
  }
  return db.all<T>(query)
}

/** Runs a statement that returns no rows; how many rows it changed. */
export async function rawRun(db: Db, query: SQL): Promise<number> {
  if (isPgHandle(db)) {
    const result = await (db as unknown as { execute(q: SQL): Promise<{ rowCount: number | null }> }).execute(query)
    return result.rowCount ?? 0
  }
  return db.run(query).changes
}

/** Which of `values` the condition `test`, written over a column `v`, keeps (as SQL decides it). */
export async function valuesWhere(db: Db, values: readonly string[], test: SQL): Promise<string[]> {
  const list = JSON.stringify(values)
  const from = isPgHandle(db)
    ? sql`jsonb_array_elements_text(${list}::jsonb) AS each(v)`
    : sql`(SELECT value AS v FROM json_each(${list}))`
  const rows = await rawAll<{ v: string }>(db, sql`SELECT v FROM ${from} WHERE ${test}`)
  return rows.map((r) => r.v)
}
