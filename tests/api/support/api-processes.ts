import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { clearTokenCache } from '../../support/tokens'
import { freePort, startTestServer, type TestServer } from './server'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ApiProcess {
  child: ChildProcess
  url: string
}

/**
 * Another API process on the test server's database (its SQLite file or PostgreSQL database), as in
 * production (a cluster of workers on one file, or instances on one PostgreSQL), so requests really
 * run at the same time.
 * It trusts the same issuer, so the test server's tokens are valid here too.
 * `env` adds to its configuration (e.g. the mail server it delivers to); with `portal`, it serves the
 * portal too (the build must be current: tests/api/support/portal.ts).
 */
export async function startApiProcess(
  server: TestServer,
  env: Record<string, string> = {},
  { portal = false }: { portal?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort()
  const code = `(async () => {
    const { loadConfig } = await import(${JSON.stringify(path.join(root, 'server/config.ts'))})
    const { startServer } = await import(${JSON.stringify(path.join(root, 'server/app.ts'))})
    await startServer(loadConfig(), { portal: ${portal} })
    console.log('READY')
  })().catch((e) => { console.error(e); process.exit(1) })`
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--eval', code], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: server.config.databasePath,
      DATABASE_URL: server.config.databaseUrl ?? '',
      PUBLIC_URL: server.config.publicUrl,
      LOG_REQUESTS: '0',
      PORTAL_ENVIRONMENT: 'dev',
      ...env,
    },
    // Its log goes to the run's output: a pipe nobody reads would stop the process once it filled.
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('extra API server did not start')), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`extra API server exited (${code})`)))
  })
  return { child, url: `http://127.0.0.1:${port}` }
}

export async function stopApiProcesses(processes: ApiProcess[]) {
  for (const { child } of processes) {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  }
}

export interface ApiCluster {
  /** The test server (its database, its issuer). */
  readonly server: TestServer
  /** The test server's address first, then the other processes'. */
  readonly urls: string[]
}

/** A test server and two more API processes on its database file, for the tests of one file. */
export function useApiCluster(): ApiCluster {
  let server: TestServer | undefined
  const extra: ApiProcess[] = []
  beforeAll(async () => {
    server = await startTestServer()
    extra.push(...(await Promise.all([startApiProcess(server), startApiProcess(server)])))
  }, 90_000)
  afterAll(async () => {
    await stopApiProcesses(extra)
    clearTokenCache()
    await server?.close()
  })
  return {
    get server() {
      if (!server) throw new Error('the cluster starts before the tests')
      return server
    },
    get urls() {
      return [this.server.url, ...extra.map((e) => e.url)]
    },
  }
}
