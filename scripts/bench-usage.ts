/**
 * npm run bench -- --scenario usage [--quick] [--repetitions N] [--reseed] [--build] [--db postgres]
 *
 * The data-page bench: the Usage Transactions screen of a customer with a
 * million sessions, measured against its own SQL.
 *
 *   1. The database: the demo data set plus 1,000,000 generated sessions for
 *      1000001 and 4,000,000 for four other customers (db/seed-usage-scale.ts,
 *      through `npm run db:seed -- --usage N --customer C`), then ANALYZE. It is
 *      built once and kept in data/bench-cache/usage-v<generator version>-<sizes>/
 *      (git-ignored, scripts/bench-cache.ts); --reseed builds it again. A newer
 *      schema is migrated onto it and analysed again. --quick uses 100,000 +
 *      400,000 sessions and 5 repetitions. With --db postgres, the file is
 *      copied once into the benches' PostgreSQL cluster kept in
 *      data/bench-cache/postgres/ (scripts/bench-postgres.ts), and the server
 *      and the list calls below run on that copy.
 *   2. A production server on that database with WEB_CONCURRENCY=1 (one process,
 *      whose memory is the server's), signed in as admin@acme.example.
 *   3. For each case (scripts/bench-usage-cases.ts): the screen's data request
 *      (`/transactions.data?customer=1000001&<view>&_routes=...`, single fetch,
 *      the whole body read, the count included), the filter dialog's values or
 *      the CSV download, and the same list calls run directly on the database by
 *      api/usage-list.ts in this process. First once to check that both give the
 *      same rows, then a few warm-up rounds, then the repetitions, alternating
 *      which of the two goes first.
 *   4. One JSON line per case on stdout, {"case", "p50Ms", "p95Ms", "sqlP50Ms",
 *      "ratio", "targetMs", "met", "n"} (the export adds "rssGrowthMb": the
 *      server's VmRSS at its highest during the case's downloads, warm-up
 *      included, over its value before the first), then the summary line.
 *      Progress goes to stderr.
 *
 * The server runs on the cached database itself: it writes only its sign-in
 * session there (a `.data` request never saves a view), so the data stay as seeded.
 * Exit code: 0 when every case met its targets, 1 otherwise, 2 on a setup failure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { lastUpdatedOn } from '../api/usage'
import { usageCount, usageDistinct, usagePage } from '../api/usage-list'
import { customRange, formatRangeDay, presetRange } from '../app/domain/date-presets'
import { expandPartialDate } from '../app/domain/partial-date'
import type { Db } from '../db/client'
import { USAGE_GENERATOR_VERSION } from '../db/seed-usage-scale'
import type { PgServer } from '../db/pg-server'
import { benchDatabase, onBenchDatabase, type CacheInfo as CommonCacheInfo } from './bench-cache'
import { BENCH_CUSTOMER, log, SetupError } from './bench-server'
import { download, timeCase, timeInTurns } from './bench-timing'
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
  /** The benches' PostgreSQL cluster (scripts/bench-postgres.ts) to run on a copy in; absent: the SQLite file. */
  postgres?: PgServer
}

const FULL = { customerSessions: 1_000_000, otherSessions: 4_000_000, repetitions: 30, warmup: 3 }
const QUICK = { customerSessions: 100_000, otherSessions: 400_000, repetitions: 5, warmup: 1 }
/** The other customers' sessions are spread evenly over these. */
const OTHER_CUSTOMERS = ['1000002', '1000003', '1000004', '1000005']
const START_TIME_TEXT = '2024-0'
const DAY_MS = 86_400_000

type Sizes = typeof FULL

export type CacheInfo = CommonCacheInfo & { customerSessions: number; otherSessions: number }

/**
 * The scenario's database (seeded once into the cache, migrated to the current schema), shared
 * with the statement and home-page scenarios, and the run's time bound.
 */
function usageDatabase(options: UsageScenarioOptions) {
  const sizes: Sizes = { ...(options.quick ? QUICK : FULL) }
  if (options.repetitions !== undefined) sizes.repetitions = options.repetitions
  const share = Math.ceil(sizes.otherSessions / OTHER_CUSTOMERS.length)
  const seedBudgetMs = ((sizes.customerSessions + sizes.otherSessions) / 1_000_000) * 6 * 60_000
  const database = benchDatabase({
    key: `usage-v${USAGE_GENERATOR_VERSION}-${sizes.customerSessions}-${sizes.otherSessions}`,
    generatorVersion: USAGE_GENERATOR_VERSION,
    seeds: [BENCH_CUSTOMER, ...OTHER_CUSTOMERS].map((customer) => [
      '--usage',
      String(customer === BENCH_CUSTOMER ? sizes.customerSessions : share),
      '--customer',
      customer,
    ]),
    sizes: { customerSessions: sizes.customerSessions, otherSessions: share * OTHER_CUSTOMERS.length },
    reseed: options.reseed,
    seedBudgetMs: Math.max(seedBudgetMs, 60 * 60_000),
    postgres: options.postgres,
  })
  const budgetMs = (database.cached ? 0 : seedBudgetMs) + (options.build ? 5 * 60_000 : 0) + 30 * 60_000
  return { sizes, database, budgetMs }
}

