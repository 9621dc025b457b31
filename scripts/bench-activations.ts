/**
 * npm run bench -- --scenario activations [--repetitions N] [--web-concurrency N] [--build]
 *
 * The fulfilment engine over HTTP against a production server (WEB_CONCURRENCY
 * processes, the number of CPUs by default, so the creates land on several
 * processes of one database file) on a fresh database, seeded on first start:
 *
 *   1. create-concurrent: a lease of 1000001 with exactly 10 available, and 50
 *      POST /api/fulfillments/create of 1 each for it on acme-lic01 at once, as
 *      admin@acme.example; each round (5 by default) on a fresh lease. Target:
 *      exactly 10 granted and 40 refused with 'Activated number must be less or
 *      equal to Available number.' every round, the database's active sum then
 *      10, and p99 of the requests under 500 ms.
 *   2. download-shared: POST /api/fulfillments/download of a host shared by
 *      1000001, 1000002 and 1000003 with 100 activated products in all, as
 *      busops@vendor.example (who sees all three), one after another (30 by
 *      default, after 3 to warm up); every answer a merged file with the 100
 *      INCREMENT lines. Target: p50 under 50 ms.
 *
 * The rows of both cases are written straight into the file before the
 * measurement (scripts/bench-activations-cases.ts). Stdout: a table, then one
 * JSON line per case and a summary line. Exit code 0 when both cases met their
 * targets, 1 otherwise, 2 on a setup failure.
 */
import { apiAs, type BenchApi } from './bench-api'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { openDb, type Db, closeDb } from '../db/client'
import { entitlements, fulfillments, hostAccounts, hosts } from '../db/schema'
import { DEMO_HOSTS } from '../db/seed-hosts'
import { todayUtc } from '../app/domain/entitlements'
import type { LicenseFile } from '../app/domain/activation-types'
import { getAccessToken } from '../tests/support/tokens'
import {
  BENCH_CUSTOMER,
  BENCH_PASSWORD,
  BENCH_USER,
  BenchRun,
  ensureBuild,
  log,
  runAndExit,
  serverEnv,
  SetupError,
} from './bench-server'
import {
  activationsTable,
  CONCURRENT_CREATES,
  createLease,
  createLine,
  downloadLine,
  SHARED_CUSTOMERS,
  SHARED_HOST_ID,
  SHARED_PRODUCTS,
  sharedFulfillment,
  sharedHost,
  sharedLeases,
  type CreateReply,
} from './bench-activations-cases'

/** Sees every customer of the shared host. */
const STAFF_USER = 'busops@vendor.example'
const CREATE_ROUNDS = 5
const DOWNLOADS = 30
const WARMUP = 3

export interface ActivationsScenarioOptions {
  /** Download repetitions (create rounds are a sixth of them, at least 1). */
  repetitions?: number
  webConcurrency?: number
  build: boolean
}

const lic01 = DEMO_HOSTS.find((h) => h.key === 'acme-lic01')!

