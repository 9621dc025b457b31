/** The files `npm run db:schema:pg` writes from db/schema.ts, formatted as the project formats code. */
import prettier from 'prettier'
import { projectPath } from '../server/project-root'
import { pgSchemaSource } from './pg-schema-source'
import { tablesSource } from './tables-source'

export const PG_SCHEMA_FILE = projectPath('db', 'schema.pg.ts')
export const TABLES_FILE = projectPath('db', 'tables.ts')

async function formatted(source: string, file: string) {
  const options = await prettier.resolveConfig(file)
  return prettier.format(source, { ...options, filepath: file })
}

export async function formattedPgSchema(tables: Record<string, unknown>): Promise<string> {
  return formatted(pgSchemaSource(tables), PG_SCHEMA_FILE)
}

export async function formattedTables(tables: Record<string, unknown>): Promise<string> {
  return formatted(tablesSource(tables), TABLES_FILE)
}
