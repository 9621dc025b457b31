/**
 * The benches' PostgreSQL servers (`--db postgres`, db/pg-server.ts), each stopped when this process
 * exits, after the servers under test (a run's clean-up stops those before it exits):
 *
 * - the home bench's: a throwaway cluster with an empty database, which the first server seeds;
 * - the data benches': the cluster kept in data/bench-cache/postgres/ (git-ignored), holding a copy of
 *   each cached SQLite database as a database named after its cache (scripts/bench-cache.ts). It is
 *   one cluster for every cache, started before a scenario's modules load: loading them chooses this
 *   process's engine (db/engine.ts reads DATABASE_URL), and a cache's name comes from them (the
 *   generator's version in db/seed-usage-scale.ts).
 *
 * Nothing here may load db/engine.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { startPgServer, type PgServer } from '../db/pg-server'
import { log, ROOT, SetupError } from './bench-server'

/** The data directory of the data benches' cluster. */
export const BENCH_CLUSTER_DIR = path.join(ROOT, 'data/bench-cache/postgres')
/** The home bench's database in its throwaway cluster. */
const HOME_DATABASE = 'portal'

/** Starts a cluster (kept in BENCH_CLUSTER_DIR, or thrown away) that stops when this process exits. */
async function startCluster(dataDir?: string): Promise<PgServer> {
  const started = Date.now()
  let server: PgServer
  try {
    server = await startPgServer({ dataDir })
  } catch (error) {
    throw new SetupError((error as Error).message)
  }
  log(`PostgreSQL ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${dataDir ?? 'throwaway cluster'})`)
  process.once('exit', () => {
    try {
      server.stop()
    } catch (error) {
      log(`PostgreSQL did not stop: ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`)
    }
  })
  return server
}

/** The data benches' cluster, on its kept data directory (made on first use). */
export function startBenchCluster(): Promise<PgServer> {
  return startCluster(BENCH_CLUSTER_DIR)
}

/** A throwaway cluster with an empty database; the database's address. */
export async function freshPostgresDatabase(): Promise<{ server: PgServer; url: string }> {
  const server = await startCluster()
  await onServer(server, (client) => client.query(`CREATE DATABASE ${HOME_DATABASE}`))
  return { server, url: server.urlOf(HOME_DATABASE) }
}

/** Runs `work` on a connection to the server's `postgres` database. */
export async function onServer<T>(server: PgServer, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function databaseExists(server: PgServer, name: string): Promise<boolean> {
  const found = await onServer(server, (client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]))
  return found.rowCount === 1
}

/** Drops the database `name` if it exists (closing its connections) and creates it empty. */
export async function recreateDatabase(server: PgServer, name: string): Promise<void> {
  const quoted = `"${name.replaceAll('"', '""')}"`
  await onServer(server, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${quoted}`)
  })
}

/** The pid of the cluster's postmaster (its sessions are its children), for the CPU the database uses. */
export function postmasterPid(server: PgServer): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
