/** db/schema.pg.ts as `npm run db:schema:pg` writes it: the generated source, formatted as the project formats code. */
import prettier from 'prettier'
import { projectPath } from '../server/project-root'
import { pgSchemaSource } from './pg-schema-source'

export const PG_SCHEMA_FILE = projectPath('db', 'schema.pg.ts')

export async function formattedPgSchema(tables: Record<string, unknown>): Promise<string> {
  const options = await prettier.resolveConfig(PG_SCHEMA_FILE)
  return prettier.format(pgSchemaSource(tables), { ...options, filepath: PG_SCHEMA_FILE })
}
