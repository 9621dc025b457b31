/**
 * npm run bench -- --scenario web-reporting [--quick] [--repetitions N] [--reseed] [--build]
 *
 * Web Transactions and Web Reporting at a million web checkouts (issue 36), each page measured
 * against the API calls it makes, run on the same file in this process.
 *
 *   1. The database: the demo data set, then 1,000,000 generated web checkout requests for
 *      1000001 (on its demo web entitlements) and 500,000 each for 1000003 and 1000004 (which
 *      have none, so the generator gives each a Shared Web and a Named licence), through
 *      `npm run db:seed -- --web-checkouts N --customer C` (db/seed-web-scale.ts), then ANALYZE.
 *      Built once and kept in data/bench-cache/web-v<generator version>-<sizes>/ (git-ignored,
 *      scripts/bench-cache.ts); --reseed builds it again. The generator's time per customer
 *      (wall and CPU) is printed while it runs, kept in the cache's ready.json and repeated in
 *      the summary line. --quick uses 100,000 + 2 x 50,000 and 5 repetitions.
 *   2. A production server on that file with WEB_CONCURRENCY=1, signed in as admin@acme.example.
 *   3. For each case (scripts/bench-web-reporting-cases.ts): the page's data request
 *      (`/webtransactions.data?customer=1000001&<view>&_routes=...`, `/webreporting.data?...`,
 *      the whole body read, the count that follows the rows included) or the CSV download, and
 *      the API calls behind it run directly on the file (api/web-transactions.ts list page and
 *      count, or the export's count and keyset pages; api/web-report.ts webReport). First once
 *      to check that both give the same rows or figures, then warm-up rounds, then the
 *      repetitions, alternating which of the two goes first.
 *   4. One JSON line per case on stdout in the usage scenario's shape ({"case", "p50Ms",
 *      "p95Ms", "sqlP50Ms", "ratio", "targetMs", "met", "n"}; the export adds "rssGrowthMb"),
 *      then the summary line. Progress goes to stderr.
 *
 * Targets: p50 under 150 ms per page, the CSV of (just under) 30,000 rows under 1.5 s with the
 * server's memory growing less than 50 MB. Exit code: 0 when every case met its target, 1
 * otherwise, 2 on a setup failure.
 */
import os from 'node:os'
import fs from 'node:fs'
import path from 'node:path'
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { findActiveUser, type ApiUser } from '../api/auth'
import { listCount, listPage } from '../api/list-engine'
import type { PageRequest } from '../api/contract/list-requests'
import { EXPORT_PAGES, webTransactionList } from '../api/web-transactions'
import { webReport } from '../api/web-report'
import { webAccess } from '../api/web-store'
import type { WebTransactionRow } from '../api/contract/web-transactions'
import { formatRangeDay, presetRange } from '../app/domain/date-presets'
import { reportCsv } from '../app/web-report/report-text'
import type { Db } from '../db/client'
import { webTransactions } from '../db/schema'
import { WEB_GENERATOR_VERSION } from '../db/seed-web-scale'
import { benchDatabase, onBenchDatabase, type CacheInfo } from './bench-cache'
import { BENCH_CUSTOMER, BENCH_USER, log, SetupError } from './bench-server'
import { download, timeCase, timeInTurns } from './bench-timing'
import { EXPORT_MAX_ROWS, mostDaysWithin, summaryLine, type CaseLine } from './bench-usage-cases'
import {
  caseUrl,
  csvRecords,
  exportRequest,
  lastDays,
  missingMarkers,
  REPORT_DAYS,
  reportCsvDifferences,
  reportMarkers,
  transactionsRequest,
  webCases,
  webLine,
  YEAR_PRESET,
  type WebCase,
  type WebFacts,
} from './bench-web-reporting-cases'

export interface WebReportingOptions {
  quick: boolean
  /** Measured repetitions per case; 30 (5 with quick) by default. */
  repetitions?: number
  reseed: boolean
  build: boolean
}

const FULL = { customerCheckouts: 1_000_000, otherCheckouts: 500_000, repetitions: 30, warmup: 3 }
const QUICK = { customerCheckouts: 100_000, otherCheckouts: 50_000, repetitions: 5, warmup: 1 }
/** Customers without web licences in the demo data: the generator creates theirs. */
const OTHER_CUSTOMERS = ['1000003', '1000004']
/** Tries of the first comparison: a rolling preset's start moves between the two reads. */
const CHECK_TRIES = 3

type Sizes = typeof FULL
type WebCacheInfo = CacheInfo & { customerCheckouts: number; otherCheckouts: number }

