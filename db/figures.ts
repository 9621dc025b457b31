/**
 * A whole database in figures: each table's row count and the sums of its numeric columns, on
 * either engine, to show that a copy, a backup or a restore lost nothing.
 */
import type Database from 'better-sqlite3'
import pg from 'pg'
import { quoted, type PortalTable } from './portal-tables'

export interface DatabaseFigures {
  /** Rows per table. */
  rows: Record<string, number>
  /** The sum of each numeric column, as 'table.column'. */
  sums: Record<string, number>
}

function figuresQuery(table: PortalTable, sum: (column: string) => string) {
  const columns = ['count(*) AS "rows"', ...table.numeric.map((c, i) => `${sum(quoted(c))} AS s${i}`)]
  return `SELECT ${columns.join(', ')} FROM ${quoted(table.name)}`
}

function record(figures: DatabaseFigures, table: PortalTable, row: Record<string, unknown>) {
  figures.rows[table.name] = Number(row.rows)
  table.numeric.forEach((c, i) => (figures.sums[`${table.name}.${c}`] = Number(row[`s${i}`] ?? 0)))
}

export function sqliteFigures(db: Database.Database, tables: PortalTable[]): DatabaseFigures {
  const figures: DatabaseFigures = { rows: {}, sums: {} }
  for (const table of tables)
    record(figures, table, db.prepare(figuresQuery(table, (c) => `total(${c})`)).get() as Record<string, unknown>)
  return figures
}

export async function pgFigures(client: pg.ClientBase, tables: PortalTable[]): Promise<DatabaseFigures> {
  const figures: DatabaseFigures = { rows: {}, sums: {} }
  for (const table of tables) {
    // A bigint's sum is numeric: read as text, it stays exact.
    const { rows } = await client.query(figuresQuery(table, (c) => `coalesce(sum(${c}), 0)::text`))
    record(figures, table, rows[0] as Record<string, unknown>)
  }
  return figures
}

/**
 * What differs between two databases' figures, in words; none when they agree. Sums of real
 * columns may differ in their last digits when added in another order, so they agree within one
 * part in 10^12.
 */
export function figuresDiffer(expected: DatabaseFigures, actual: DatabaseFigures): string[] {
  const differences: string[] = []
  for (const [table, n] of Object.entries(expected.rows)) {
    const other = actual.rows[table]
    if (other === undefined) differences.push(`${table}: no such table (${n} rows expected)`)
    else if (other !== n) differences.push(`${table}: ${other} rows, not ${n}`)
  }
  for (const [column, sum] of Object.entries(expected.sums)) {
    const other = actual.sums[column]
    if (other === undefined) differences.push(`${column}: no such column`)
    else if (Math.abs(other - sum) > Math.abs(sum) * 1e-12) differences.push(`${column}: sum ${other}, not ${sum}`)
  }
  return differences
}

/** The figures of the PostgreSQL database at `url`. */
export async function pgDatabaseFigures(url: string, tables: PortalTable[]): Promise<DatabaseFigures> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await pgFigures(client, tables)
  } finally {
    await client.end()
  }
}
