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

/** A new, empty database in the run's PostgreSQL server; its address. */
export async function newPgDatabase(prefix: string): Promise<string> {
  const serverUrl = inject('postgresUrl')
  const name = `${prefix}_${process.pid}_${++made}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
