/**
 * The activations bench's data and figures as pure functions: the rows it adds
 * to the database (a lease with exactly the quantity the creates compete for,
 * and a host shared by three customers with 100 activated products), and the
 * JSON line of each case. scripts/bench-activations.ts runs them.
 */
import { OVER_AVAILABLE_MESSAGE } from '../app/domain/activation-types'
import { addDays } from '../app/domain/entitlements'
import type { entitlements, fulfillments, hosts } from '../db/schema'
import { percentile } from './bench-stats'

/** 50 creates of 1 at once for an entitlement with 10 available. */
export const CONCURRENT_CREATES = 50
export const CREATE_QUANTITY = 10
export const CREATE_P99_TARGET_MS = 500
/** The merged file of a host with 3 customers and 100 products. */
export const SHARED_CUSTOMERS = ['1000001', '1000002', '1000003']
export const SHARED_PRODUCTS = 100
export const DOWNLOAD_P50_TARGET_MS = 50
export const SHARED_HOST_ID = 'be0c4a5e0100'
export const BENCH_MARK = 'Activations bench'

type EntitlementRow = typeof entitlements.$inferInsert

function benchLease(activationId: string, accountId: string, product: string, quantity: number, today: string) {
  return {
    activationId,
    accountId,
    type: 'SSL',
    state: 'Deployed',
    entitlementName: BENCH_MARK,
    product,
    productName: product,
    licenseModel: 'Annual Lease',
    count: quantity,
    quantity,
    startDate: addDays(today, -30),
    endDate: addDays(today, 335),
    versionDate: addDays(today, 335),
    vendorDaemon: 'ansyslmd',
    createdAt: Date.parse(`${today}T00:00:00Z`),
  } satisfies EntitlementRow
}

/** The lease a round of creates competes for: CREATE_QUANTITY available, none activated. */
export function createLease(accountId: string, round: number, today: string): EntitlementRow {
  return benchLease(
    `BNCH-CRT0-${String(round).padStart(4, '0')}-0010`,
    accountId,
    'Ansys Bench Create',
    CREATE_QUANTITY,
    today,
  )
}

export function sharedHost(now: number): typeof hosts.$inferInsert {
  return {
    name: 'bench-shared-lic',
    hostIds: SHARED_HOST_ID,
    hostIdTypes: 'ETHERNET',
    identifier: SHARED_HOST_ID,
    port: 1055,
    state: 'ACTIVE',
    borrowable: 1,
    createdAt: now,
  }
}

/** SHARED_PRODUCTS leases spread over the customers, each with 2 of 5 activated on the shared host. */
export function sharedLeases(today: string): EntitlementRow[] {
  return Array.from({ length: SHARED_PRODUCTS }, (_, i) =>
    benchLease(
      `BNCH-SHR0-${String(i).padStart(4, '0')}-0005`,
      SHARED_CUSTOMERS[i % SHARED_CUSTOMERS.length],
      `Ansys Bench Product ${String(i + 1).padStart(3, '0')}`,
      5,
      today,
    ),
  )
}

export function sharedFulfillment(
  entitlementId: number,
  hostId: number,
  accountId: string,
  n: number,
  now: number,
): typeof fulfillments.$inferInsert {
  return {
    fulfillmentId: `FID-BENCH${String(n).padStart(7, '0')}`,
    entitlementId,
    hostId,
    accountId,
    count: 2,
    status: 'ACTIVE',
    action: 'EDIT',
    modifiedBy: BENCH_MARK,
    fulfilledAt: now,
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

export interface CreateReply {
  status: number
  err?: string
  ms: number
}

export interface CreateLine {
  case: 'create-concurrent'
  rounds: number
  /** Per round. */
  requests: number
  granted: number[]
  refused: number[]
  /** Refusals that were not OVER_AVAILABLE_MESSAGE, and failures of any other kind. */
  wrong: number
  /** Active fulfilments per round's lease after the round, from the database. */
  activeAfter: number[]
  p50Ms: number
  p99Ms: number
  maxMs: number
  targetP99Ms: number
  met: boolean
}

/** The rounds of concurrent creates: exactly the quantity granted each round, the rest refused, p99 in target. */
export function createLine(rounds: readonly CreateReply[][], activeAfter: readonly number[]): CreateLine {
  const ms = rounds.flatMap((r) => r.map((x) => x.ms)).sort((a, b) => a - b)
  const granted = rounds.map((r) => r.filter((x) => x.status === 200).length)
  const refused = rounds.map((r) => r.filter((x) => x.status === 409 && x.err === OVER_AVAILABLE_MESSAGE).length)
  const wrong = rounds.reduce((sum, r, i) => sum + r.length - granted[i] - refused[i], 0)
  const p99 = percentile(ms, 0.99)
  return {
    case: 'create-concurrent',
    rounds: rounds.length,
    requests: CONCURRENT_CREATES,
    granted,
    refused,
    wrong,
    activeAfter: [...activeAfter],
    p50Ms: round(percentile(ms, 0.5)),
    p99Ms: round(p99),
    maxMs: round(ms.at(-1) ?? 0),
    targetP99Ms: CREATE_P99_TARGET_MS,
    met:
      rounds.length > 0 &&
      granted.every((g) => g === CREATE_QUANTITY) &&
      activeAfter.every((a) => a === CREATE_QUANTITY) &&
      wrong === 0 &&
      p99 < CREATE_P99_TARGET_MS,
  }
}

export interface DownloadLine {
  case: 'download-shared'
  customers: number
  products: number
  p50Ms: number
  p95Ms: number
  targetP50Ms: number
  errors: number
  n: number
  met: boolean
}

export function downloadLine(ms: readonly number[], errors: number, customers: number, products: number): DownloadLine {
  const sorted = [...ms].sort((a, b) => a - b)
  const p50 = percentile(sorted, 0.5)
  return {
    case: 'download-shared',
    customers,
    products,
    p50Ms: round(p50),
    p95Ms: round(percentile(sorted, 0.95)),
    targetP50Ms: DOWNLOAD_P50_TARGET_MS,
    errors,
    n: sorted.length,
    met: sorted.length > 0 && errors === 0 && p50 < DOWNLOAD_P50_TARGET_MS,
  }
}

/** The figures as a table for people: one row per case. */
export function activationsTable(create: CreateLine, download: DownloadLine): string {
  const rows = [
    ['case', 'figures', 'p50', 'p99/p95', 'target', 'met'],
    [
      create.case,
      `${create.rounds} x ${create.requests} creates: granted ${create.granted.join('/')}, refused ${create.refused.join('/')}, wrong ${create.wrong}`,
      `${create.p50Ms} ms`,
      `p99 ${create.p99Ms} ms`,
      `${CREATE_QUANTITY} granted, p99 < ${create.targetP99Ms} ms`,
      create.met ? 'yes' : 'NO',
    ],
    [
      download.case,
      `${download.customers} customers, ${download.products} products, ${download.n} downloads, ${download.errors} errors`,
      `${download.p50Ms} ms`,
      `p95 ${download.p95Ms} ms`,
      `p50 < ${download.targetP50Ms} ms`,
      download.met ? 'yes' : 'NO',
    ],
  ]
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)))
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
