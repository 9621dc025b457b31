/**
 * What every bench scenario needs around its measurement: a production server
 * on a database of its own (a file, or PostgreSQL's; built portal, free port, production env),
 * signed in through the real flow, and stopped again whatever happens (signals,
 * errors, a hard timeout for the whole run). Also the server's own figures read
 * from Linux /proc: CPU time and resident memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../tests/support/compiled-server'
import { portalSignIn } from '../tests/support/sign-in'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The demo user the benches sign in as; they see customer 1000001. */
export const BENCH_USER = 'admin@acme.example'
export const BENCH_PASSWORD = 'demo'
export const BENCH_CUSTOMER = '1000001'

/** A failure before or around the measurement (exit code 2), reported by its message alone. */
export class SetupError extends Error {}

export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`)

export function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Checks that the production build (portal and server) exists (running `npm run build` first when `rebuild`). */
export function ensureBuild(rebuild: boolean) {
  const buildFile = path.join(ROOT, 'build/index.js')
  if (rebuild) {
    log('building the portal and the server (npm run build)')
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2], timeout: 5 * 60_000 })
    if (built.status !== 0) throw new SetupError('npm run build failed')
  }
  for (const file of ['build/index.js', SERVER_ENTRY]) {
    if (!fs.existsSync(path.join(ROOT, file))) {
      throw new SetupError(`${file} is missing: run \`npm run build\` first (or pass --build).`)
    }
  }
  const age = Date.now() - fs.statSync(buildFile).mtimeMs
  log(`using the existing build/index.js (built ${Math.round(age / 60_000)} min ago; pass --build to rebuild)`)
}

export interface ServerEnv {
  env: NodeJS.ProcessEnv
  baseUrl: string
}

/**
 * The environment of a production server on `databasePath` (or the PostgreSQL database `databaseUrl`),
 * on a free port of 127.0.0.1, with the embedded API and provider. `publicUrl` puts it behind another
 * server's address, as instances behind one balancer are: the same issuer, so a sign-in on one holds on all.
 */
export async function serverEnv(
  databasePath: string,
  webConcurrency?: number,
  { databaseUrl = null, publicUrl }: { databaseUrl?: string | null; publicUrl?: string } = {},
): Promise<ServerEnv> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_REQUESTS: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl ?? baseUrl,
    DATABASE_PATH: databasePath,
  }
  for (const name of ['OIDC_ISSUER', 'API_BASE_URL', 'API_EMBEDDED', 'DATABASE_URL']) delete env[name]
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  if (webConcurrency !== undefined) env.WEB_CONCURRENCY = String(webConcurrency)
  return { env, baseUrl }
}

/** How long a seed run took: wall time and the CPU time (user + system) of its processes, in seconds. */
export interface SeedTime {
  seconds: number
  /** Null where /proc cannot tell (not Linux). */
  cpuSeconds: number | null
}

/** `npm run db:seed -- <args>` on the database of `env`, with its output on stderr. */
export function runSeed(env: NodeJS.ProcessEnv, args: string[], timeoutMs: number): SeedTime {
  const command = `npm run db:seed -- ${args.join(' ')}`
  log(`seeding: ${command}`)
  const started = Date.now()
  const cpuBefore = childrenCpuMs()
  const seeded = spawnSync('npm', ['run', 'db:seed', '--', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 2, 2],
    timeout: timeoutMs,
  })
  if (seeded.status !== 0) throw new SetupError(`${command} failed`)
  const cpuAfter = childrenCpuMs()
  const time: SeedTime = {
    seconds: Math.round((Date.now() - started) / 100) / 10,
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : Math.round((cpuAfter - cpuBefore) / 100) / 10,
  }
  log(`seeded in ${time.seconds} s (CPU ${time.cpuSeconds ?? '?'} s)`)
  return time
}

