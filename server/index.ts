/**
 * Process entry. WEB_CONCURRENCY (default: the number of CPUs) picks how many
 * processes serve requests:
 *
 *   1   one process does everything (startServer: migrate, seed, listen).
 *   N>1 a primary prepares the database once (migrations, demo seed, the
 *       embedded provider's signing keys, the build text) and forks N workers
 *       (node:cluster); the workers listen on the port and node:cluster hands
 *       out the connections. Each worker is a complete
 *       server on the same SQLite file (WAL); sessions, sign-in state, rate
 *       limits and signing keys live in the database, so any worker can serve
 *       any request. A worker that dies is replaced.
 *
 * SIGTERM / SIGINT stop everything promptly: the primary forwards the signal,
 * waits for the workers (SIGKILL after SHUTDOWN_GRACE_MS) and exits.
 */
import { closeDatabase } from '../db/client'
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { loadConfig } from './config'

const SHUTDOWN_GRACE_MS = 8_000
/**
 * Young-generation size for workers. A page render allocates a lot of short-lived
 * objects; 32 MB semi-spaces (Node 20 default: 16) cut GC from ~8.5 % to ~6.5 %
 * of a worker's CPU in `npm run bench`. A value in NODE_OPTIONS or on the command line wins.
 */
const WORKER_SEMI_SPACE_MB = 32
/** A worker that dies sooner than this after its start counts as a crash loop. */
const QUICK_DEATH_MS = 10_000
const MAX_QUICK_DEATHS = 5

function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra })
  if (level === 'info') console.log(line)
  else console.error(line)
}

function workerCount(raw: string | undefined): number {
  const cpus = os.availableParallelism()
  if (raw === undefined || raw.trim() === '') return cpus
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) {
    log('warn', `WEB_CONCURRENCY must be a whole number >= 1, got '${raw}'; using ${cpus}`)
    return cpus
  }
  return n
}

function onStopSignal(handler: (signal: NodeJS.Signals) => void) {
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      handler(signal)
    })
  }
}

/** One server in this process; used alone (WEB_CONCURRENCY=1) and by every worker. */
async function serve(options: { seed: boolean; announce: boolean }) {
  const config = loadConfig()
  const { startServer } = await import('./app')
  const running = await startServer(config, { seed: options.seed })
  if (options.announce) {
    log('info', `Licensing portal listening on ${config.publicUrl}`, { environment: config.environment, processes: 1 })
  }
  const close = async () => {
    // Bounded: a stuck close must not keep the process (and Playwright) waiting.
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS - 1000).unref()
    await running.close().catch((error) => log('error', 'close failed', { error: String(error) }))
    process.exit(0)
  }
  onStopSignal(() => void close())
  // A worker whose primary goes away exits by itself (node:cluster does that).
}

/** Primary: prepare the database once, then fork and supervise the workers. */
async function primary(workers: number) {
  // Only what preparing the database needs: the primary serves no requests.
  const [
    { openDatabase, whilePreparingDatabase },
    { ensureSeeded },
    { loadSigningKeys },
    { describeBuild },
    checkpoints,
    { gatherWorkerMetrics },
  ] = await Promise.all([
    import('../db/client'),
    import('../db/seed'),
    import('./oidc/keys'),
    import('../api/meta'),
    import('../db/wal-checkpoints'),
    import('./metrics/cluster'),
  ])
  const config = loadConfig()
  const db = await openDatabase(config)
  try {
    await whilePreparingDatabase(db, () => ensureSeeded(db))
    if (config.embeddedOidc) await loadSigningKeys(db, config.oidcJwks)
  } catch (error) {
    await closeDatabase(db)
    throw error
  }
  // The primary keeps its connection to checkpoint the log for the workers (db/wal-checkpoints.ts).
  const stopCheckpoints = checkpoints.startWalCheckpoints(db, (error) =>
    log('warn', 'WAL checkpoint failed', { error: String(error) }),
  )
  // A worker asked for /metrics gets every worker's figures through the primary.
  gatherWorkerMetrics()
  // Same build text (with one start time) from every worker.
  const env: Record<string, string> = { [checkpoints.CHECKPOINTS_BY_PRIMARY]: '1' }
  if (config.embeddedApi && !config.buildInfo) env.BUILD_INFO = describeBuild(config)

  const semiSpaceSet = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) =>
    a.includes('max-semi-space-size'),
  )
  if (!semiSpaceSet)
    cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`] })

  let stopping = false
  let serving = false
  let quickDeaths = 0
  const startedAt = new Map<Worker, number>()
  const fork = () => {
    const worker = cluster.fork(env)
    startedAt.set(worker, Date.now())
    return worker
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) return
    if (!serving) {
      // A failure while starting (missing build, port taken ...) would only repeat.
      log('error', 'a worker failed to start', { pid: worker.process.pid, code, signal })
      void stop(1)
      return
    }
    log('error', 'worker exited; starting another', { pid: worker.process.pid, code, signal })
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      log('error', `workers keep dying within ${QUICK_DEATH_MS / 1000} s of starting; giving up`)
      void stop(1)
      return
    }
    fork()
  })

  const stop = async (exitCode: number) => {
    stopping = true
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())
    const exited = Promise.all(alive.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve()))))
    for (const w of alive) w.process.kill('SIGTERM')
    const timer = setTimeout(() => {
      log('warn', `workers still running ${SHUTDOWN_GRACE_MS / 1000} s after SIGTERM; killing them`)
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL')
    }, SHUTDOWN_GRACE_MS)
    await exited
    clearTimeout(timer)
    stopCheckpoints()
    await closeDatabase(db)
    process.exit(exitCode)
  }
  onStopSignal(() => void stop(0))

  // Serving once every worker listens; a worker that cannot listen (port taken ...) exits, which stops the server above.
  await new Promise<void>((resolve) => {
    let listening = 0
    cluster.on('listening', () => {
      if (++listening === workers) resolve()
    })
    for (let i = 0; i < workers; i++) fork()
  })
  serving = true
  log('info', `Licensing portal listening on ${config.publicUrl}`, {
    environment: config.environment,
    processes: workers,
  })
}

if (cluster.isWorker) {
  await serve({ seed: false, announce: false })
} else {
  const workers = workerCount(process.env.WEB_CONCURRENCY)
  if (workers === 1) await serve({ seed: true, announce: true })
  else await primary(workers)
}
