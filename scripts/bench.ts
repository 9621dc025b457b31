/**
 * npm run bench -- [--duration S] [--connections N] [--scale N] [--warmup S]
 *                  [--web-concurrency N | --instances N] [--db sqlite|postgres] [--path P] [--build]
 *                  [--node-arg ARG]... [--assert] [--server http://127.0.0.1:PORT] [--samples FILE]
 * npm run bench -- --scenario usage [--quick] [--repetitions N] [--reseed] [--build] [--db sqlite|postgres]
 * npm run bench -- --scenario statement [--quick] [--repetitions N] [--reseed] [--build]
 * npm run bench -- --scenario home-page [--quick] [--repetitions N] [--reseed] [--build]
 * npm run bench -- --scenario activations [--repetitions N] [--web-concurrency N] [--build]
 * npm run bench -- --scenario web [--repetitions N] [--web-concurrency N] [--build]
 * npm run bench -- --scenario web-reporting [--quick] [--repetitions N] [--reseed] [--build]
 * npm run bench -- --scenario ask [--repetitions N] [--web-concurrency N] [--build]
 *
 * `--scenario usage` measures the data pages at a million sessions: see
 * scripts/bench-usage.ts; `--scenario statement` the statement and its PDF on
 * the same data: see scripts/bench-statement.ts; `--scenario home-page` the home
 * page's document and data request on the same data: see scripts/bench-home.ts;
 * `--scenario activations` concurrent creates for one entitlement and a shared
 * host's merged licence file: see scripts/bench-activations.ts; `--scenario web` concurrent
 * checkouts of 10 shared web licence seats: see scripts/bench-web.ts; `--scenario web-reporting`
 * Web Transactions and Web Reporting at a million web checkouts: see
 * scripts/bench-web-reporting.ts; `--scenario ask` an answer of 'Ask anything' per kind of question on the
 * demo data: see scripts/bench-ask.ts. Without it (scenario `home`), this file measures the
 * signed-in home page (/home?customer=1000001 as admin@acme.example) of a
 * production server on a throw-away database:
 *
 *   1. checks that the build (build/index.js, build/server/index.js) exists (or
 *      runs `npm run build` with --build);
 *   2. creates a temporary directory with a fresh SQLite file (seeded on first
 *      start; with --scale N, `npm run db:seed -- --scale N` runs first); with
 *      --db postgres, a throwaway PostgreSQL cluster with an empty database
 *      instead (scripts/bench-postgres.ts; --scale is for the file only);
 *   3. starts the compiled server (`node build/server/index.js`) with NODE_ENV=production,
 *      LOG_REQUESTS=0 and a free port on 127.0.0.1; with --instances N, N servers
 *      of one process each (WEB_CONCURRENCY=1) that share nothing but the
 *      database, one after the other (the first seeds it), the others behind the
 *      first one's address (PUBLIC_URL), as instances behind one balancer are;
 *   4. signs in through the real browser-less flow (portal /auth/login -> identity
 *      provider login form -> /auth/callback) and keeps the __session cookie,
 *      checking that every instance serves the page with it (sessions are in the
 *      database);
 *   5. runs autocannon against the page for warm-up + duration seconds on the
 *      same connections (with --instances, one autocannon per instance, all at
 *      once in this process, the connections split between them: every
 *      response of every instance goes into one list, so requests/s is the sum
 *      and the latency percentiles are those of all the responses together, not
 *      an average of each instance's), checking every response is a 200 carrying the expected
 *      page; throughput and latency count only the responses after the warm-up
 *      (steady state), and the start-up is reported beside them: when every
 *      connection had its first answer, and the whole run's figures. The
 *      warm-up is 15 s because a fresh server gets faster for about 12 s under
 *      this load while V8 compiles its hot code (see docs/decisions/0002);
 *   6. prints requests/s, latency and the servers' CPU time per request (every
 *      instance's together; on PostgreSQL, the database's own beside it), then a
 *      JSON summary as stdout's last line;
 *   7. stops the servers with SIGTERM (SIGKILL after a grace period), then
 *      PostgreSQL, and removes the temporary directory.
 *
 * Exit code: 0 when every response was a correct 200 (and, with --assert, the
 * target of >= 500 requests/s with p99 < 100 ms was met), 1 otherwise, 2 on
 * bad usage or a setup failure. The whole run is bounded by a hard timeout.
 *
 * Server output goes to stderr, so stdout holds only the report. With --server,
 * an already running server (with the demo data) is measured instead: nothing
 * is started, seeded or stopped; --print-cookie then only signs in and prints
 * the Cookie header (for curl and profiling).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { allConnectionsServedAt, connectionShares, windowFigures, type Sample } from './bench-stats'
import { freshPostgresDatabase, postmasterPid, startBenchCluster } from './bench-postgres'
import {
  BENCH_CUSTOMER as CUSTOMER,
  BENCH_USER as USER,
  BenchRun,
  ensureBuild,
  log,
  processTreeCpuMs,
  runAndExit,
  runSeed,
  serverEnv,
  SetupError,
  signIn,
} from './bench-server'

const TARGET_RPS = 500
const TARGET_P99_MS = 100

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '15' },
    scale: { type: 'string' },
    'web-concurrency': { type: 'string' },
    instances: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    path: { type: 'string', default: `/home?customer=${CUSTOMER}` },
    server: { type: 'string' },
    'print-cookie': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'node-arg': { type: 'string', multiple: true, default: [] },
    assert: { type: 'boolean', default: false },
    samples: { type: 'string' },
    scenario: { type: 'string', default: 'home' },
    quick: { type: 'boolean', default: false },
    repetitions: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (args.help) {
  console.log(
    'Usage: npm run bench -- [--duration 20] [--connections 50] [--warmup 15] [--scale N]\n' +
      '                        [--web-concurrency N | --instances N] [--db sqlite|postgres]\n' +
      '                        [--path /home?customer=1000001] [--build]\n' +
      '                        [--node-arg --cpu-prof]... [--assert] [--server http://127.0.0.1:3000]\n' +
      '                        [--samples FILE]   (every response as JSON: {at, latency, connection})\n' +
      '       npm run bench -- --scenario usage [--quick] [--repetitions 30] [--reseed] [--build] [--db postgres]\n' +
      '                        (the data pages: see scripts/bench-usage.ts)\n' +
      '       npm run bench -- --scenario statement [--quick] [--repetitions 30] [--reseed] [--build]\n' +
      '                        (the statement and its PDF: see scripts/bench-statement.ts)\n' +
      '       npm run bench -- --scenario home-page [--quick] [--repetitions 30] [--reseed] [--build]\n' +
      '                        (the home page at usage scale: see scripts/bench-home.ts)\n' +
      '       npm run bench -- --scenario activations [--repetitions 30] [--web-concurrency N] [--build]\n' +
      '                        (concurrent creates and the shared licence file: see scripts/bench-activations.ts)\n' +
      '       npm run bench -- --scenario web [--repetitions 5] [--web-concurrency N] [--build]\n' +
      '                        (200 checkouts at once of 10 shared web seats: see scripts/bench-web.ts)\n' +
      '       npm run bench -- --scenario web-reporting [--quick] [--repetitions 30] [--reseed] [--build]\n' +
      '                        (Web Transactions and Web Reporting: see scripts/bench-web-reporting.ts)\n' +
      '       npm run bench -- --scenario ask [--repetitions 30] [--web-concurrency 1] [--build]\n' +
      '                        (an answer per kind of question on the demo data: see scripts/bench-ask.ts)',
  )
  process.exit(0)
}

function wholeNumber(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) usage(`--${name} needs a whole number >= ${min}, got '${raw}'`)
  return n
}

function usage(message: string): never {
  console.error(`bench: ${message}`)
  process.exit(2)
}

const duration = wholeNumber('duration', args.duration, 1)!
const connections = wholeNumber('connections', args.connections, 1)!
const warmup = wholeNumber('warmup', args.warmup, 0)!
const scale = wholeNumber('scale', args.scale, 1)
const webConcurrency = wholeNumber('web-concurrency', args['web-concurrency'], 1)
const instances = wholeNumber('instances', args.instances, 1)
const targetPath = args.path!
if (!targetPath.startsWith('/')) usage('--path must start with /')
if (
  !['home', 'usage', 'statement', 'home-page', 'activations', 'web', 'web-reporting', 'ask'].includes(args.scenario!)
) {
  usage(
    `--scenario is home, usage, statement, home-page, activations, web, web-reporting or ask, got '${args.scenario}'`,
  )
}
if (args.db !== 'sqlite' && args.db !== 'postgres') usage(`--db is sqlite or postgres, got '${args.db}'`)
const onPostgres = args.db === 'postgres'
if (onPostgres && args.scenario !== 'home' && args.scenario !== 'usage')
  usage('--db postgres is for the home and usage scenarios')
if (args.server && (onPostgres || instances !== undefined))
  usage('--server measures a running server: --db and --instances do not apply')
if (onPostgres && scale) usage('--scale seeds the SQLite file (npm run db:seed): not with --db postgres')
if (instances !== undefined) {
  if (args.scenario !== 'home') usage('--instances is for the home scenario')
  if (webConcurrency !== undefined) usage('each instance is one process (WEB_CONCURRENCY=1): drop --web-concurrency')
  if (connections < instances) usage('--connections must be at least --instances')
}

// --db chooses the engine, not a DATABASE_URL left in the shell. On PostgreSQL, the usage scenario calls the
// licensing API in this process too: its engine is chosen when its modules first load db/engine.ts (the
// import below), from DATABASE_URL, so the benches' cluster starts first.
delete process.env.DATABASE_URL
const benchCluster = onPostgres && args.scenario === 'usage' ? await startBenchCluster() : undefined
if (benchCluster) process.env.DATABASE_URL = benchCluster.url

if (args.scenario === 'web') {
  await (
    await import('./bench-web')
  ).webScenario({
    repetitions: wholeNumber('repetitions', args.repetitions, 1),
    webConcurrency,
    build: args.build!,
    nodeArgs: args['node-arg'],
  })
} else if (args.scenario === 'ask') {
  await (
    await import('./bench-ask')
  ).askScenario({
    repetitions: wholeNumber('repetitions', args.repetitions, 1),
    webConcurrency,
    build: args.build!,
  })
} else if (args.scenario === 'activations') {
  await (
    await import('./bench-activations')
  ).activationsScenario({
    repetitions: wholeNumber('repetitions', args.repetitions, 1),
    webConcurrency,
    build: args.build!,
  })
} else if (args.scenario !== 'home') {
  const scenario =
    args.scenario === 'usage'
      ? (await import('./bench-usage')).usageScenario
      : args.scenario === 'home-page'
        ? (await import('./bench-home')).homePageScenario
        : args.scenario === 'web-reporting'
          ? (await import('./bench-web-reporting')).webReportingScenario
          : (await import('./bench-statement')).statementScenario
  await scenario({
    quick: args.quick!,
    repetitions: wholeNumber('repetitions', args.repetitions, 1),
    reseed: args.reseed!,
    build: args.build!,
    postgres: benchCluster,
  })
}

// A hard bound for the whole run: setup, sign-in, warm-up, measurement and shutdown.
const benchRun = new BenchRun(
  (duration + warmup) * 1000 + (scale ? 15 * 60_000 : 0) + (args.build ? 5 * 60_000 : 0) + 180_000,
)
/** The servers' processes, and PostgreSQL's postmaster (its sessions are its children). */
const serverPids: number[] = []
let databasePid: number | undefined

