/**
 * npm run bench -- --scenario usage [--quick] [--repetitions N] [--reseed] [--build]
 *
 * The data-page bench: the Usage Transactions screen of a customer with a
 * million sessions, measured against its own SQL.
 *
 *   1. The database: the demo data set plus 1,000,000 generated sessions for
 *      1000001 and 4,000,000 for four other customers (db/seed-usage-scale.ts,
 *      through `npm run db:seed -- --usage N --customer C`), then ANALYZE. It is
 *      built once and kept in data/bench-cache/usage-v<generator version>-<sizes>/
 *      (git-ignored); --reseed builds it again. A newer schema is migrated onto
 *      it and analysed again. --quick uses 100,000 + 400,000 sessions and 5
 *      repetitions.
 *   2. A production server on that file with WEB_CONCURRENCY=1 (one process,
 *      whose memory is the server's), signed in as admin@acme.example.
 *   3. For each case (scripts/bench-usage-cases.ts): the screen's data request
 *      (`/transactions.data?customer=1000001&<view>&_routes=...`, single fetch,
 *      the whole body read, the count included), the filter dialog's values or
 *      the CSV download, and the same list calls run directly on the file by
 *      api/usage-list.ts in this process. First once to check that both give the
 *      same rows, then a few warm-up rounds, then the repetitions, alternating
 *      which of the two goes first.
 *   4. One JSON line per case on stdout, {"case", "p50Ms", "p95Ms", "sqlP50Ms",
 *      "ratio", "targetMs", "met", "n"} (the export adds "rssGrowthMb": the
 *      server's VmRSS at its highest during the case's downloads, warm-up
 *      included, over its value before the first), then the summary line.
 *      Progress goes to stderr.
 *
 * The server runs on the cached file itself: it writes only its sign-in session
 * there (a `.data` request never saves a view), so the data stay as seeded.
 * Exit code: 0 when every case met its targets, 1 otherwise, 2 on a setup failure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { lastUpdatedOn } from '../api/usage'
import { usageCount, usageDistinct, usagePage } from '../api/usage-list'
import { customRange, formatRangeDay, presetRange } from '../app/domain/date-presets'
import { expandPartialDate } from '../app/domain/partial-date'
import { openDb, type Db } from '../db/client'
import { USAGE_GENERATOR_VERSION } from '../db/seed-usage-scale'
import {
  BENCH_CUSTOMER,
  BenchRun,
  ensureBuild,
  log,
  processRssMb,
  ROOT,
  runAndExit,
  runSeed,
  serverEnv,
  SetupError,
  signIn,
  sleep,
} from './bench-server'
import {
  caseLine,
  caseUrl,
  CLOUD_JOB_PROBE,
  containsTextOf,
  DISTINCT_LIMIT,
  EXPORT_MAX_ROWS,
  mostDaysWithin,
  rangeCriteria,
  summaryLine,
  usageCases,
  type CaseLine,
  type Range,
  type UsageCase,
  type UsageFacts,
  type UsagePageRequest,
} from './bench-usage-cases'

export interface UsageScenarioOptions {
  quick: boolean
  /** Measured repetitions per case; 30 (5 with quick) by default. */
  repetitions?: number
  reseed: boolean
  build: boolean
}

const FULL = { customerSessions: 1_000_000, otherSessions: 4_000_000, repetitions: 30, warmup: 3 }
const QUICK = { customerSessions: 100_000, otherSessions: 400_000, repetitions: 5, warmup: 1 }
/** The other customers' sessions are spread evenly over these. */
const OTHER_CUSTOMERS = ['1000002', '1000003', '1000004', '1000005']
const START_TIME_TEXT = '2024-0'
const DAY_MS = 86_400_000
const RSS_SAMPLE_MS = 5

type Sizes = typeof FULL

export interface CacheInfo {
  generatorVersion: number
  customerSessions: number
  otherSessions: number
  seededAt: string
  seedSeconds: number
  /** The last migration applied when the statistics were gathered (ANALYZE). */
  schema: string
}

/**
 * The scenario's database (seeded once into the cache, migrated to the current
 * schema), shared with the statement scenario: its sizes, the run's time bound,
 * and `open`, which returns the file and what it holds.
 */
