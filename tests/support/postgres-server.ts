/**
 * Vitest's global setup: one throwaway PostgreSQL server for the run (db/pg-server.ts), removed
 * at its end. A test file makes databases of its own in it (`newPgDatabase`).
 */
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { startPgServer } from '../../db/pg-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server, as the address of its `postgres` database. */
    postgresUrl: string
  }
}

export default async function startRunPostgres(project: TestProject) {
  const server = await startPgServer()
  project.provide('postgresUrl', server.url)
  return () => server.stop()
}

let made = 0

/** The database the API suite on PostgreSQL copies for each test server (tests/support/postgres-base.ts). */
export const PG_SEEDED_TEMPLATE = 'portal_seeded'

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates the database `name` in the server at `serverUrl` (a copy of `template` if given); its address. */
export async function createPgDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * A new database in the run's PostgreSQL server; its address. Empty, or with `seeded` a copy of the
 * run's seeded demo database (only in the API suite on PostgreSQL, whose set-up makes it).
 */
export async function newPgDatabase(prefix: string, { seeded = false }: { seeded?: boolean } = {}): Promise<string> {
  const name = `${prefix}_${process.pid}_${++made}`
  return createPgDatabase(inject('postgresUrl'), name, seeded ? PG_SEEDED_TEMPLATE : undefined)
}

/** Drops a database made by `newPgDatabase`, closing what is still connected to it. */
export async function dropPgDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  await onServer(inject('postgresUrl'), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}