/** What every measured response must contain (the home page of the selected customer). */
function isExpectedPage(raw: string | Buffer | undefined) {
  const body = typeof raw === 'string' ? raw : (raw?.toString() ?? '')
  const ok =
    body.includes('data-testid="selected-customer"') && body.includes('Acme Aerospace') && body.includes('Welcome, ')
  // autocannon also reports a timed-out request here, with an empty body; that one is counted as a timeout.
  if (!ok && !mismatchSaved && body.length > 0) {
    mismatchSaved = true
    fs.writeFileSync(MISMATCH_FILE, body)
    log(`a response was not the expected page; its body is in ${MISMATCH_FILE}`)
  }
  return ok
}
const MISMATCH_FILE = path.join(os.tmpdir(), 'portal-bench-mismatch.html')
let mismatchSaved = false

async function checkPage(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(15_000) })
  const body = await res.text()
  if (res.status !== 200)
    throw new SetupError(`GET ${targetPath}: HTTP ${res.status} ${res.headers.get('location') ?? ''}`)
  if (!isExpectedPage(body)) throw new SetupError(`GET ${targetPath}: 200 but not the expected page`)
  log(`GET ${targetPath}: 200, ${body.length} bytes, expected page`)
}

/** CPU time (ms) of the servers' processes together, or null when one cannot be read. */
function serverCpuMs(): number | null {
  const each = serverPids.map((pid) => processTreeCpuMs(pid))
  return each.length > 0 && each.every((ms) => ms !== null) ? each.reduce((a, b) => a! + b!, 0) : null
}
const databaseCpuMs = () => processTreeCpuMs(databasePid)

