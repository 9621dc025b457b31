/**
 * db/tables.ts as `npm run db:schema:pg` writes it: every table of db/schema.ts, taken from the
 * schema of the process's engine (db/engine.ts). The licensing API imports its tables from there, so
 * each engine's drizzle driver builds SQL only from tables of its own dialect. The tables are typed
 * as SQLite's: the PostgreSQL ones have the same names, columns and JavaScript types.
 */
import { is } from 'drizzle-orm'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'

const HEADER = `/**
 * The tables of the process's engine (db/engine.ts), written by \`npm run db:schema:pg\` (db/tables-source.ts).
 * Do not edit. Code that builds SQL for the licensing API imports its tables from here, not from db/schema.ts.
 */`

export function tablesSource(tables: Record<string, unknown>): string {
  const names = Object.entries(tables)
    .filter(([, table]) => is(table, SQLiteTable))
    .map(([name]) => name)
    .sort((a, b) => a.localeCompare(b))
  return [
    HEADER,
    `import { ENGINE } from './engine'`,
    `import * as sqlite from './schema'`,
    `import * as postgres from './schema.pg'`,
    '',
    `const tables = (ENGINE === 'postgres' ? postgres : sqlite) as unknown as typeof sqlite`,
    '',
    ...names.map((name) => `export const ${name} = tables.${name}`),
    '',
  ].join('\n')
}
