/**
 * Usage sessions at scale for one customer: `npm run db:seed -- --usage N --customer C`.
 *
 * The sessions are charged against the customer's scale entitlement (a long-running
 * elastic entitlement created on first use, whose quantity grows with its Used so
 * the credit never runs out) and spread over the five years before the seed day:
 * products from the rate table, 20 to 200 users, hosts and projects of the
 * customer's own, lengths from minutes to days (mostly short), a few sessions still
 * running, cloud job ids for some customers only. Hours, Charge and Currency are
 * what the API charges. The same (customer, N, seed day) always gives the same
 * sessions.
 *
 * Rows go in batches, each one transaction that also adds the batch's charges to the
 * entitlement's Used and its counts to the usage pre-aggregates, so every commit keeps both
 * in step with the sessions.
 */
import { transact } from './transact'
import { insertMany } from './bulk-writes'
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { todayUtc } from '../app/domain/entitlements'
import {
  hourlyRate,
  LATEST_RATE_TABLE_VERSION,
  RATED_PRODUCTS,
  sessionCharge,
  sessionHours,
} from '../app/domain/elastic-rates'
import type { Db } from './client'
import { accounts, elasticServers, entitlements, usageSessions } from './tables'
import { demoActivationId, elastic } from './seed-entitlements'
import { featureOf, productLine, randomSequence, timestampText } from './seed-usage'
import { countSessions, DAY_MS, type CountedSession } from './usage-aggregates'

/** Bump when the generated sessions change, so caches of generated databases are rebuilt. */
export const USAGE_GENERATOR_VERSION = 1

/** The customers whose sessions carry cloud job ids besides those the hash picks. */
const CLOUD_CUSTOMERS = new Set(['1000001'])
const YEARS = 5
const BATCH = 5000
/** Sessions still running when the data is generated (at most). */
const RUNNING = 8

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0)

export function usesCloudJobs(customer: string) {
  return CLOUD_CUSTOMERS.has(customer) || seedOf(`cloud:${customer}`) % 3 === 0
}

export function scaleEntitlementKey(customer: string) {
  return `scale-elastic-${customer}`
}

/** The people, machines and work of one customer: the same for every run. */
function siteOf(customer: string) {
  const rnd = randomSequence(seedOf(`site:${customer}`))
  const users = Array.from({ length: rnd.int(20, 200) }, (_, i) => `${rnd.pick(NAMES)}.${rnd.pick(SURNAMES)}${i}`)
  const hosts = Array.from({ length: rnd.int(8, 60) }, (_, i) =>
    i % 4 === 0 ? `hpc-${customer}-node${String(i).padStart(3, '0')}.cluster.internal` : `ws-${customer}-${i}`,
  )
  const projects = Array.from({ length: rnd.int(5, 30) }, () => `${rnd.pick(PROJECT_WORDS)} ${rnd.int(100, 999)}`)
  // Some products are used much more than others.
  const products = [...RATED_PRODUCTS].sort(() => rnd.next() - 0.5)
  const weights = products.map((_, i) => 1 / (i + 1))
  return { users, hosts, projects, products, weights, cloud: usesCloudJobs(customer) }
}

const NAMES = ['ana', 'ben', 'chen', 'dara', 'eli', 'fatma', 'gus', 'hiro', 'ines', 'jon', 'kofi', 'lena', 'mo']
const SURNAMES = ['smith', 'garcia', 'kim', 'muller', 'rossi', 'sato', 'okafor', 'novak', 'silva', 'berg', 'patel']
const PROJECT_WORDS = [
  'Wing',
  'Rotor',
  'Battery',
  'Chassis',
  'Antenna',
  'Pump',
  'Valve',
  'Turbine',
  'Heat Sink',
  'Gear',
]

/** A session length in ms: mostly minutes to a few hours, some a day or more. */
function lengthMs(rnd: ReturnType<typeof randomSequence>) {
  const roll = rnd.next()
  const minutes =
    roll < 0.55
      ? rnd.int(2, 60)
      : roll < 0.85
        ? rnd.int(60, 4 * 60)
        : roll < 0.97
          ? rnd.int(4 * 60, 24 * 60)
          : rnd.int(24 * 60, 4 * 24 * 60)
  return minutes * 60_000 + rnd.int(0, 59_999)
}

export interface UsageScaleOptions {
  customer: string
  sessions: number
  /** The generation time; the sessions depend on its UTC day only. */
  now?: number
  /** Called after each committed batch with the sessions written so far. */
  progress?: (written: number) => void
}

export interface UsageScaleSummary {
  customer: string
  sessions: number
  activationId: string
  running: number
}

/** The customer's scale entitlement, created when missing. */
async function scaleEntitlement(db: Db, customer: string, seedDay: number) {
  const activationId = demoActivationId(scaleEntitlementKey(customer))
  const found = (await db.select().from(entitlements).where(eq(entitlements.activationId, activationId)))[0]
  if (found) return found
  const { key: _key, ...row } = elastic(
    {
      key: scaleEntitlementKey(customer),
      accountId: customer,
      start: -(YEARS * 365 + 31),
      end: 3 * 365,
      quantity: 1000,
      currency: 'USD',
      po: `PO-${customer}-ELASTIC-5Y`,
    },
    todayUtc(new Date(seedDay)),
  )
  return (
    await transact(
      db,
      async (tx) =>
        await tx
          .insert(entitlements)
          .values({ ...row, createdAt: seedDay })
          .returning(),
    )
  )[0]
}

