/**
 * npm run bench -- --scenario statement [--quick] [--repetitions N] [--reseed] [--build]
 *
 * Elastic Statements at a million sessions, on the usage scenario's cached
 * database (scripts/bench-usage.ts: 1,000,000 sessions for 1000001, 4,000,000
 * for others; --quick for a tenth):
 *
 *   1. statement-month and statement-year: the screen's data request
 *      (`/statementv2.data?customer=1000001&from=..&to=..`) against the
 *      statement computed directly on the file by api/statements.ts in this
 *      process, alternating which goes first; first once to check that the page
 *      holds the SQL's figures. Target: p50 under 200 ms and at most 1.5x the SQL.
 *   2. pdf-warm: GET /statementv2/pdf of the month with the server's browser
 *      running. Target: p50 under 400 ms.
 *   3. pdf-cold: the same right after the server's Chromium was killed, so the
 *      print starts a new one (the printer's restart). Target: p50 under 1.5 s.
 *   4. pdf-concurrent: 5 exports at once, repeated; every answer a PDF, and
 *      never more than one Chromium browser under the server (sampled).
 *
 * One JSON line per case on stdout, then a summary line. Exit code 0 when every
 * case met its targets, 1 otherwise, 2 on a setup failure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Db } from '../db/client'
import { eq } from 'drizzle-orm'
import { accounts } from '../db/schema'
import { computeStatement, requestPeriod } from '../api/statement-data'
import { formatRangeDay } from '../app/domain/date-presets'
import { BENCH_CUSTOMER, log, SetupError, sleep } from './bench-server'
import { onUsageDatabase, runSettings, type UsageScenarioOptions } from './bench-usage'
import { download, timeInTurns } from './bench-timing'
import { caseLine, type CaseLine } from './bench-usage-cases'
import {
  benchPeriods,
  CONCURRENT_EXPORTS,
  pdfLine,
  PDF_COLD_TARGET_MS,
  PDF_WARM_TARGET_MS,
  STATEMENT_TARGET_MS,
  statementDataUrl,
  statementPdfUrl,
  type Period,
  type PdfLine,
} from './bench-statement-cases'

const COLD_RUNS = 5
const CONCURRENT_ROUNDS = 4
const PROCESS_SAMPLE_MS = 20

export function statementScenario(options: UsageScenarioOptions): Promise<never> {
  return onUsageDatabase(options, async ({ db, baseUrl, cookie, serverPid, sizes, info }) => {
    const now = Date.now()
    const lines: (CaseLine | PdfLine)[] = []
    const emit = (line: CaseLine | PdfLine) => {
      console.log(JSON.stringify(line))
      lines.push(line)
    }
    for (const period of benchPeriods(now)) emit(await statementCase(db, baseUrl, cookie, period, now, sizes))
    const pdfUrl = `${baseUrl}${statementPdfUrl(BENCH_CUSTOMER, benchPeriods(now)[0])}`
    emit(await pdfWarm(pdfUrl, cookie, sizes))
    emit(await pdfCold(pdfUrl, cookie, serverPid))
    emit(await pdfConcurrent(pdfUrl, cookie, serverPid))
    console.log(
      JSON.stringify({
        summary: 'statement',
        cases: lines.length,
        met: lines.filter((l) => l.met).length,
        missed: lines.filter((l) => !l.met).map((l) => l.case),
        ...runSettings(options, sizes, info),
      }),
    )
    return lines.every((l) => l.met) ? 0 : 1
  })
}

/* ---------------------------------------------------------------- requests */

async function get(url: string, cookie: string): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) }
}

const isPdf = (res: { status: number; type: string; body: Buffer }) =>
  res.status === 200 && res.type.startsWith('application/pdf') && res.body.subarray(0, 5).toString() === '%PDF-'

/* ---------------------------------------------------------------- the statement */

/** What the API computes for the page's call: the customer's row, then the statement from the pre-aggregates. */
async function statementSql(db: Db, period: Period, now: number) {
  const account = db.select().from(accounts).where(eq(accounts.accountId, BENCH_CUSTOMER)).get()
  if (!account) throw new SetupError(`customer ${BENCH_CUSTOMER} is not in the database`)
  return await computeStatement(db, account, requestPeriod(period.from, period.to), formatRangeDay(now))
}

