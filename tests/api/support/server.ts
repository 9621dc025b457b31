/** Starts the API (and embedded identity provider) on a free port with a fresh copy of the seeded database. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { closeDatabase, openDatabase, type Db } from '../../../db/client'
import { ENGINE } from '../../../db/engine'
import * as schema from '../../../db/schema'
import { loadConfig } from '../../../server/config'
import { startServer, type RunningServer, type ServerOptions } from '../../../server/app'
import { copyBaseDatabase } from '../../support/base-database'
import { dropPgDatabase, newPgDatabase } from '../../support/postgres-server'
import { freePort } from '../../../server/free-port'

export { freePort }

export interface TestServer extends RunningServer {
  /** The temporary directory holding the database; removed on close. */
  dir: string
  /**
   * A connection of the test's own to the server's database, which reads and writes as another
   * process would (the server's own handle only reads: its writes go through its transactions).
   */
  db: Db
}

/**
 * Without the portal unless `options.portal` (which needs `npm run build`); the portal is then at its public address.
 * On the process's engine: a copy of the seeded database in a file, or in a database of the run's PostgreSQL server.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'))
  const port = await freePort()
  const databasePath = path.join(dir, 'portal.db')
  const databaseUrl = ENGINE === 'postgres' ? await newPgDatabase('api', { seeded: options.seed !== false }) : ''
  if (options.seed !== false && !databaseUrl) copyBaseDatabase(databasePath)
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    DATABASE_URL: databaseUrl,
    LOG_REQUESTS: '0',
    PORTAL_ENVIRONMENT: 'dev',
    API_CHECK_REPLIES: '1',
    ...(options.portal ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...env,
  })
  const running = await startServer(config, { portal: false, ...options })
  const own = databaseUrl ? await openDatabase(config) : ownSqliteConnection(databasePath)
  return {
    ...running,
    dir,
    db: own,
    async close() {
      await running.close()
      await closeDatabase(own)
      if (databaseUrl) await dropPgDatabase(databaseUrl)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function ownSqliteConnection(file: string): Db {
  const own = new Database(file)
  own.pragma('busy_timeout = 5000')
  own.pragma('foreign_keys = ON')
  return drizzle(own, { schema }) as Db
}

export interface Reply<T = unknown> {
  http: number
  body: { status: 'SUCCESS' | 'FAILURE'; data?: T; token?: string; err?: string }
}

/** Calls the API at `baseUrl` with a bearer token; POST when a body is given. */
export function apiClient(baseUrl: string, token?: string) {
  async function call<T = unknown>(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: Reply<T>['body']
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`${method} ${route}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`)
    }
    return { http: res.status, body: parsed, headers: res.headers } as Reply<T> & { headers: Headers }
  }
  return {
    get: <T = unknown>(route: string) => call<T>('GET', route),
    post: <T = unknown>(route: string, body: unknown = {}, headers?: Record<string, string>) =>
      call<T>('POST', route, body, headers),
    call,
  }
}

/** Every page of a list call, followed through its tokens; each answer must be a 200. */
export async function allPages<Row>(api: ReturnType<typeof apiClient>, path: string, body: Record<string, unknown>) {
  const rows: Row[] = []
  let token: string | undefined
  let pages = 0
  do {
    const r = await api.post<Row[]>(path, { ...body, ...(token ? { token } : {}) })
    if (r.http !== 200) throw new Error(`${path}: HTTP ${r.http} ${JSON.stringify(r.body)}`)
    rows.push(...r.body.data!)
    token = r.body.token
    pages++
  } while (token)
  return { rows, pages }
}
