/**
 * `npm run db:schema:pg`: writes db/schema.pg.ts and db/tables.ts from db/schema.ts, then makes PostgreSQL's
 * migration for what changed (drizzle-kit, drizzle.pg.config.ts). Run it after changing the schema
 * and making SQLite's migration; `npm run db:schema:pg -- <name>` names the migration as SQLite's is named.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import * as schema from '../db/schema'
import { formattedPgSchema, formattedTables, PG_SCHEMA_FILE, TABLES_FILE } from '../db/pg-schema-file'

fs.writeFileSync(PG_SCHEMA_FILE, await formattedPgSchema(schema))
fs.writeFileSync(TABLES_FILE, await formattedTables(schema))
const name = process.argv[2]
execFileSync(
  'npx',
  ['drizzle-kit', 'generate', '--config', 'drizzle.pg.config.ts', ...(name ? ['--name', name] : [])],
  {
    stdio: 'inherit',
  },
)