/** What a scenario measures with: the database (opened here too), the signed-in server and the data's facts. */
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
  const { sizes, database, budgetMs } = usageDatabase(options)
  return onBenchDatabase(database, { build: options.build, budgetMs }, (bench) => measure({ ...bench, sizes }))
}

export function usageScenario(options: UsageScenarioOptions): Promise<never> {
  return onUsageDatabase(options, async ({ db, baseUrl, cookie, serverPid, sizes, info }) => {
    const lines = await measureAll(db, baseUrl, cookie, serverPid, sizes)
    console.log(JSON.stringify(summaryLine(lines, runSettings(options, sizes, info))))
    return lines.every((l) => l.met) ? 0 : 1
  })
}

/** What a summary line says of the run: the engine, the data, the repetitions and the machine. */
export function runSettings(options: { quick: boolean; postgres?: PgServer }, sizes: Sizes, info: CacheInfo) {
  return {
    db: options.postgres ? 'postgres' : 'sqlite',
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

/* ---------------------------------------------------------------- the list calls on the database */

const scope = { accountId: BENCH_CUSTOMER }
const all = (criteria: ReturnType<typeof rangeCriteria>) => ({ condition: 'ALL' as const, criteria })

async function count(db: Db, range: Range): Promise<number> {
  return await usageCount(db, scope, { filter: all(rangeCriteria(range)) })
}

async function distinct(db: Db, range: Range, key: string): Promise<string[]> {
  return (await usageDistinct(db, scope, { filter: all(rangeCriteria(range)), key, limit: DISTINCT_LIMIT })).map(String)
}

/** The facts the cases need, found now in the data. */
async function findFacts(db: Db): Promise<UsageFacts> {
  const now = Date.now()
  const max = presetRange('max', now)
  const partial = expandPartialDate(START_TIME_TEXT)
  if (!partial) throw new SetupError(`'${START_TIME_TEXT}' is not a partial date`)
  const products = await distinct(db, max, 'Product')
  const users = await distinct(db, max, 'User')
  if (!products.length || !users.length) throw new SetupError('the customer has no sessions under Max')
  // The export: the custom range of the most days up to today that stays within the export limit.
  const lastDays = (n: number) => {
    const days = { from: formatRangeDay(now - (n - 1) * DAY_MS), to: formatRangeDay(now) }
    return { ...days, range: customRange(days.from, days.to) }
  }
  const dayCount = await mostDaysWithin(
    EXPORT_MAX_ROWS,
    Math.ceil((now - max.from) / DAY_MS),
    async (n) => await count(db, lastDays(n).range),
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
    maxTotal: await count(db, max),
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
async function runSql(db: Db, c: UsageCase): Promise<SqlResult> {
  await usagePage(db, scope, CLOUD_JOB_PROBE)
  if (c.kind === 'distinct') {
    const values = (await usageDistinct(db, scope, c.request)).map(String)
    return { ids: [], total: null, values }
  }
  if (c.kind === 'page') {
    await lastUpdatedOn(db)
    const [page, total] = [
      await usagePage(db, scope, c.request),
      await usageCount(db, scope, { filter: c.request.filter }),
    ]
    return { ids: page.rows.map((r) => String(r.DeviceID)), total, values: null }
  }
  const total = await usageCount(db, scope, { filter: c.request.filter })
  const ids: string[] = []
  let request: UsagePageRequest & { token?: string } = c.request
  for (;;) {
    const page = await usagePage(db, scope, request)
    for (const row of page.rows) ids.push(String(row.DeviceID))
    if (!page.token) break
    request = { ...c.request, offset: 0, token: page.token }
  }
  return { ids, total, values: null }
}

/* ---------------------------------------------------------------- the server */

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

async function measureAll(
  db: Db,
  baseUrl: string,
  cookie: string,
  serverPid: number | undefined,
  sizes: Sizes,
): Promise<CaseLine[]> {
  const facts = await findFacts(db)
  log(
    `Max holds ${facts.maxTotal} sessions; product filter '${facts.product}', user contains '${facts.userText}', ` +
      `export ${facts.exportDays.from}..${facts.exportDays.to}`,
  )
  const lines: CaseLine[] = []
  for (const c of usageCases(facts)) {
    const url = `${baseUrl}${caseUrl(c, facts.customer)}`
    const runCase = async () => {
      checkSame(c, (await download(url, cookie)).toString(), await runSql(db, c))
      return timeInTurns(
        () => download(url, cookie),
        async () => await runSql(db, c),
        sizes,
      )
    }
    const { times, rssGrowth } = await timeCase(c.kind === 'export', serverPid, runCase)
    const line = caseLine(c, times.pageMs, times.sqlMs, rssGrowth)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return lines
}