async function statementCase(
  db: Db,
  baseUrl: string,
  cookie: string,
  period: Period,
  now: number,
  sizes: { repetitions: number; warmup: number },
): Promise<CaseLine> {
  const url = `${baseUrl}${statementDataUrl(BENCH_CUSTOMER, period)}`
  const expected = await statementSql(db, period, now)
  const body = (await download(url, cookie)).toString()
  // The data request answers the figures as numbers.
  const used = expected.Records.filter((r) => r.Used !== 0).map((r) => String(r.Used))
  const missing = used.filter((text) => !body.includes(text))
  if (expected.Records.length === 0 || missing.length > 0) {
    const file = path.join(os.tmpdir(), `portal-bench-statement-${period.name}.txt`)
    fs.writeFileSync(file, body)
    throw new SetupError(
      `statement-${period.name}: the page lacks the SQL's Period Used ${missing.join(', ')} (the answer is in ${file})`,
    )
  }
  log(`statement-${period.name} ${period.from}..${period.to}: ${expected.Records.length} records`)
  const { pageMs, sqlMs } = await timeInTurns(
    () => download(url, cookie),
    async () => await statementSql(db, period, now),
    sizes,
  )
  return caseLine({ name: `statement-${period.name}`, targetMs: STATEMENT_TARGET_MS }, pageMs, sqlMs)
}

/* ---------------------------------------------------------------- the PDF */

async function timedPdf(url: string, cookie: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now()
  const res = await get(url, cookie)
  return { ms: performance.now() - started, ok: isPdf(res) }
}

async function pdfWarm(url: string, cookie: string, sizes: { repetitions: number; warmup: number }) {
  const first = await timedPdf(url, cookie)
  if (!first.ok) throw new SetupError(`GET ${url} did not answer a PDF`)
  for (let i = 0; i < sizes.warmup; i++) await timedPdf(url, cookie)
  const ms: number[] = []
  let errors = 0
  for (let i = 0; i < sizes.repetitions; i++) {
    const r = await timedPdf(url, cookie)
    ms.push(r.ms)
    if (!r.ok) errors++
  }
  return pdfLine('pdf-warm', ms, PDF_WARM_TARGET_MS, errors)
}

/** The processes of the machine as pid → parent pid and command name. */
function processes(): Map<number, { ppid: number; comm: string }> {
  const found = new Map<number, { ppid: number; comm: string }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const comm = stat.slice(stat.indexOf('(') + 1, close)
      const ppid = Number(stat.slice(close + 2).split(' ')[1])
      found.set(Number(entry), { ppid, comm })
    } catch {
      // Gone meanwhile.
    }
  }
  return found
}

/** The Chromium browsers started by the server: its direct children running chromium. */
function browsersOf(serverPid: number): number[] {
  return [...processes()].filter(([, p]) => p.ppid === serverPid && p.comm.startsWith('chromium')).map(([pid]) => pid)
}

async function killBrowsers(serverPid: number) {
  const pids = browsersOf(serverPid)
  for (const pid of pids) process.kill(pid, 'SIGKILL')
  // Until the server has seen it go (the printer starts a new browser on the next print).
  for (let i = 0; i < 100 && browsersOf(serverPid).some((pid) => pids.includes(pid)); i++) await sleep(20)
  await sleep(100)
}

async function pdfCold(url: string, cookie: string, serverPid: number | undefined) {
  if (!serverPid) throw new SetupError('the server has no process id')
  const ms: number[] = []
  let errors = 0
  for (let i = 0; i < COLD_RUNS; i++) {
    await killBrowsers(serverPid)
    const r = await timedPdf(url, cookie)
    ms.push(r.ms)
    if (!r.ok) errors++
  }
  return pdfLine('pdf-cold', ms, PDF_COLD_TARGET_MS, errors)
}

async function pdfConcurrent(url: string, cookie: string, serverPid: number | undefined) {
  if (!serverPid) throw new SetupError('the server has no process id')
  let most = browsersOf(serverPid).length
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      most = Math.max(most, browsersOf(serverPid).length)
      await sleep(PROCESS_SAMPLE_MS)
    }
  })()
  const ms: number[] = []
  let errors = 0
  try {
    for (let round = 0; round < CONCURRENT_ROUNDS; round++) {
      const started = performance.now()
      const results = await Promise.all(Array.from({ length: CONCURRENT_EXPORTS }, () => timedPdf(url, cookie)))
      ms.push(performance.now() - started)
      errors += results.filter((r) => !r.ok).length
    }
  } finally {
    sampling = false
    await sampler
  }
  // The time is that of the whole round (the last of the five exports).
  return pdfLine('pdf-concurrent', ms, CONCURRENT_EXPORTS * PDF_WARM_TARGET_MS, errors, most)
}