export function webReportingScenario(options: WebReportingOptions): Promise<never> {
  const sizes: Sizes = { ...(options.quick ? QUICK : FULL) }
  if (options.repetitions !== undefined) sizes.repetitions = options.repetitions
  const checkouts = sizes.customerCheckouts + sizes.otherCheckouts * OTHER_CUSTOMERS.length
  // About 10 minutes per million on the shared 2-CPU machine under load (decision 0029), with room.
  const seedBudgetMs = Math.max(20 * 60_000, (checkouts / 1_000_000) * 20 * 60_000)
  const database = benchDatabase({
    key: `web-v${WEB_GENERATOR_VERSION}-${sizes.customerCheckouts}-${sizes.otherCheckouts}`,
    generatorVersion: WEB_GENERATOR_VERSION,
    seeds: [
      [],
      ...[BENCH_CUSTOMER, ...OTHER_CUSTOMERS].map((customer) => [
        '--web-checkouts',
        String(customer === BENCH_CUSTOMER ? sizes.customerCheckouts : sizes.otherCheckouts),
        '--customer',
        customer,
      ]),
    ],
    sizes: { customerCheckouts: sizes.customerCheckouts, otherCheckouts: sizes.otherCheckouts },
    reseed: options.reseed,
    seedBudgetMs,
  })
  const budgetMs = (database.cached ? 0 : seedBudgetMs) + (options.build ? 5 * 60_000 : 0) + 30 * 60_000
  return onBenchDatabase(
    database,
    { build: options.build, budgetMs },
    async ({ db, baseUrl, cookie, serverPid, info }) => {
      const generator = generatorTimes(info)
      for (const g of generator) {
        log(
          `generator: ${g.checkouts} web checkouts for ${g.customer} in ${g.seconds} s (CPU ${g.cpuSeconds ?? '?'} s)`,
        )
      }
      const user = await findActiveUser(db, BENCH_USER)
      if (!user) throw new SetupError(`${BENCH_USER} is not an active user of the database`)
      const lines = await measureAll(new Calls(db, user), baseUrl, cookie, serverPid, sizes)
      const settings = {
        quick: options.quick,
        customerCheckouts: info.customerCheckouts,
        otherCheckouts: info.otherCheckouts,
        otherCustomers: OTHER_CUSTOMERS,
        repetitions: sizes.repetitions,
        generatorVersion: info.generatorVersion,
        seededAt: info.seededAt,
        generator,
        cpus: os.availableParallelism(),
        loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
      }
      console.log(JSON.stringify(summaryLine(lines, settings, 'web-reporting')))
      return lines.every((l) => l.met) ? 0 : 1
    },
  )
}

/** The generator runs of the cache (the demo seeding left out): customer, checkouts, wall and CPU seconds. */
function generatorTimes(info: WebCacheInfo) {
  return (info.seeds ?? []).flatMap(({ args, seconds, cpuSeconds }) => {
    const value = (flag: string) => args[args.indexOf(flag) + 1]
    if (!args.includes('--web-checkouts')) return []
    return [{ customer: value('--customer'), checkouts: Number(value('--web-checkouts')), seconds, cpuSeconds }]
  })
}

/* ---------------------------------------------------------------- the API calls on the file */

interface SqlResult {
  rows: WebTransactionRow[]
  total: number | null
  report: Awaited<ReturnType<typeof webReport>> | null
}

/** What the screens' loaders ask the API for, made directly on the file as the signed-in user. */
class Calls {
  constructor(
    readonly db: Db,
    private readonly user: ApiUser,
  ) {}

  /** The customer's list (the access check first, as every call makes it). */
  async list() {
    return webTransactionList(this.db, (await webAccess(this.db, this.user, BENCH_CUSTOMER)).accountId)
  }

  async count(view: readonly [string, string][], now = Date.now()): Promise<number> {
    return await listCount(await this.list(), {
      filter: transactionsRequest(view, now).filter as PageRequest['filter'],
    })
  }

  async report(from: string, to: string) {
    const account = await webAccess(this.db, this.user, BENCH_CUSTOMER)
    return await webReport(this.db, account, { customerNumber: BENCH_CUSTOMER, from, to }, Date.now())
  }

  /** The case's calls: a page and its count; the export's count and its pages; the report. */
  async run(c: WebCase): Promise<SqlResult> {
    const now = Date.now()
    if (c.kind === 'report' || c.kind === 'report-csv') {
      const report = await this.report(param(c, 'from'), param(c, 'to'))
      if (c.kind === 'report-csv') reportCsv(report.entitlements)
      return { rows: [], total: null, report }
    }
    if (c.kind === 'page') {
      const request = transactionsRequest(c.view, now) as PageRequest
      const page = await listPage<WebTransactionRow>(await this.list(), request)
      return { rows: page.rows, total: await listCount(await this.list(), { filter: request.filter }), report: null }
    }
    const first = exportRequest(c.view, now) as PageRequest
    const total = await listCount(await this.list(), { filter: first.filter })
    const rows: WebTransactionRow[] = []
    let request: PageRequest = first
    while (rows.length < EXPORT_MAX_ROWS) {
      const page = await listPage<WebTransactionRow>(await this.list(), request, EXPORT_PAGES)
      rows.push(...page.rows)
      if (!page.token || page.rows.length < (first.limit ?? 0)) break
      request = { filter: first.filter, sorting: first.sorting, token: page.token, limit: first.limit }
    }
    return { rows, total, report: null }
  }
}

const param = (c: WebCase, name: string) => c.view.find(([key]) => key === name)?.[1] ?? ''

