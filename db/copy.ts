/**
 * `npm run db:copy`: moves a SQLite database of the portal into PostgreSQL without losing a row.
 * The target is migrated to the same schema; every table is copied in batches, parents before the
 * tables that reference them, in one transaction; identity counters continue after the copied
 * ids (the triggers that keep change stamps are off meanwhile: the stamps are copied too); then each table's row count and the sums of its numeric columns are compared on both sides
 * and the copy is rolled back on any difference. A target that holds data is refused unless
 * `replace` is asked for.
 */
import Database from 'better-sqlite3'
import type pg from 'pg'
import { openPg } from './pg-client'
import { figuresDiffer, pgFigures, sqliteFigures, type DatabaseFigures } from './figures'
import { portalTables, quoted, type PortalTable } from './portal-tables'

export class CopyError extends Error {}

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000
const MAX_BATCH_ROWS = 2_000

async function copyTable(source: Database.Database, client: pg.PoolClient, table: PortalTable): Promise<number> {
  const names = table.columns.map(quoted).join(', ')
  const batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)))
  const rows = source
    .prepare(`SELECT ${names} FROM ${quoted(table.name)} ORDER BY rowid`)
    .raw()
    .iterate()
  let batch: unknown[][] = []
  let copied = 0
  const flush = async () => {
    if (batch.length === 0) return
    const width = table.columns.length
    const values = batch.map((_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`)
    await client.query(`INSERT INTO ${quoted(table.name)} (${names}) VALUES ${values.join(', ')}`, batch.flat())
    copied += batch.length
    batch = []
  }
  for (const row of rows as IterableIterator<unknown[]>) {
    batch.push(row)
    if (batch.length >= batchRows) await flush()
  }
  await flush()
  if (table.identity) {
    const column = quoted(table.identity)
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${column}) FROM ${quoted(table.name)}), 0) + 1, false)`,
      [quoted(table.name), table.identity],
    )
  }
  return copied
}

export interface CopyResult {
  tables: number
  rows: number
  figures: DatabaseFigures
}

/** Copies the SQLite database `file` into the PostgreSQL database at `url`. */
export async function copySqliteToPostgres(
  file: string,
  url: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<CopyResult> {
  const tables = portalTables()
  const source = new Database(file, { readonly: true, fileMustExist: true })
  const target = await openPg(url, { max: 1 })
  const client = await target.$client.connect()
  try {
    const sourceFigures = sqliteFigures(source, tables)
    await client.query('BEGIN')
    const existing = await pgFigures(client, tables)
    const filled = Object.entries(existing.rows).filter(([, n]) => n > 0)
    if (filled.length > 0 && !replace)
      throw new CopyError(
        `the PostgreSQL database holds data already (${filled.reduce((n, [, rows]) => n + rows, 0)} rows in ${filled.length} tables): pass --replace to overwrite it`,
      )
    if (filled.length > 0) await client.query(`TRUNCATE ${tables.map((t) => quoted(t.name)).join(', ')} CASCADE`)
    // The rows are copied as they are: the triggers that keep the change stamps would count the copy as changes.
    const triggers = async (state: 'DISABLE' | 'ENABLE') => {
      for (const table of tables) await client.query(`ALTER TABLE ${quoted(table.name)} ${state} TRIGGER USER`)
    }
    await triggers('DISABLE')
    let rows = 0
    for (const table of tables) rows += await copyTable(source, client, table)
    await triggers('ENABLE')
    const copied = await pgFigures(client, tables)
    const differences = figuresDiffer(sourceFigures, copied)
    if (differences.length > 0) throw new CopyError(`the copy differs from the source: ${differences.join('; ')}`)
    await client.query('COMMIT')
    // Statistics for the planner at once, rather than whenever autovacuum gets to the new rows.
    await client.query('ANALYZE')
    return { tables: tables.length, rows, figures: copied }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
    await target.$client.end()
    source.close()
  }
}
