/**
 * Vitest's global setup of the API suite on PostgreSQL: the run's seeded demo database
 * (tests/support/base-database.ts) copied into the run's PostgreSQL server
 * (tests/support/postgres-server.ts) as a template, from which each test server's database is made
 * (`newPgDatabase(prefix, { seeded: true })`, a file copy in the server).
 */
import type { TestProject } from 'vitest/node'
import { copySqliteToPostgres } from '../../db/copy'
import { createPgDatabase, PG_SEEDED_TEMPLATE } from './postgres-server'

export default async function buildPostgresBase(project: TestProject) {
  const { baseDatabase, postgresUrl } = project.getProvidedContext()
  const url = await createPgDatabase(postgresUrl, PG_SEEDED_TEMPLATE)
  await copySqliteToPostgres(baseDatabase, url)
}
