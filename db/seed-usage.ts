/**
 * Demo data: the usage sessions behind each elastic entitlement's Used, relative to
 * the seed time and the same on every run (a seeded random sequence). Each session
 * is charged as the API charges one (hours × product count × the rate of its
 * product in the entitlement's rate table).
 *
 * Each elastic entitlement gets the usage its role in the demo needs: Acme's main
 * one a steady recent use that runs the credit out within the term (its quantity
 * follows from that use), Acme's second none in the last 30 days, the fully used
 * ones sessions until their quantity is reached, and so on.
 */
import { createHash } from 'node:crypto'
import { hourlyRate, RATED_PRODUCTS, sessionCharge, sessionHours } from '../app/domain/elastic-rates'
import { PRODUCT_NAME } from '../app/domain/product'
import { ELASTIC_KEYS, type DemoEntitlement } from './seed-entitlements'
import { demoElasticServers } from './seed-elastic'
import type { usageSessions } from './tables'

export type DemoSession = Omit<typeof usageSessions.$inferInsert, 'entitlementId'> & { entitlementKey: string }

const DAY_MS = 86_400_000

/** A small deterministic random sequence (mulberry32). */
export function randomSequence(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    hex: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join(''),
  }
}
type Random = ReturnType<typeof randomSequence>

const seedOf = (key: string) => createHash('sha256').update(key).digest().readUInt32LE(0)