function usageDatabase(options: Pick<UsageScenarioOptions, 'quick' | 'repetitions' | 'reseed' | 'build'>) {
  const sizes: Sizes = { ...(options.quick ? QUICK : FULL) }
  if (options.repetitions !== undefined) sizes.repetitions = options.repetitions
  const dir = cacheDir(sizes)
  const cached = !options.reseed && fs.existsSync(path.join(dir, 'ready.json'))
  const seedBudgetMs = cached ? 0 : ((sizes.customerSessions + sizes.otherSessions) / 1_000_000) * 6 * 60_000
  return {
    sizes,
    budgetMs: seedBudgetMs + (options.build ? 5 * 60_000 : 0) + 30 * 60_000,
    async open(): Promise<{ databasePath: string; info: CacheInfo }> {
      const info = cached ? migrateCache(dir) : await buildCache(dir, sizes)
      const databasePath = path.join(dir, 'portal.db')
      log(`database ${databasePath}: generator v${info.generatorVersion}, seeded ${info.seededAt}`)
      return { databasePath, info }
    },
  }
}

/** What a scenario measures with: the file (opened here too), the signed-in server and the data's facts. */
export interface UsageBench {
  db: Db
  baseUrl: string
  cookie: string
  serverPid: number | undefined
  sizes: Sizes
  info: CacheInfo
}

/**
 * Runs `measure` on the scenario's database with a production server (one
 * process) signed in as the bench user; exits with its code.
 */
export function onUsageDatabase(
  options: UsageScenarioOptions,
  measure: (bench: UsageBench) => Promise<number>,
): Promise<never> {
  const database = usageDatabase(options)
  const run = new BenchRun(database.budgetMs)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const { databasePath, info } = await database.open()
    const server = await serverEnv(databasePath, 1)
    const child = await run.startServer(server)
    const cookie = await signIn(server.baseUrl)
    const db = openDb(databasePath)
    try {
      return await measure({ db, baseUrl: server.baseUrl, cookie, serverPid: child.pid, sizes: database.sizes, info })
    } finally {
      db.$client.close()
    }
  })
}

export function usageScenario(options: UsageScenarioOptions): Promise<never> {
  return onUsageDatabase(options, async ({ db, baseUrl, cookie, serverPid, sizes, info }) => {
    const lines = await measureAll(db, baseUrl, cookie, serverPid, sizes)
    console.log(JSON.stringify(summaryLine(lines, runSettings(options, sizes, info))))
    return lines.every((l) => l.met) ? 0 : 1
  })
}

/** What a summary line says of the run: the data, the repetitions and the machine. */
export function runSettings(options: { quick: boolean }, sizes: Sizes, info: CacheInfo) {
  return {
    quick: options.quick,
    customerSessions: sizes.customerSessions,
    otherSessions: sizes.otherSessions,
    repetitions: sizes.repetitions,
    generatorVersion: info.generatorVersion,
    seededAt: info.seededAt,
    cpus: os.availableParallelism(),
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
  }
}

/* ---------------------------------------------------------------- the cached database */

function cacheDir(sizes: Sizes) {
  const key = `usage-v${USAGE_GENERATOR_VERSION}-${sizes.customerSessions}-${sizes.otherSessions}`
  return path.join(ROOT, 'data/bench-cache', key)
}

/** The tag of the newest migration: a schema change (new indexes) needs fresh statistics. */
function schemaTag(): string {
  const journal = fs.readFileSync(path.join(ROOT, 'db/migrations/meta/_journal.json'), 'utf8')
  return (JSON.parse(journal) as { entries: { tag: string }[] }).entries.at(-1)?.tag ?? ''
}

/** Migrations, then the planner's statistics, then everything in the main file. */
function analyze(databasePath: string) {
  const db = openDb(databasePath)
  try {
    log('ANALYZE')
    db.$client.exec('ANALYZE')
    db.$client.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.$client.close()
  }
}

/**
 * The cached database brought to the current schema: the generated data stay
 * (a migration carries existing sessions over, as it does in production), and
 * a new migration gets fresh statistics.
 */
function migrateCache(dir: string): CacheInfo {
  const file = path.join(dir, 'ready.json')
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheInfo
  const schema = schemaTag()
  if (info.schema === schema) return info
  log(`the schema moved from ${info.schema || '(unknown)'} to ${schema}: migrating the cached database`)
  analyze(path.join(dir, 'portal.db'))
  const updated = { ...info, schema }
  fs.writeFileSync(file, JSON.stringify(updated, null, 2))
  return updated
}

