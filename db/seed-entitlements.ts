/**
 * Demo data: the demo customers' entitlements, relative to the seed day.
 *
 * - Acme (1000001, USD) and Borealis (1000002, EUR): elastic credit in every
 *   classification (not started, expired, fully used, active, and one that Elastic
 *   Licensing does not list: not Deployed), and leases and perpetuals in every
 *   classification (not started, expired, active at several distances from the end,
 *   permanent with a maintenance date, evaluation, the hidden manual-drawdown line).
 *   Borealis has enough leases for three grid pages.
 * - Cobalt (1000003): leases and perpetuals, no elastic credit.
 * - Embargo (1000005, export denied): some of each, never shown.
 *
 * Activation ids are derived from a key, so the same key always gives the same id
 * (`demoActivationId`). The sessions behind each elastic entitlement's Used and the
 * hosts and fulfilments behind Total Activated are seeded by seed-usage and seed-hosts.
 */
import { createHash } from 'node:crypto'
import { addDays, isBorrowableModel, type EntitlementType } from '../app/domain/entitlements'
import { LATEST_RATE_TABLE_VERSION } from '../app/domain/elastic-rates'
import { MANUAL_DRAWDOWN_PRODUCT, PRODUCT_NAME } from '../app/domain/product'
import type { entitlements } from './tables'

export type DemoEntitlement = typeof entitlements.$inferInsert & { key: string }