/** Appends `sessions` generated sessions for a customer (see the module comment). */
export async function seedUsageScale(db: Db, options: UsageScaleOptions): Promise<UsageScaleSummary> {
  const { customer, sessions: total } = options
  if (!Number.isInteger(total) || total < 0) throw new Error(`sessions must be a whole number, got ${total}`)
  const account = (await db.select().from(accounts).where(eq(accounts.accountId, customer)))[0]
  if (!account) throw new Error(`Customer ${customer} does not exist (seed the demo data or --scale first)`)
  const seedDay = Math.floor((options.now ?? Date.now()) / DAY_MS) * DAY_MS
  const entitlement = await scaleEntitlement(db, customer, seedDay)
  const server = (
    await db
      .select({ deviceId: elasticServers.deviceId })
      .from(elasticServers)
      .where(eq(elasticServers.accountId, customer))
  )[0]
  const serverId = server?.deviceId ?? `ELS-${customer}-SCALE`
  const site = siteOf(customer)
  const version = entitlement.rateTableVersion ?? LATEST_RATE_TABLE_VERSION
  const rnd = randomSequence(seedOf(`usage:${customer}:${total}:${seedDay}`))
  const weightSum = site.weights.reduce((a, b) => a + b, 0)
  const pickProduct = () => {
    let roll = rnd.next() * weightSum
    for (let i = 0; i < site.products.length; i++) if ((roll -= site.weights[i]) <= 0) return site.products[i]
    return site.products[site.products.length - 1]
  }

  // Start times, oldest first (as a licence server reports them); the last few are still running.
  const from = seedDay - YEARS * 365 * DAY_MS
  const starts = new Float64Array(total)
  for (let i = 0; i < total; i++) starts[i] = from + Math.floor(rnd.next() * (seedDay - from - 2 * DAY_MS))
  starts.sort()
  const running = Math.min(RUNNING, total)
  for (let i = 0; i < running; i++) starts[total - running + i] = seedDay - (running - i) * 3 * 3_600_000

  let used = entitlement.used
  let quantity = entitlement.quantity
  const writeBatch = (first: number, last: number) =>
    transact(db, async (tx) => {
      const rows: (typeof usageSessions.$inferInsert)[] = []
      const counted: CountedSession[] = []
      let charges = 0
      for (let i = first; i < last; i++) {
        const startTs = starts[i]
        const endTs = i >= total - running ? null : Math.min(startTs + lengthMs(rnd), seedDay - 60_000)
        const product = pickProduct()
        const productCount = /HPC/.test(product) ? rnd.pick([8, 16, 32, 64, 128]) : rnd.next() < 0.12 ? 2 : 1
        const hours = endTs === null ? 0 : sessionHours(startTs, endTs)
        const charge = endTs === null ? 0 : sessionCharge({ hours, productCount, rate: hourlyRate(version, product) })
        const userIndex = rnd.int(0, site.users.length - 1)
        rows.push({
          entitlementId: entitlement.id,
          accountId: customer,
          activationId: entitlement.activationId,
          startTime: timestampText(startTs),
          endTime: endTs === null ? null : timestampText(endTs),
          startTs,
          endTs,
          product,
          productCount,
          count: 1,
          length: endTs === null ? null : Math.round((endTs - startTs) / 1000),
          user: site.users[userIndex],
          host: rnd.pick(site.hosts),
          deviceId: `${rnd.hex(8)}-${rnd.hex(4)}-${rnd.hex(4)}-${rnd.hex(12)}`,
          sessionStatus: endTs === null ? 'Active' : 'Closed',
          serverId,
          feature: featureOf(product),
          featureFno: String(10_000 + (seedOf(product) % 90_000)),
          ipAddress: `198.18.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
          refererIpAddress: `10.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
          productLine: productLine(product),
          rateFileVersion: version,
          pid: String(rnd.int(1_000, 65_000)),
          acquisition: 'Elastic',
          consumerId: `CNS-${customer}-${userIndex + 1}`,
          project: rnd.pick(site.projects),
          productVersion: rnd.next() < 0.6 ? '2025 R1' : rnd.next() < 0.7 ? '2024 R2' : '2024 R1',
          cloudJobId: site.cloud && rnd.next() < 0.1 ? `acj-${rnd.hex(12)}` : null,
          hours,
          charge,
          currency: entitlement.currency,
        })
        counted.push({ accountId: customer, entitlementId: entitlement.id, product, startTs, endTs, charge })
        charges += charge
      }
      await insertMany(tx, usageSessions, rows)
      await countSessions(tx, counted)
      // Used is the sum of the charges; the quantity stays ahead of it so the credit never runs out.
      used += charges
      quantity = Math.max(quantity, Math.ceil((used * 1.25) / 1000) * 1000)
      await tx
        .update(entitlements)
        .set({ used: sql`${entitlements.used} + ${charges}`, quantity, price: quantity * 0.5 })
        .where(eq(entitlements.id, entitlement.id))
    })
  for (let first = 0; first < total; first += BATCH) {
    await writeBatch(first, Math.min(first + BATCH, total))
    options.progress?.(Math.min(first + BATCH, total))
  }
  return { customer, sessions: total, activationId: entitlement.activationId, running }
}
