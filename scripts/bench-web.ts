/**
 * npm run bench -- --scenario web [--repetitions N] [--web-concurrency N] [--build]
 *
 * The web licence service over HTTP against a production server (WEB_CONCURRENCY processes,
 * the number of CPUs by default, so the checkouts land on several processes of one database
 * file) on a fresh database with the demo data, seeded on first start:
 *
 *   checkout-concurrent: 200 POST /api/web/checkout at once for Acme's 'Ansys Discovery' (10
 *   shared seats open to every web user), as weblicense@vendor.example, the e-mails cycling
 *   over Acme's 40 web users; then every granted seat is checked in; 25 rounds to warm the
 *   server's code up (not timed; a fresh process gets faster over its first few thousand
 *   calls, docs/decisions/0002), then 5 timed rounds by default (`--repetitions N`).
 *   Target: every round exactly 10 granted and 190 refused 'no-free-seat', the database's web
 *   transactions of the round 10 'granted' and 190 'no-free-seat' denials, 10 seats running
 *   after the round and none after the check-ins; p99 of the checkouts under 100 ms.
 *
 * Stdout: a table, then one JSON line for the case and a summary line. Exit code 0 when the
 * case met its target, 1 otherwise, 2 on a setup failure.
 */
import { apiAs, type BenchApi } from './bench-api'
import os from 'node:os'
import path from 'node:path'
import { openDb, type Db, closeDb } from '../db/client'
import { demoWebUsers } from '../db/seed-web'
import { getAccessToken } from '../tests/support/tokens'
import {
  BENCH_CUSTOMER,
  BENCH_PASSWORD,
  BenchRun,
  ensureBuild,
  log,
  processTreeCpuMs,
  runAndExit,
  serverEnv,
  SetupError,
} from './bench-server'
import { CONCURRENT_CHECKOUTS, checkoutLine, webTable, type CheckoutReply, type RoundRecord } from './bench-web-cases'

const SERVICE_USER = 'weblicense@vendor.example'
const PRODUCT = 'Ansys Discovery'
const ROUNDS = 5
const WARMUP_ROUNDS = 25

export interface WebScenarioOptions {
  repetitions?: number
  webConcurrency?: number
  build: boolean
  /** Extra arguments for the server's node (`--cpu-prof`). */
  nodeArgs?: string[]
}

const count = (db: Db, query: string, ...params: unknown[]) =>
  (db.$client.prepare(query).get(...params) as { n: number }).n

function running(db: Db) {
  return count(
    db,
    `SELECT count(*) AS n FROM web_checkouts c JOIN entitlements e ON e.id = c.entitlement_id
     WHERE e.account_id = ? AND e.product = ? AND c.ended_at IS NULL`,
    BENCH_CUSTOMER,
    PRODUCT,
  )
}

/** The round's web transactions of the product, after the id the round started from. */
function recorded(db: Db, afterId: number, outcome: 'granted' | 'denied') {
  return count(
    db,
    `SELECT count(*) AS n FROM web_transactions WHERE id > ? AND account_id = ? AND product = ? AND outcome = ?
     AND reason = ?`,
    afterId,
    BENCH_CUSTOMER,
    PRODUCT,
    outcome,
    outcome === 'denied' ? 'no-free-seat' : '',
  )
}

async function checkoutRound(db: Db, post: BenchApi, emails: string[], serverCpuMs: () => number | null) {
  const cpuBefore = serverCpuMs()
  const afterId = count(db, `SELECT coalesce(max(id), 0) AS n FROM web_transactions`)
  const granted: string[] = []
  const replies = await Promise.all(
    Array.from({ length: CONCURRENT_CHECKOUTS }, async (_, n): Promise<CheckoutReply> => {
      const started = performance.now()
      const r = await post('/web/checkout', {
        customerNumber: BENCH_CUSTOMER,
        email: emails[n % emails.length],
        product: PRODUCT,
        clientHost: `bench-${n}`,
      })
      const ms = performance.now() - started
      const data = r.json.data as { outcome: string; reason?: string; checkoutId?: string } | undefined
      if (data?.outcome === 'granted') granted.push(data.checkoutId!)
      return { status: r.status, outcome: data ? (data.reason ?? data.outcome) : (r.json.err ?? ''), ms }
    }),
  )
  const cpuAfter = serverCpuMs()
  const activeAfter = running(db)
  const returned = await Promise.all(granted.map((checkoutId) => post('/web/checkin', { checkoutId })))
  if (returned.some((r) => r.status !== 200)) throw new SetupError('a granted seat could not be checked in')
  const record: RoundRecord = {
    granted: recorded(db, afterId, 'granted'),
    denied: recorded(db, afterId, 'denied'),
    activeAfter,
    activeAfterReturn: running(db),
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  }
  return { replies, record }
}

export function webScenario(options: WebScenarioOptions): Promise<never> {
  const rounds = options.repetitions ?? ROUNDS
  const run = new BenchRun((options.build ? 5 * 60_000 : 0) + 10 * 60_000)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const server = await serverEnv(path.join(run.tempDir(), 'portal.db'), options.webConcurrency)
    const child = await run.startServer(server, options.nodeArgs)
    const serverCpuMs = () => processTreeCpuMs(child.pid)
    const db = openDb(server.env.DATABASE_PATH!)
    try {
      const post = apiAs(server.baseUrl, await getAccessToken(server.baseUrl, SERVICE_USER, BENCH_PASSWORD))
      const emails = demoWebUsers(BENCH_CUSTOMER).map((u) => u.email)
      if (running(db) !== 0) throw new SetupError(`${PRODUCT} has seats running before the bench`)
      const results: CheckoutReply[][] = []
      const records: RoundRecord[] = []
      for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
        const { replies, record } = await checkoutRound(db, post, emails, serverCpuMs)
        results.push(replies)
        records.push(record)
        log(
          `${round < WARMUP_ROUNDS ? 'warm-up ' : ''}round ${round + 1}: ${replies.filter((r) => r.outcome === 'granted').length} granted, ` +
            `recorded ${record.granted} granted + ${record.denied} denied, running ${record.activeAfter}, ` +
            `after check-in ${record.activeAfterReturn}`,
        )
      }
      const line = checkoutLine(results, records, WARMUP_ROUNDS)
      console.log(webTable(line))
      console.log(JSON.stringify(line))
      console.log(
        JSON.stringify({
          summary: 'web',
          cases: 1,
          met: line.met ? 1 : 0,
          missed: line.met ? [] : [line.case],
          webConcurrency: options.webConcurrency ?? (Number(process.env.WEB_CONCURRENCY) || os.availableParallelism()),
          cpus: os.availableParallelism(),
          loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
        }),
      )
      return line.met ? 0 : 1
    } finally {
      closeDb(db)
    }
  })
}
