/**
 * What differs between the engines' drizzle drivers at the end of a query, behind one interface:
 * the first row of a query, how many rows a write changed, and statements prepared once.
 * (The SQL a query builds is the same; only SQLite's driver has `.get()`, `.run()` and `.changes`.)
 */
import { createHash } from 'node:crypto'
import { ENGINE } from './engine'

/** The first row a query returns, or undefined. */
export async function first<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
  return (await query)[0]
}

/** How many rows a write (insert, update or delete without `returning`) changed, on either engine. */
export function changes(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null }
  return Number(r.changes ?? r.rowCount ?? 0)
}

/** How many rows the write a query makes changed. */
export async function changed(query: PromiseLike<unknown>): Promise<number> {
  return changes(await query)
}

interface SqliteStatement {
  all(values?: Record<string, unknown>): unknown
  get(values?: Record<string, unknown>): unknown
  run(values?: Record<string, unknown>): unknown
}

interface PgStatement {
  execute(values?: Record<string, unknown>): Promise<unknown>
}

type Built = { prepare(): SqliteStatement; toSQL(): { sql: string } }
type Rows<Q extends Built> = Awaited<ReturnType<ReturnType<Q['prepare']>['all']>>

export interface Statement<Row> {
  all(values?: Record<string, unknown>): Promise<Row[]>
  get(values?: Record<string, unknown>): Promise<Row | undefined>
  /** Runs a write; how many rows it changed. */
  run(values?: Record<string, unknown>): Promise<{ changes: number }>
}

/**
 * A query prepared once (its SQL built and compiled once, then run with `sql.placeholder` values).
 * On PostgreSQL it is a named statement, named after its SQL, so every connection of the pool
 * prepares each text once however many handles prepare it.
 */
export function prepared<Q extends Built>(query: Q): Statement<Rows<Q> extends (infer R)[] ? R : never> {
  type Row = Rows<Q> extends (infer R)[] ? R : never
  if (ENGINE === 'postgres') {
    const name = `q_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`
    const statement = (query.prepare as unknown as (name: string) => PgStatement).call(query, name)
    return {
      all: async (values) => (await statement.execute(values)) as Row[],
      get: async (values) => ((await statement.execute(values)) as Row[])[0],
      run: async (values) => ({ changes: changes(await statement.execute(values)) }),
    }
  }
  const statement = query.prepare()
  return {
    all: async (values) => statement.all(values) as Row[],
    get: async (values) => statement.get(values) as Row | undefined,
    run: async (values) => ({ changes: changes(statement.run(values)) }),
  }
}