/** A FlexNet-style activation id (four groups of four hex digits) derived from a key. */
export function demoActivationId(key: string): string {
  const hex = createHash('sha256').update(`activation:${key}`).digest('hex').toUpperCase()
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}`
}

export const ELASTIC_PRODUCT = `${PRODUCT_NAME} Elastic Units`
const ELASTIC_PRODUCT_NAME = `${PRODUCT_NAME} Elastic Units (AEU), Annual`
const VENDOR_DAEMON = 'ansyslmd'
const CREATED = Date.UTC(2024, 0, 15)

/** Elastic entitlements by role; the usage seed gives each the sessions its role needs. */
export const ELASTIC_KEYS = {
  acmeSteady: 'acme-elastic-steady',
  acmeQuiet: 'acme-elastic-quiet',
  acmeNotStarted: 'acme-elastic-not-started',
  acmeExpired: 'acme-elastic-expired',
  acmeUsedUp: 'acme-elastic-used-up',
  acmeSuspended: 'acme-elastic-suspended',
  borealisMain: 'borealis-elastic-main',
  borealisLight: 'borealis-elastic-light',
  borealisNotStarted: 'borealis-elastic-not-started',
  borealisExpired: 'borealis-elastic-expired',
  borealisEndsToday: 'borealis-elastic-ends-today',
  borealisUsedUp: 'borealis-elastic-used-up',
  embargoMain: 'embargo-elastic-main',
} as const

export interface ElasticSpec {
  key: string
  accountId: string
  /** Days from the seed day. */
  start: number
  end: number
  /** AEU; for the entitlements whose quantity follows from their usage, the usage seed sets it. */
  quantity: number
  currency: string
  po: string
  rateTableVersion?: string
  state?: string
}

export function elastic(s: ElasticSpec, today: string): DemoEntitlement {
  return {
    key: s.key,
    activationId: demoActivationId(s.key),
    accountId: s.accountId,
    type: 'ELASTIC',
    state: s.state ?? 'Deployed',
    entitlementName: `${PRODUCT_NAME} Elastic Licensing ${s.po}`,
    product: ELASTIC_PRODUCT,
    productName: ELASTIC_PRODUCT_NAME,
    licenseModel: 'Elastic-AEU',
    count: 1,
    quantity: s.quantity,
    startDate: addDays(today, s.start),
    endDate: addDays(today, s.end),
    versionDate: null,
    evaluation: 0,
    poNumber: s.po,
    currency: s.currency,
    price: s.quantity * (s.currency === 'EUR' ? 0.46 : 0.5),
    rateTableVersion: s.rateTableVersion ?? LATEST_RATE_TABLE_VERSION,
    vendorDaemon: VENDOR_DAEMON,
    borrowable: 0,
    used: 0,
    createdAt: CREATED,
  }
}

function elasticEntitlements(today: string): DemoEntitlement[] {
  const acme = { accountId: '1000001', currency: 'USD' }
  const borealis = { accountId: '1000002', currency: 'EUR' }
  const k = ELASTIC_KEYS
  return [
    elastic({ ...acme, key: k.acmeSteady, start: -200, end: 165, quantity: 0, po: 'PO-ACME-2025-0412' }, today),
    elastic({ ...acme, key: k.acmeQuiet, start: -300, end: 430, quantity: 20_000, po: 'PO-ACME-2024-1187' }, today),
    elastic({ ...acme, key: k.acmeNotStarted, start: 20, end: 385, quantity: 10_000, po: 'PO-ACME-2025-0733' }, today),
    elastic({ ...acme, key: k.acmeExpired, start: -500, end: -135, quantity: 25_000, po: 'PO-ACME-2023-0954' }, today),
    elastic({ ...acme, key: k.acmeUsedUp, start: -150, end: 215, quantity: 5_000, po: 'PO-ACME-2025-0201' }, today),
    elastic(
      {
        ...acme,
        key: k.acmeSuspended,
        start: -60,
        end: 305,
        quantity: 8_000,
        po: 'PO-ACME-2025-0560',
        state: 'Inactive',
      },
      today,
    ),
    elastic({ ...borealis, key: k.borealisMain, start: -120, end: 245, quantity: 45_000, po: 'BM-4500018812' }, today),
    elastic({ ...borealis, key: k.borealisLight, start: -40, end: 690, quantity: 40_000, po: 'BM-4500019020' }, today),
    elastic(
      { ...borealis, key: k.borealisNotStarted, start: 45, end: 410, quantity: 12_000, po: 'BM-4500019377' },
      today,
    ),
    elastic(
      {
        ...borealis,
        key: k.borealisExpired,
        start: -400,
        end: -35,
        quantity: 15_000,
        po: 'BM-4500016104',
        rateTableVersion: '2024.1',
      },
      today,
    ),
    elastic(
      { ...borealis, key: k.borealisEndsToday, start: -365, end: 0, quantity: 9_000, po: 'BM-4500016550' },
      today,
    ),
    elastic({ ...borealis, key: k.borealisUsedUp, start: -90, end: 275, quantity: 3_000, po: 'BM-4500018640' }, today),
    elastic(
      {
        accountId: '1000005',
        currency: 'USD',
        key: k.embargoMain,
        start: -100,
        end: 265,
        quantity: 20_000,
        po: 'EMB-77120',
      },
      today,
    ),
  ]
}

/* ---------------------------------------------------------------- leases and perpetuals */

interface LeaseSpec {
  key: string
  accountId: string
  product: string
  licenseModel: string
  count: number
  /** Days from the seed day; `end: null` is permanent. */
  start: number
  end: number | null
  /** Maintenance end, days from the seed day. */
  maintenance?: number
  evaluation?: boolean
  type?: EntitlementType
  productName?: string
  currency: string
  po: string
  unitPrice: number
}

function lease(s: LeaseSpec, today: string): DemoEntitlement {
  const productName = s.productName ?? `${s.product}${s.licenseModel === 'Node Locked' ? ' (node)' : ''}`
  return {
    key: s.key,
    activationId: demoActivationId(s.key),
    accountId: s.accountId,
    type: s.type ?? 'SSL',
    state: 'Deployed',
    entitlementName: `${productName} ${s.end === null ? 'Perpetual' : s.evaluation ? 'Evaluation' : 'Lease'}`,
    product: s.product,
    productName,
    licenseModel: s.licenseModel,
    count: s.count,
    quantity: s.count,
    startDate: addDays(today, s.start),
    endDate: s.end === null ? null : addDays(today, s.end),
    versionDate: s.maintenance === undefined ? null : addDays(today, s.maintenance),
    evaluation: s.evaluation ? 1 : 0,
    poNumber: s.po,
    currency: s.currency,
    price: s.evaluation ? 0 : s.count * s.unitPrice,
    rateTableVersion: null,
    vendorDaemon: VENDOR_DAEMON,
    borrowable: isBorrowableModel(s.licenseModel) ? 1 : 0,
    used: 0,
    createdAt: CREATED,
  }
}

const P = (name: string) => `${PRODUCT_NAME} ${name}`

/** key suffix, product, licence model, count, start and end (days from the seed day; end null = permanent), unit price, extras */
type LeaseLine = [string, string, string, number, number, number | null, number, Partial<LeaseSpec>?]

function leaseLines(base: Pick<LeaseSpec, 'accountId' | 'currency' | 'po'>, prefix: string, lines: LeaseLine[]) {
  return lines.map(([suffix, product, licenseModel, count, start, end, unitPrice, extra]): LeaseSpec => ({
    ...base,
    key: `${prefix}-${suffix}`,
    product,
    licenseModel,
    count,
    start,
    end,
    unitPrice,
    ...extra,
  }))
}

/** Every lease classification for one customer. */
function classificationLeases(accountId: string, prefix: string, currency: string, po: string): LeaseSpec[] {
  return leaseLines({ accountId, currency, po }, prefix, [
    ['lease-not-started', P('Fluent'), 'Annual Lease', 4, 30, 395, 21_000],
    ['lease-expired', P('CFX'), 'Annual Lease', 2, -400, -35, 18_500],
    ['lease-ends-today', P('Maxwell'), 'Annual Lease', 1, -365, 0, 16_000],
    ['lease-last-weeks', P('Mechanical Pro'), 'Floating Borrow', 6, -340, 25, 9_800],
    ['lease-months-left', P('LS-DYNA'), 'Annual Lease', 8, -300, 65, 14_200],
    ['lease-active', P('Mechanical Enterprise'), 'Annual Lease', 10, -90, 275, 24_000],
    ['lease-shared-web', P('Discovery'), 'Shared Web', 25, -30, 335, 3_100],
    ['lease-named-user', P('HFSS'), 'Named User', 3, -10, 355, 27_500],
    ['lease-node-locked', P('Mechanical Pro'), 'Node Locked', 2, -150, 215, 7_900],
    ['perpetual-maintained', P('Mechanical Enterprise'), 'Paid Up', 5, -1500, null, 52_000, { maintenance: 120 }],
    ['perpetual-lapsed', P('CFX'), 'Paid Up', 2, -2400, null, 41_000, { maintenance: -400 }],
    ['evaluation', P('Discovery'), 'Annual Lease', 2, -5, 25, 0, { evaluation: true }],
    [
      'manual-drawdown',
      P('FSA Drawdown'),
      'Flexible Spending Account',
      1,
      -60,
      305,
      0,
      { productName: MANUAL_DRAWDOWN_PRODUCT },
    ],
  ])
}

const LEASE_PRODUCTS = [
  P('Mechanical Enterprise'),
  P('Mechanical Pro'),
  P('Fluent'),
  P('CFX'),
  P('HPC'),
  P('LS-DYNA'),
  P('HFSS'),
  P('Maxwell'),
  P('Discovery'),
]
const LEASE_MODELS = ['Annual Lease', 'Annual Lease', 'Floating Borrow', 'Shared Web', 'Named User']

/** Borealis's further leases: enough active ones for three grid pages, at spread end dates. */
function borealisFleet(): LeaseSpec[] {
  return Array.from({ length: 36 }, (_, i) => ({
    key: `borealis-fleet-${String(i + 1).padStart(2, '0')}`,
    accountId: '1000002',
    product: LEASE_PRODUCTS[i % LEASE_PRODUCTS.length],
    licenseModel: LEASE_MODELS[i % LEASE_MODELS.length],
    count: 1 + ((i * 7) % 12),
    start: -((i * 37) % 330) - 1,
    end: 12 + ((i * 53) % 700),
    currency: 'EUR',
    po: `BM-45000${17000 + i * 13}`,
    unitPrice: 6_000 + ((i * 1_370) % 20_000),
  }))
}

function otherTypes(): LeaseSpec[] {
  return [
    ...leaseLines({ accountId: '1000001', currency: 'USD', po: 'PO-ACME-2025-0100' }, 'acme', [
      ['fsa-contract', P('Flexible Spending Account'), 'FSA', 1, -120, 245, 250_000, { type: 'FSA' }],
      ['subscription', P('Cloud Direct'), 'Subscription', 20, -45, 320, 1_200, { type: 'SUBSCRIPTION' }],
    ]),
    ...leaseLines({ accountId: '1000002', currency: 'EUR', po: 'BM-4500017700' }, 'borealis', [
      ['concurrent', P('Academic Research'), 'ConcurrentProduct', 50, -200, 165, 300, { type: 'CONCURRENT' }],
    ]),
  ]
}

function cobaltLeases(): LeaseSpec[] {
  return leaseLines({ accountId: '1000003', currency: 'USD', po: 'CE-PO-88120' }, 'cobalt', [
    ['fluent-lease', P('Fluent'), 'Annual Lease', 12, -100, 265, 20_000],
    ['hpc-lease', P('HPC'), 'Annual Lease', 512, -100, 265, 90],
    ['cfx-perpetual', P('CFX'), 'Paid Up', 3, -1900, null, 40_000, { maintenance: 200 }],
    ['mechanical-expired', P('Mechanical Enterprise'), 'Annual Lease', 4, -500, -135, 23_000],
    ['discovery-not-started', P('Discovery'), 'Shared Web', 10, 14, 379, 3_000],
  ])
}

function embargoLeases(): LeaseSpec[] {
  return leaseLines({ accountId: '1000005', currency: 'USD', po: 'EMB-77001' }, 'embargo', [
    ['lsdyna-lease', P('LS-DYNA'), 'Annual Lease', 6, -80, 285, 14_000],
    ['mechanical-perpetual', P('Mechanical Enterprise'), 'Paid Up', 2, -1200, null, 50_000, { maintenance: 60 }],
  ])
}

/** Every demo entitlement as of `today` ('YYYY-MM-DD'). Elastic quantities marked 0 are set from their usage. */
export function demoEntitlements(today: string): DemoEntitlement[] {
  const leases = [
    ...classificationLeases('1000001', 'acme', 'USD', 'PO-ACME-2025-0321'),
    ...classificationLeases('1000002', 'borealis', 'EUR', 'BM-4500018001'),
    ...borealisFleet(),
    ...otherTypes(),
    ...cobaltLeases(),
    ...embargoLeases(),
  ]
  return [...elasticEntitlements(today), ...leases.map((s) => lease(s, today))]
}