/** Seeds the database in a side directory and moves it into place only when complete. */
async function buildCache(dir: string, sizes: Sizes): Promise<CacheInfo> {
  const building = `${dir}.building`
  fs.rmSync(building, { recursive: true, force: true })
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true })
  const databasePath = path.join(building, 'portal.db')
  const { env } = await serverEnv(databasePath)
  const started = Date.now()
  const budget = 60 * 60_000
  runSeed(env, ['--usage', String(sizes.customerSessions), '--customer', BENCH_CUSTOMER], budget)
  const share = Math.ceil(sizes.otherSessions / OTHER_CUSTOMERS.length)
  for (const customer of OTHER_CUSTOMERS) runSeed(env, ['--usage', String(share), '--customer', customer], budget)
  analyze(databasePath)
  const info: CacheInfo = {
    generatorVersion: USAGE_GENERATOR_VERSION,
    customerSessions: sizes.customerSessions,
    otherSessions: share * OTHER_CUSTOMERS.length,
    seededAt: new Date().toISOString(),
    seedSeconds: Math.round((Date.now() - started) / 1000),
    schema: schemaTag(),
  }
  fs.writeFileSync(path.join(building, 'ready.json'), JSON.stringify(info, null, 2))
  fs.renameSync(building, dir)
  log(`database seeded in ${info.seedSeconds} s and kept in ${dir}`)
  return info
}

/* ---------------------------------------------------------------- the list calls on the file */

const scope = { accountId: BENCH_CUSTOMER }
const all = (criteria: ReturnType<typeof rangeCriteria>) => ({ condition: 'ALL' as const, criteria })

function count(db: Db, range: Range): number {
  return usageCount(db, scope, { filter: all(rangeCriteria(range)) })
}

function distinct(db: Db, range: Range, key: string): string[] {
  return usageDistinct(db, scope, { filter: all(rangeCriteria(range)), key, limit: DISTINCT_LIMIT }).map(String)
}

/** The facts the cases need, found now in the data. */
function findFacts(db: Db): UsageFacts {
  const now = Date.now()
  const max = presetRange('max', now)
  const partial = expandPartialDate(START_TIME_TEXT)
  if (!partial) throw new SetupError(`'${START_TIME_TEXT}' is not a partial date`)
  const products = distinct(db, max, 'Product')
  const users = distinct(db, max, 'User')
  if (!products.length || !users.length) throw new SetupError('the customer has no sessions under Max')
  // The export: the custom range of the most days up to today that stays within the export limit.
  const lastDays = (n: number) => {
    const days = { from: formatRangeDay(now - (n - 1) * DAY_MS), to: formatRangeDay(now) }
    return { ...days, range: customRange(days.from, days.to) }
  }
  const dayCount = mostDaysWithin(EXPORT_MAX_ROWS, Math.ceil((now - max.from) / DAY_MS), (n) =>
    count(db, lastDays(n).range),
  )
  if (dayCount === 0) throw new SetupError(`one day already holds more than ${EXPORT_MAX_ROWS} sessions`)
  return {
    customer: BENCH_CUSTOMER,
    oneDay: presetRange('1d', now),
    max,
    startTimeText: START_TIME_TEXT,
    startTimeRange: { from: partial.from, to: partial.to },
    product: products[0],
    userText: containsTextOf(users),
    maxTotal: count(db, max),
    exportDays: lastDays(dayCount),
  }
}

interface SqlResult {
  /** The session ids of the rows, in order. */
  ids: string[]
  total: number | null
  values: string[] | null
}

/**
 * The case's calls directly on the database, as the server makes them: the
 * hidden-column probe, then the screen's last received time, page and count,
 * the filter dialog's values, or the export's count and pages.
 */
function runSql(db: Db, c: UsageCase): SqlResult {
  usagePage(db, scope, CLOUD_JOB_PROBE)
  if (c.kind === 'distinct') {
    const values = usageDistinct(db, scope, c.request).map(String)
    return { ids: [], total: null, values }
  }
  if (c.kind === 'page') {
    lastUpdatedOn(db)
    const [page, total] = [usagePage(db, scope, c.request), usageCount(db, scope, { filter: c.request.filter })]
    return { ids: page.rows.map((r) => String(r.DeviceID)), total, values: null }
  }
  const total = usageCount(db, scope, { filter: c.request.filter })
  const ids: string[] = []
  let request: UsagePageRequest & { token?: string } = c.request
  for (;;) {
    const page = usagePage(db, scope, request)
    for (const row of page.rows) ids.push(String(row.DeviceID))
    if (!page.token) break
    request = { ...c.request, offset: 0, token: page.token }
  }
  return { ids, total, values: null }
}