function run(
  opts: autocannon.Options,
  onResponse: (client: object, latencyMs: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)))
    instance.on('response', (client: object, _status: number, _bytes: number, latencyMs: number) =>
      onResponse(client, latencyMs),
    )
  })
}

/** Starts the server, or the instances; their addresses. */
async function startFresh(): Promise<string[]> {
  ensureBuild(args.build!)
  const databasePath = path.join(benchRun.tempDir(), 'portal.db')
  let databaseUrl: string | null = null
  if (onPostgres) {
    const { server, url } = await freshPostgresDatabase()
    databasePid = postmasterPid(server)
    databaseUrl = url
  }
  const first = await serverEnv(databasePath, instances ? 1 : webConcurrency, { databaseUrl })
  if (scale) runSeed(first.env, ['--scale', String(scale)], 15 * 60_000)
  serverPids.push((await benchRun.startServer(first, args['node-arg'])).pid!)
  const baseUrls = [first.baseUrl]
  // One at a time: the first has seeded the database and made the provider's signing keys.
  for (let i = 1; i < (instances ?? 1); i++) {
    const server = await serverEnv(databasePath, 1, { databaseUrl, publicUrl: first.baseUrl })
    serverPids.push((await benchRun.startServer(server, args['node-arg'])).pid!)
    baseUrls.push(server.baseUrl)
  }
  return baseUrls
}