/** The facts the cases need, found now in the data. */
async function findFacts(calls: Calls): Promise<WebFacts> {
  const now = Date.now()
  const today = formatRangeDay(now)
  const yearView: [string, string][] = [['range', YEAR_PRESET]]
  const year = presetRange(YEAR_PRESET, now)
  const t = webTransactions
  const busy = calls.db
    .select({ user: t.userEmail, n: sql<number>`count(*)` })
    .from(t)
    .where(and(eq(t.accountId, BENCH_CUSTOMER), gte(t.at, year.from), lt(t.at, year.to)))
    .groupBy(t.userEmail)
    .orderBy(desc(sql`count(*)`), t.userEmail)
    .limit(1)
    .get()
  if (!busy) throw new SetupError(`customer ${BENCH_CUSTOMER} has no web transactions in the last year`)
  const daysCount = async (n: number) => {
    const days = lastDays(today, n)
    return await calls.count([
      ['from', days.from],
      ['to', days.to],
    ])
  }
  const exportDayCount = await mostDaysWithin(EXPORT_MAX_ROWS, 2 * 365, daysCount)
  if (exportDayCount === 0) throw new SetupError(`one day already holds more than ${EXPORT_MAX_ROWS} transactions`)
  const exportDays = lastDays(today, exportDayCount)
  return {
    customer: BENCH_CUSTOMER,
    busyUser: busy.user,
    yearTotal: await calls.count(yearView, now),
    exportDays: { ...exportDays, count: await daysCount(exportDayCount) },
    reportDays: lastDays(today, REPORT_DAYS),
  }
}

/* ---------------------------------------------------------------- the server */

/** Why the server's answer does not hold what the SQL found; null when it does. */
function difference(c: WebCase, body: string, found: SqlResult): string | null {
  if (c.kind === 'report') {
    const missing = missingMarkers(body, reportMarkers(found.report!))
    return missing.length ? `the answer lacks the report's ${missing.join(', ')}` : null
  }
  if (c.kind === 'report-csv') {
    const differing = reportCsvDifferences(body, found.report!)
    return differing.length ? `the CSV differs from the report's: ${differing.slice(0, 3).join(' | ')}` : null
  }
  if (found.rows.length === 0) return 'the SQL found no rows'
  const ends = [found.rows[0], found.rows.at(-1)!]
  if (c.kind === 'page') {
    const missing = ends.map((r) => JSON.stringify(r.time)).filter((time) => !body.includes(time))
    if (missing.length) return `rows of the SQL's page are not in the answer (times ${missing.join(', ')})`
    return body.includes(String(found.total)) ? null : `the SQL's total ${found.total} is not in the answer`
  }
  const records = csvRecords(body)
  if (records.length !== found.rows.length) return `the CSV has ${records.length} rows, the SQL ${found.rows.length}`
  if (found.total !== found.rows.length) return `the export's count ${found.total} is not its ${found.rows.length} rows`
  const missing = ends.filter((r) => !body.includes(r.time) || !body.includes(r.user)).map((r) => r.time)
  return missing.length ? `rows at ${missing.join(', ')} are not in the CSV` : null
}

/** Checks, once, that the server's answer holds what the SQL found (trying again while a rolling range moves). */
async function checkSame(c: WebCase, url: string, cookie: string, calls: Calls) {
  let why: string | null = null
  let body = ''
  for (let i = 0; i < CHECK_TRIES; i++) {
    const found = await calls.run(c)
    body = (await download(url, cookie)).toString()
    why = difference(c, body, found)
    if (why === null) {
      const shown =
        c.kind === 'report' || c.kind === 'report-csv' ? found.report!.entitlements.length : found.rows.length
      log(
        `${c.name}: the server's answer holds the SQL's ${c.kind.startsWith('report') ? 'entitlements' : 'rows'} (${shown}${found.total === null ? '' : ` of ${found.total}`})`,
      )
      return
    }
  }
  const file = path.join(os.tmpdir(), `portal-bench-web-${c.name}.txt`)
  fs.writeFileSync(file, body)
  throw new SetupError(`case ${c.name}: ${why} (the server's answer is in ${file})`)
}

async function measureAll(
  calls: Calls,
  baseUrl: string,
  cookie: string,
  serverPid: number | undefined,
  sizes: Sizes,
): Promise<CaseLine[]> {
  const facts = await findFacts(calls)
  log(
    `1 Year holds ${facts.yearTotal} transactions; busiest user ${facts.busyUser}; ` +
      `export ${facts.exportDays.from}..${facts.exportDays.to} (${facts.exportDays.count} rows); ` +
      `report ${facts.reportDays.from}..${facts.reportDays.to}`,
  )
  const lines: CaseLine[] = []
  for (const c of webCases(facts)) {
    const url = `${baseUrl}${caseUrl(c, facts.customer)}`
    const runCase = async () => {
      await checkSame(c, url, cookie, calls)
      return timeInTurns(
        () => download(url, cookie),
        async () => await calls.run(c),
        sizes,
      )
    }
    const { times, rssGrowth } = await timeCase(c.kind === 'export', serverPid, runCase)
    const line = webLine(c, times.pageMs, times.sqlMs, rssGrowth)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return lines
}