/** Signs in as a browser would (portal, identity provider's login form, callback); returns the session's Cookie header. */
export async function signIn(baseUrl: string, returnTo = '/home'): Promise<string> {
  const started = Date.now()
  try {
    const { cookie } = await portalSignIn(baseUrl, BENCH_USER, { password: BENCH_PASSWORD, returnTo })
    log(`signed in as ${BENCH_USER} in ${Date.now() - started} ms`)
    return cookie
  } catch (error) {
    throw new SetupError(`sign-in: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The server runs in its own process group (detached), so workers go too. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = Date.now()
  child.kill('SIGTERM')
  const graceful = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
  if (graceful) {
    log(`server stopped (SIGTERM) in ${Date.now() - started} ms`)
    return
  }
  log('server did not stop within 10 s of SIGTERM; sending SIGKILL to its process group')
  killGroup(child, 'SIGKILL')
  await Promise.race([exited, sleep(3000)])
}

/**
 * One bench run's resources: the servers it started and its temporary
 * directories, all released by `cleanup()`, on SIGINT/SIGTERM and, bluntly,
 * when the run exceeds `hardTimeoutMs` (exit code 2).
 */
export class BenchRun {
  private servers: ChildProcess[] = []
  private dirs: string[] = []
  private cleanedUp = false

  constructor(hardTimeoutMs: number) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        log(`${signal}: stopping`)
        void this.cleanup().finally(() => process.exit(130))
      })
    }
    const hardTimer = setTimeout(() => {
      log(`hard timeout after ${Math.round(hardTimeoutMs / 1000)} s`)
      for (const child of this.servers) killGroup(child, 'SIGKILL')
      this.removeDirs()
      process.exit(2)
    }, hardTimeoutMs)
    hardTimer.unref()
  }

  /** A fresh temporary directory, removed at clean-up. */
  tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
    this.dirs.push(dir)
    return dir
  }

  /** Starts the compiled server (`node build/server/index.js`) with `env` and waits for /healthz; its output goes to stderr. */
  async startServer({ env, baseUrl }: ServerEnv, nodeArgs: string[] = []): Promise<ChildProcess> {
    const args = [...nodeArgs, ...SERVER_NODE_ARGS]
    log(`starting: node ${args.join(' ')} (WEB_CONCURRENCY=${env.WEB_CONCURRENCY ?? 'default'})`)
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    this.servers.push(child)
    const forward = (stream: NodeJS.ReadableStream | null) =>
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`)
      })
    forward(child.stdout)
    forward(child.stderr)

    const started = Date.now()
    while (Date.now() - started < 120_000) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new SetupError(`the server exited during start-up (code ${child.exitCode ?? child.signalCode})`)
      }
      try {
        const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })
        if (res.ok) {
          log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
          return child
        }
      } catch {
        // Not listening yet.
      }
      // A timer that keeps this process alive: once the server has exited, nothing else may.
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new SetupError('the server did not answer /healthz within 120 s')
  }

  async cleanup() {
    if (this.cleanedUp) return
    this.cleanedUp = true
    for (const child of this.servers) await stopServer(child)
    this.removeDirs()
  }

  private removeDirs() {
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs a scenario's main function and exits with its code: 2 (and the message)
 * on a failure, after the run's clean-up in every case.
 */
export async function runAndExit(run: BenchRun, main: () => Promise<number>): Promise<never> {
  let code = 2
  try {
    code = await main()
  } catch (error) {
    log(error instanceof SetupError ? error.message : `failed: ${(error as Error)?.stack ?? String(error)}`)
    code = 2
  } finally {
    await run.cleanup()
  }
  process.exit(code)
}

/* ---------------------------------------------------------------- /proc */

/**
 * CPU time (user + system, ms) used so far by the process `root` and its
 * descendants (Linux /proc; null elsewhere). CPU per request is a steadier
 * figure than requests/s on a shared machine.
 */
export function processTreeCpuMs(root: number | undefined): number | null {
  if (!root || process.platform !== 'linux') return null
  const TICK_MS = 10 // USER_HZ is 100 on Linux
  const stats = new Map<number, { ppid: number; ms: number }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
      // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15.
      stats.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS })
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0
  const tree = new Set([root])
  for (let grew = true; grew;) {
    grew = false
    for (const [pid, st] of stats) {
      if (!tree.has(pid) && tree.has(st.ppid)) {
        tree.add(pid)
        grew = true
      }
    }
  }
  for (const pid of tree) total += stats.get(pid)?.ms ?? 0
  return total
}

/**
 * CPU time (user + system, ms) of this process's children that have ended and been waited for,
 * theirs included (cutime and cstime of /proc/self/stat; null elsewhere): what a finished
 * spawnSync used, measured as the difference around it.
 */
export function childrenCpuMs(): number | null {
  if (process.platform !== 'linux') return null
  const TICK_MS = 10
  const text = fs.readFileSync('/proc/self/stat', 'utf8')
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is state (field 3); cutime is field 16, cstime 17.
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS
}

/** Resident memory of one process in MB (VmRSS of /proc/<pid>/status), or null when it cannot be read. */
export function processRssMb(pid: number | undefined): number | null {
  if (!pid || process.platform !== 'linux') return null
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? null : Number(kb) / 1024
  } catch {
    return null
  }
}