async function main() {
  const baseUrls = args.server ? [args.server.replace(/\/+$/, '')] : await startFresh()
  const cookie = await signIn(baseUrls[0])
  if (args['print-cookie']) {
    console.log(cookie)
    return 0
  }
  for (const baseUrl of baseUrls) await checkPage(`${baseUrl}${targetPath}`, cookie)

  const common: Omit<autocannon.Options, 'url'> = {
    headers: { cookie },
    verifyBody: isExpectedPage,
    timeout: 10,
  }
  const shares = connectionShares(connections, baseUrls.length)
  // One run: the connections opened during the warm-up stay open, and only the
  // responses after it are measured (steady state at `connections` connections).
  log(
    `running ${connections} connections${baseUrls.length > 1 ? ` (${shares.join(' + ')} on ${baseUrls.length} instances)` : ''} ` +
      `for ${warmup + duration} s on ${targetPath}; the first ${warmup} s warm up and are not measured`,
  )
  const samples: Sample[] = []
  const connectionIds = new Map<object, number>()
  let cpuBefore: number | null = warmup === 0 ? serverCpuMs() : null
  let databaseCpuBefore: number | null = warmup === 0 ? databaseCpuMs() : null
  let benchCpuBefore = process.cpuUsage()
  const started = performance.now()
  const windowStart =
    warmup > 0
      ? setTimeout(() => {
          cpuBefore = serverCpuMs()
          databaseCpuBefore = databaseCpuMs()
          benchCpuBefore = process.cpuUsage()
        }, warmup * 1000)
      : undefined
  const results = await Promise.all(
    baseUrls.map((baseUrl, i) =>
      run(
        { ...common, url: `${baseUrl}${targetPath}`, connections: shares[i], duration: warmup + duration },
        (client, latency) => {
          if (!connectionIds.has(client)) connectionIds.set(client, connectionIds.size)
          samples.push({ at: performance.now() - started, latency, connection: connectionIds.get(client)! })
        },
      ),
    ),
  )
  clearTimeout(windowStart)
  const total = (field: 'non2xx' | 'errors' | 'timeouts' | 'mismatches') =>
    results.reduce((n, result) => n + result[field], 0)
  const r = {
    non2xx: total('non2xx'),
    errors: total('errors'),
    timeouts: total('timeouts'),
    mismatches: total('mismatches'),
  }
  if (args.samples) {
    fs.writeFileSync(args.samples, JSON.stringify(samples))
    log(`every response's arrival time, latency and connection written to ${args.samples}`)
  }
  const cpuAfter = serverCpuMs()
  const databaseCpuAfter = databaseCpuMs()
  const benchCpu = process.cpuUsage(benchCpuBefore)
  const measured = windowFigures(samples, warmup * 1000, (warmup + duration) * 1000)
  const wholeRun = windowFigures(samples, 0, (warmup + duration) * 1000)
  const allServedMs = allConnectionsServedAt(samples, connections)
  const perRequest = (before: number | null, after: number | null) =>
    before !== null && after !== null && measured.requests > 0
      ? Math.round(((after - before) / measured.requests) * 100) / 100
      : null
  const serverCpuPerRequest = perRequest(cpuBefore, cpuAfter)
  const databaseCpuPerRequest = perRequest(databaseCpuBefore, databaseCpuAfter)
  const benchCpuPerRequest =
    measured.requests > 0
      ? Math.round(((benchCpu.user + benchCpu.system) / 1000 / measured.requests) * 100) / 100
      : null

  const correct = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.mismatches === 0 && measured.requests > 0
  const targetMet = measured.requestsPerSecond >= TARGET_RPS && measured.latencyMs.p99 < TARGET_P99_MS
  const summary = {
    url: targetPath,
    user: USER,
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    scale: scale ?? 0,
    db: args.server ? null : args.db,
    /** Servers, each of webConcurrency processes. */
    instances: args.server ? null : (instances ?? 1),
    webConcurrency: args.server
      ? null
      : instances
        ? 1
        : (webConcurrency ?? (Number(process.env.WEB_CONCURRENCY) || os.availableParallelism())),
    cpus: os.availableParallelism(),
    requestsPerSecond: measured.requestsPerSecond,
    requestsTotal: measured.requests,
    latencyMs: measured.latencyMs,
    startup: {
      allConnectionsServedMs: allServedMs === null ? null : Math.round(allServedMs),
      wholeRun: { requestsPerSecond: wholeRun.requestsPerSecond, latencyMs: wholeRun.latencyMs },
    },
    /** Every instance's processes together. */
    serverCpuMsPerRequest: serverCpuPerRequest,
    /** PostgreSQL's processes (null on the SQLite file, whose work is the servers'). */
    databaseCpuMsPerRequest: databaseCpuPerRequest,
    loadGeneratorCpuMsPerRequest: benchCpuPerRequest,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    mismatches: r.mismatches,
    correct,
    target: { requestsPerSecond: TARGET_RPS, p99Ms: TARGET_P99_MS, met: targetMet },
  }

  const where =
    onPostgres || instances !== undefined
      ? `, ${onPostgres ? 'PostgreSQL' : 'SQLite'}, ${summary.instances} instance${summary.instances === 1 ? '' : 's'} (WEB_CONCURRENCY=${summary.webConcurrency}${summary.instances === 1 ? '' : ' each'})`
      : ''
  console.log(`GET ${targetPath} as ${USER}, ${connections} connections${where}, ${duration} s`)
  const { p50, p90, p99, max } = measured.latencyMs
  console.log(`  requests/s  ${summary.requestsPerSecond}  (${measured.requests} requests after the warm-up)`)
  console.log(`  latency     p50 ${p50} ms   p90 ${p90} ms   p99 ${p99} ms   max ${max} ms`)
  console.log(
    `  start-up    every connection answered within ${allServedMs === null ? '(not all were)' : `${Math.round(allServedMs)} ms`}; ` +
      `whole run incl. warm-up: ${wholeRun.requestsPerSecond} req/s, p99 ${wholeRun.latencyMs.p99} ms, max ${wholeRun.latencyMs.max} ms`,
  )
  if (serverCpuPerRequest !== null) {
    console.log(
      `  cpu         ${serverCpuPerRequest} ms server${databaseCpuPerRequest === null ? '' : ` + ${databaseCpuPerRequest} ms PostgreSQL`} + ${benchCpuPerRequest} ms load generator per request (load average ${summary.loadAverage1m} on ${summary.cpus} CPUs)`,
    )
  }
  console.log(
    `  errors      ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${r.mismatches} wrong bodies`,
  )
  console.log(
    `  target      >= ${TARGET_RPS} req/s with p99 < ${TARGET_P99_MS} ms: ${targetMet ? 'met' : 'NOT met'}; responses ${correct ? 'all correct' : 'NOT all correct'}`,
  )
  console.log(JSON.stringify(summary))
  return correct && (!args.assert || targetMet) ? 0 : 1
}

await runAndExit(benchRun, main)
