/**
 * The portal's tables as db/schema.ts declares them, in an order where every table comes after
 * the tables it references (the order a copy inserts them in), with what copies and comparisons
 * of whole databases need to know of each.
 */
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { is } from 'drizzle-orm'
import * as schema from './schema'

export interface PortalTable {
  name: string
  columns: string[]
  /** The integer and real columns: their sums are compared. */
  numeric: string[]
  /** The column of a single integer primary key that references no other table (numbered by the database when no id is given). */
  identity: string | null
  parents: string[]
}

export function portalTables(tables: Record<string, unknown> = schema): PortalTable[] {
  const all = Object.values(tables)
    .filter((t): t is SQLiteTable => is(t, SQLiteTable))
    .map((table) => {
      const config = getTableConfig(table)
      const pk = config.columns.filter((c) => c.primary)
      const referencing = new Set(config.foreignKeys.flatMap((f) => f.reference().columns.map((c) => c.name)))
      return {
        name: config.name,
        columns: config.columns.map((c) => c.name),
        numeric: config.columns.filter((c) => /^SQLite(Integer|Real)$/.test(c.columnType)).map((c) => c.name),
        identity:
          pk.length === 1 && pk[0].columnType === 'SQLiteInteger' && !referencing.has(pk[0].name) ? pk[0].name : null,
        parents: config.foreignKeys
          .map((f) => getTableConfig(f.reference().foreignTable).name)
          .filter((parent) => parent !== config.name),
      }
    })
  const ordered: PortalTable[] = []
  const placed = new Set<string>()
  while (ordered.length < all.length) {
    const ready = all.filter((t) => !placed.has(t.name) && t.parents.every((p) => placed.has(p)))
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle')
    for (const t of ready.sort((a, b) => a.name.localeCompare(b.name))) {
      ordered.push(t)
      placed.add(t.name)
    }
  }
  return ordered
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