/* ---------------------------------------------------------------- the server */

/** The whole answer of a GET as bytes; anything but a 200 is a failure. */
export async function download(url: string, cookie: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200) {
    const detail = res.headers.get('location') ?? body.toString('utf8', 0, 300)
    throw new SetupError(`GET ${url}: HTTP ${res.status} ${detail}`)
  }
  return body
}

/** Checks, once, that the server's answer holds what the SQL found: the same rows, total or values. */
function checkSame(c: UsageCase, body: string, sql: SqlResult) {
  const fail = (what: string) => {
    const file = path.join(os.tmpdir(), `portal-bench-usage-${c.name}.txt`)
    fs.writeFileSync(file, body)
    throw new SetupError(`case ${c.name}: ${what} (the server's answer is in ${file})`)
  }
  if (c.kind === 'distinct') {
    const values = (JSON.parse(body) as { values?: unknown[] }).values?.map(String)
    if (JSON.stringify(values) !== JSON.stringify(sql.values)) fail('the distinct values differ from the SQL')
    return
  }
  if (c.kind === 'page') {
    const missing = [sql.ids[0], sql.ids.at(-1)].filter((id) => id !== undefined && !body.includes(id))
    if (missing.length) fail(`rows of the SQL's page are not in the answer: ${missing.join(', ')}`)
    if (!body.includes(String(sql.total))) fail(`the SQL's total ${sql.total} is not in the answer`)
    return
  }
  const records = body.split(/\r?\n/).filter((line) => line !== '').length - 1
  if (records !== sql.ids.length) fail(`the CSV has ${records} rows, the SQL ${sql.ids.length}`)
  for (const id of [sql.ids[0], sql.ids.at(-1)]) if (id && !body.includes(id)) fail(`session ${id} is not in the CSV`)
}

/** Samples the server's resident memory while `during` runs; the highest value seen. */
async function peakRss(pid: number | undefined, during: () => Promise<unknown>): Promise<number | null> {
  let peak = processRssMb(pid)
  const timer = setInterval(() => {
    const now = processRssMb(pid)
    if (now !== null && (peak === null || now > peak)) peak = now
  }, RSS_SAMPLE_MS)
  try {
    await during()
  } finally {
    clearInterval(timer)
  }
  const last = processRssMb(pid)
  return last !== null && (peak === null || last > peak) ? last : peak
}

async function measureAll(
  db: Db,
  baseUrl: string,
  cookie: string,
  serverPid: number | undefined,
  sizes: Sizes,
): Promise<CaseLine[]> {
  const facts = findFacts(db)
  log(
    `Max holds ${facts.maxTotal} sessions; product filter '${facts.product}', user contains '${facts.userText}', ` +
      `export ${facts.exportDays.from}..${facts.exportDays.to}`,
  )
  const lines: CaseLine[] = []
  for (const c of usageCases(facts)) {
    const url = `${baseUrl}${caseUrl(c, facts.customer)}`
    const loaderMs: number[] = []
    const sqlMs: number[] = []
    const measureLoader = async () => {
      const started = performance.now()
      await download(url, cookie)
      loaderMs.push(performance.now() - started)
    }
    const measureSql = () => {
      const started = performance.now()
      runSql(db, c)
      sqlMs.push(performance.now() - started)
    }
    const runCase = async () => {
      checkSame(c, (await download(url, cookie)).toString(), runSql(db, c))
      for (let i = 0; i < sizes.warmup; i++) {
        await download(url, cookie)
        runSql(db, c)
      }
      for (let i = 0; i < sizes.repetitions; i++) {
        if (i % 2 === 0) {
          await measureLoader()
          measureSql()
        } else {
          measureSql()
          await measureLoader()
        }
      }
    }
    let rssGrowthMb: number | undefined
    if (c.kind === 'export') {
      // From before the first download: an export that held its rows would have grown the heap during the warm-up.
      await sleep(500)
      const before = processRssMb(serverPid)
      const peak = await peakRss(serverPid, runCase)
      if (peak !== null && before !== null) rssGrowthMb = peak - before
    } else {
      await runCase()
    }
    const line = caseLine(c, loaderMs, sqlMs, rssGrowthMb)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return lines
}