function activeSum(db: Db, activationId: string): number {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${fulfillments.count}), 0)` })
    .from(fulfillments)
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(and(eq(entitlements.activationId, activationId), eq(fulfillments.status, 'ACTIVE')))
    .get()
  return Number(row?.total ?? 0)
}

/* ---------------------------------------------------------------- create-concurrent */

async function createRound(db: Db, api: BenchApi, round: number) {
  const lease = createLease(BENCH_CUSTOMER, round, todayUtc())
  db.insert(entitlements).values(lease).run()
  const body = {
    customerNumber: BENCH_CUSTOMER,
    serverId: lic01.ids.join(','),
    serverIdType: lic01.idType,
    activations: [{ id: lease.activationId, count: 1 }],
  }
  const replies = await Promise.all(
    Array.from({ length: CONCURRENT_CREATES }, async (): Promise<CreateReply> => {
      const started = performance.now()
      const r = await api('/fulfillments/create', body)
      return { status: r.status, err: r.json.err, ms: performance.now() - started }
    }),
  )
  return { replies, active: activeSum(db, lease.activationId) }
}

/* ---------------------------------------------------------------- download-shared */

function addSharedHost(db: Db) {
  const now = Date.now()
  db.transaction((tx) => {
    const host = tx.insert(hosts).values(sharedHost(now)).returning({ id: hosts.id }).get()
    for (const accountId of SHARED_CUSTOMERS) tx.insert(hostAccounts).values({ hostId: host.id, accountId }).run()
    sharedLeases(todayUtc()).forEach((lease, n) => {
      const { id } = tx.insert(entitlements).values(lease).returning({ id: entitlements.id }).get()
      tx.insert(fulfillments)
        .values(sharedFulfillment(id, host.id, lease.accountId, n, now))
        .run()
    })
  })
}

async function download(api: BenchApi): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now()
  const r = await api('/fulfillments/download', {
    customerNumber: BENCH_CUSTOMER,
    serverId: SHARED_HOST_ID,
    serverIdType: 'ETHERNET',
  })
  const ms = performance.now() - started
  const file = r.json.data as LicenseFile | undefined
  const increments = file?.licenseText.split('\n').filter((l) => l.startsWith('INCREMENT ')).length ?? 0
  return {
    ms,
    ok: r.status === 200 && increments === SHARED_PRODUCTS && file?.customers.length === SHARED_CUSTOMERS.length,
  }
}

/* ---------------------------------------------------------------- the run */

export function activationsScenario(options: ActivationsScenarioOptions): Promise<never> {
  const downloads = options.repetitions ?? DOWNLOADS
  const rounds = options.repetitions ? Math.max(1, Math.round(options.repetitions / 6)) : CREATE_ROUNDS
  const run = new BenchRun((options.build ? 5 * 60_000 : 0) + 10 * 60_000)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const server = await serverEnv(path.join(run.tempDir(), 'portal.db'), options.webConcurrency)
    await run.startServer(server)
    const db = openDb(server.env.DATABASE_PATH!)
    try {
      const customerApi = apiAs(server.baseUrl, await getAccessToken(server.baseUrl, BENCH_USER, BENCH_PASSWORD))
      const staffApi = apiAs(server.baseUrl, await getAccessToken(server.baseUrl, STAFF_USER, BENCH_PASSWORD))

      const results: CreateReply[][] = []
      const activeAfter: number[] = []
      for (let round = 0; round < rounds; round++) {
        const { replies, active } = await createRound(db, customerApi, round)
        results.push(replies)
        activeAfter.push(active)
        log(`create round ${round + 1}: ${replies.filter((r) => r.status === 200).length} granted, active ${active}`)
      }
      const create = createLine(results, activeAfter)

      addSharedHost(db)
      const first = await download(staffApi)
      if (!first.ok) throw new SetupError('the shared host’s download is not the merged file of 100 products')
      for (let i = 0; i < WARMUP; i++) await download(staffApi)
      const ms: number[] = []
      let errors = 0
      for (let i = 0; i < downloads; i++) {
        const r = await download(staffApi)
        ms.push(r.ms)
        if (!r.ok) errors++
      }
      const merged = downloadLine(ms, errors, SHARED_CUSTOMERS.length, SHARED_PRODUCTS)

      console.log(activationsTable(create, merged))
      console.log(JSON.stringify(create))
      console.log(JSON.stringify(merged))
      console.log(
        JSON.stringify({
          summary: 'activations',
          cases: 2,
          met: [create, merged].filter((l) => l.met).length,
          missed: [create, merged].filter((l) => !l.met).map((l) => l.case),
          webConcurrency: options.webConcurrency ?? (Number(process.env.WEB_CONCURRENCY) || os.availableParallelism()),
          cpus: os.availableParallelism(),
          loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
        }),
      )
      return create.met && merged.met ? 0 : 1
    } finally {
      closeDb(db)
    }
  })
}