const pad = (n: number) => String(n).padStart(2, '0')
export function timestampText(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

interface Site {
  users: string[]
  hosts: string[]
  projects: string[]
  ipPrefix: string
  cloudShare: number
}

const SITES: Record<string, Site> = {
  '1000001': {
    users: ['jdoe', 'asmith', 'ci-runner', 'rpatel', 'lfischer', 'mchen', 'nokafor', 'hpc-batch'],
    hosts: ['acme-ws-014', 'acme-ws-022', 'acme-ws-031', 'acme-hpc-n01', 'acme-hpc-n02', 'acme-hpc-n03'],
    projects: ['Wing Box Rev C', 'Nacelle Thermal', 'Landing Gear Fatigue', 'Cabin Airflow', 'Antenna Placement'],
    ipPrefix: '203.0.113.',
    cloudShare: 0.12,
  },
  '1000002': {
    users: ['mlindqvist', 'ohansen', 'cae-runner', 'tnieminen', 'akarlsson'],
    hosts: ['bm-cae-01', 'bm-cae-02', 'bm-cluster-a', 'bm-cluster-b'],
    projects: ['EV Battery Cooling', 'Crash Frontal 2025', 'NVH Drivetrain', 'Motor Efficiency'],
    ipPrefix: '192.0.2.',
    cloudShare: 0,
  },
  '1000005': {
    users: ['operator', 'ipetrov'],
    hosts: ['emb-ws-01', 'emb-ws-02'],
    projects: ['Turbine Stage 3'],
    ipPrefix: '198.51.100.',
    cloudShare: 0,
  },
}

const PRODUCT_LINES: [RegExp, string][] = [
  [/Mechanical|LS-DYNA/, 'Structures'],
  [/Fluent|CFX/, 'Fluids'],
  [/HFSS|Maxwell/, 'Electronics'],
  [/HPC/, 'HPC'],
]
/** The product line and the feature name of a rated product, as the licence servers report them. */
export const productLine = (product: string) => PRODUCT_LINES.find(([re]) => re.test(product))?.[1] ?? 'Design'
export const featureOf = (product: string) =>
  product
    .slice(PRODUCT_NAME.length + 1)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')

/** How an entitlement is used: sessions a day (weekdays, weekends) between two days before the seed day. */
interface UsagePlan {
  fromDaysAgo: number
  toDaysAgo: number
  weekday: number
  weekend: number
  /** Stop once the charges reach the entitlement's quantity (a fully used entitlement). */
  untilUsedUp?: boolean
  /** Sessions still running at the seed time. */
  running?: number
}

const PLANS: Record<string, UsagePlan> = {
  [ELASTIC_KEYS.acmeSteady]: { fromDaysAgo: 90, toDaysAgo: 1, weekday: 18, weekend: 5, running: 2 },
  [ELASTIC_KEYS.acmeQuiet]: { fromDaysAgo: 90, toDaysAgo: 35, weekday: 4, weekend: 0 },
  [ELASTIC_KEYS.acmeExpired]: { fromDaysAgo: 300, toDaysAgo: 140, weekday: 4, weekend: 0 },
  [ELASTIC_KEYS.acmeUsedUp]: { fromDaysAgo: 140, toDaysAgo: 10, weekday: 6, weekend: 1, untilUsedUp: true },
  [ELASTIC_KEYS.borealisMain]: { fromDaysAgo: 90, toDaysAgo: 1, weekday: 8, weekend: 1, running: 1 },
  [ELASTIC_KEYS.borealisLight]: { fromDaysAgo: 40, toDaysAgo: 1, weekday: 1, weekend: 0 },
  [ELASTIC_KEYS.borealisExpired]: { fromDaysAgo: 380, toDaysAgo: 40, weekday: 1, weekend: 0 },
  [ELASTIC_KEYS.borealisEndsToday]: { fromDaysAgo: 90, toDaysAgo: 1, weekday: 2, weekend: 0 },
  [ELASTIC_KEYS.borealisUsedUp]: { fromDaysAgo: 85, toDaysAgo: 5, weekday: 5, weekend: 0, untilUsedUp: true },
  [ELASTIC_KEYS.embargoMain]: { fromDaysAgo: 90, toDaysAgo: 1, weekday: 3, weekend: 0 },
}

/** The days an Acme steady entitlement's credit should last beyond the seed day at its recent rate. */
const STEADY_DAYS_LEFT = 60

function session(
  rnd: Random,
  entitlement: DemoEntitlement,
  serverId: string,
  startTs: number,
  endTs: number | null,
): DemoSession {
  const site = SITES[entitlement.accountId]
  const product = rnd.pick(RATED_PRODUCTS)
  const productCount = /HPC/.test(product) ? rnd.pick([16, 32, 64, 128]) : rnd.next() < 0.15 ? 2 : 1
  const version = entitlement.rateTableVersion!
  const hours = endTs === null ? 0 : sessionHours(startTs, endTs)
  const charge = endTs === null ? 0 : sessionCharge({ hours, productCount, rate: hourlyRate(version, product) })
  const userIndex = rnd.int(0, site.users.length - 1)
  return {
    entitlementKey: entitlement.key,
    accountId: entitlement.accountId,
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
    featureFno: String(rnd.int(10_000, 99_999)),
    ipAddress: `${site.ipPrefix}${rnd.int(10, 250)}`,
    refererIpAddress: `10.20.${rnd.int(0, 15)}.${rnd.int(2, 250)}`,
    productLine: productLine(product),
    rateFileVersion: version,
    pid: String(rnd.int(1_000, 65_000)),
    acquisition: 'Elastic',
    consumerId: `CNS-${entitlement.accountId}-${pad(userIndex + 1)}`,
    project: rnd.pick(site.projects),
    productVersion: rnd.next() < 0.7 ? '2025 R1' : '2024 R2',
    cloudJobId: rnd.next() < site.cloudShare ? `acj-${rnd.hex(10)}` : null,
    hours,
    charge,
    currency: entitlement.currency!,
  }
}

/** Sessions of one entitlement under its plan; ends never after `now`. Times are whole seconds, as stored. */
function plannedSessions(entitlement: DemoEntitlement, plan: UsagePlan, atMs: number): DemoSession[] {
  const now = Math.floor(atMs / 1000) * 1000
  const rnd = randomSequence(seedOf(entitlement.key))
  const serverId = demoElasticServers.find((s) => s.accountId === entitlement.accountId)!.deviceId
  const midnight = Math.floor(now / DAY_MS) * DAY_MS
  const sessions: DemoSession[] = []
  let used = 0
  for (let daysAgo = plan.fromDaysAgo; daysAgo >= plan.toDaysAgo; daysAgo--) {
    const day = midnight - daysAgo * DAY_MS
    const weekday = new Date(day).getUTCDay() % 6 !== 0
    const n = weekday ? plan.weekday : plan.weekend
    for (let i = 0; i < n; i++) {
      const startTs = day + rnd.int(6 * 60, 19 * 60) * 60_000 + rnd.int(0, 59) * 1000
      const endTs = Math.min(startTs + rnd.int(10, 9 * 60) * 60_000 + rnd.int(0, 59) * 1000, now - 60_000)
      if (endTs <= startTs) continue
      const s = session(rnd, entitlement, serverId, startTs, endTs)
      sessions.push(s)
      used += s.charge ?? 0
      if (plan.untilUsedUp && used >= entitlement.quantity) return sessions
    }
  }
  for (let i = 0; i < (plan.running ?? 0); i++) {
    sessions.push(session(rnd, entitlement, serverId, now - (i + 1) * 47 * 60_000, null))
  }
  return sessions
}

/** Average charge a day over the 30 days before `now`. */
function recentDailyCharge(sessions: DemoSession[], now: number) {
  const since = now - 30 * DAY_MS
  const sum = sessions.filter((s) => s.endTs && s.endTs >= since).reduce((total, s) => total + (s.charge ?? 0), 0)
  return sum / 30
}

/**
 * The sessions of every demo elastic entitlement, and the entitlements with the
 * quantities that follow from their use (those seeded with quantity 0).
 */
export function demoUsage(list: DemoEntitlement[], now: number): DemoSession[] {
  const sessions: DemoSession[] = []
  for (const entitlement of list) {
    const plan = PLANS[entitlement.key]
    if (!plan) continue
    const own = plannedSessions(entitlement, plan, now)
    if (entitlement.quantity === 0) {
      const used = own.reduce((total, s) => total + (s.charge ?? 0), 0)
      const target = used + STEADY_DAYS_LEFT * recentDailyCharge(own, now)
      entitlement.quantity = Math.ceil(target / 1000) * 1000
      entitlement.price = entitlement.quantity * 0.5
    }
    sessions.push(...own)
  }
  return sessions
}
