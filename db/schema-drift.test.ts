/**
 * The two engines' schemas cannot drift apart: db/schema.pg.ts is what db/schema.ts writes today,
 * and a PostgreSQL database migrated with db/migrations-pg has the same tables, columns (of the
 * corresponding types and nullability), keys, indexes, checks and triggers as a SQLite database
 * migrated with db/migrations. Either fails when a change to the schema was not followed by
 * `npm run db:schema:pg`, or one engine's migration was written by hand without the other's.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from './client'
import { openPg } from './pg-client'
import { formattedPgSchema, formattedTables, PG_SCHEMA_FILE, TABLES_FILE } from './pg-schema-file'
import * as schema from './schema'
import { newPgDatabase } from '../tests/support/postgres-server'

interface Shape {
  columns: string[]
  primaryKey: string[]
  indexes: string[]
  foreignKeys: string[]
  checks: string[]
  triggers: string[]
}

const TYPE_OF_SQLITE: Record<string, string> = { INTEGER: 'integer', TEXT: 'text', REAL: 'real' }
const TYPE_OF_PG: Record<string, string> = {
  bigint: 'integer',
  text: 'text',
  jsonb: 'text',
  'double precision': 'real',
}

function sqliteShape(file: string): Record<string, Shape> {
  const db = new Database(file, { readonly: true })
  try {
    const all = <T>(query: string, ...params: unknown[]) => db.prepare(query).all(...params) as T[]
    const tables = all<{ name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name`,
    )
    const shapes: Record<string, Shape> = {}
    for (const { name, sql } of tables) {
      const columns = all<{ name: string; type: string; notnull: number; pk: number }>(
        `SELECT name, type, "notnull", pk FROM pragma_table_info(?)`,
        name,
      )
      shapes[name] = {
        columns: columns
          .map((c) => `${c.name} ${TYPE_OF_SQLITE[c.type]}${c.notnull || c.pk ? ' not null' : ''}`)
          .sort(),
        primaryKey: columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        indexes: all<{ name: string; unique: number; origin: string }>(
          `SELECT name, "unique", origin FROM pragma_index_list(?)`,
          name,
        )
          .filter((i) => i.origin !== 'pk')
          .map(
            (i) =>
              `${
                i.origin === 'u'
                  ? `${name}_${all<{ name: string }>(`SELECT name FROM pragma_index_info(?)`, i.name)
                      .map((c) => c.name)
                      .join('_')}_unique`
                  : i.name
              }${i.unique ? ' unique' : ''}`,
          )
          .sort(),
        foreignKeys: all<{ from: string; table: string; to: string; on_delete: string }>(
          `SELECT "from", "table", "to", on_delete FROM pragma_foreign_key_list(?)`,
          name,
        )
          .map((f) => `${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete.toLowerCase()}`)
          .sort(),
        checks: [...sql.matchAll(/CONSTRAINT "([^"]+)" CHECK/g)].map((m) => m[1]).sort(),
        triggers: all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`, name)
          .map((t) => t.name)
          .sort(),
      }
    }
    return shapes
  } finally {
    db.close()
  }
}

async function pgShape(url: string): Promise<Record<string, Shape>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await client.query<T>(text, values)).rows
    const tables = await rows<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
    const shapes: Record<string, Shape> = {}
    for (const { name } of tables) {
      const columns = await rows<{ name: string; type: string; notnull: boolean }>(
        `SELECT column_name AS name, data_type AS type, is_nullable = 'NO' AS notnull
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [name],
      )
      const constraints = await rows<{ name: string; type: string; definition: string; columns: string[] }>(
        `SELECT c.conname AS name, c.contype AS type, pg_get_constraintdef(c.oid) AS definition,
                array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns
           FROM pg_constraint c WHERE c.conrelid = $1::regclass`,
        [`public."${name}"`],
      )
      const indexes = await rows<{ name: string; unique: boolean }>(
        `SELECT i.relname AS name, x.indisunique AS unique FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          WHERE x.indrelid = $1::regclass AND NOT x.indisprimary`,
        [`public."${name}"`],
      )
      const triggers = await rows<{ name: string }>(
        `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal`,
        [`public."${name}"`],
      )
      shapes[name] = {
        columns: columns.map((c) => `${c.name} ${TYPE_OF_PG[c.type]}${c.notnull ? ' not null' : ''}`).sort(),
        primaryKey: constraints.find((c) => c.type === 'p')?.columns ?? [],
        indexes: indexes.map((i) => `${i.name}${i.unique ? ' unique' : ''}`).sort(),
        foreignKeys: constraints
          .filter((c) => c.type === 'f')
          .map((c) => {
            const [, table, to] = /REFERENCES (\w+)\((\w+)\)/.exec(c.definition) ?? []
            const onDelete = /ON DELETE (CASCADE|SET NULL|RESTRICT|SET DEFAULT)/.exec(c.definition)?.[1] ?? 'NO ACTION'
            return `${c.columns[0]} -> ${table}.${to} on delete ${onDelete.toLowerCase()}`
          })
          .sort(),
        checks: constraints
          .filter((c) => c.type === 'c')
          .map((c) => c.name)
          .sort(),
        triggers: triggers.map((t) => t.name).sort(),
      }
    }
    return shapes
  } finally {
    await client.end()
  }
}

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-drift-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the PostgreSQL schema', () => {
  it('is what db/schema.ts writes today (run npm run db:schema:pg after changing it)', async () => {
    expect(fs.readFileSync(PG_SCHEMA_FILE, 'utf8')).toBe(await formattedPgSchema(schema))
  })

  it('and the tables chosen by engine (db/tables.ts) list every table of db/schema.ts', async () => {
    expect(fs.readFileSync(TABLES_FILE, 'utf8')).toBe(await formattedTables(schema))
  })

  it('migrates to the same tables, columns, keys, indexes, checks and triggers as SQLite', async () => {
    const file = path.join(dir, 'portal.db')
    openDb(file).$client.close()
    const url = await newPgDatabase('drift')
    await (await openPg(url)).$client.end()
    const sqlite = sqliteShape(file)
    const postgres = await pgShape(url)
    expect(Object.keys(postgres)).toEqual(Object.keys(sqlite))
    expect(Object.keys(sqlite).length).toBeGreaterThan(30)
    for (const table of Object.keys(sqlite)) expect(postgres[table], table).toEqual(sqlite[table])
  })
})
