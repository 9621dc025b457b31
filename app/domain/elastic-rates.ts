/**
 * Elastic usage pricing: the rate tables (Elastic units, AEU, per product-hour,
 * by rate table version) and what one usage session costs. A session is
 * charged when it ends: its hours times its product count times the rate of
 * its product in the entitlement's rate table.
 */
import { PRODUCT_NAME } from './product'
import { roundTo } from './rounding'

const product = (name: string) => `${PRODUCT_NAME} ${name}`

/** The rate of a product a table does not list. */
export const DEFAULT_RATE_KEY = 'default'

/** AEU per product-hour, by rate table version. */
export const RATE_TABLES: Record<string, Record<string, number>> = {
  '2024.1': {
    [product('Mechanical Enterprise')]: 8,
    [product('Mechanical Pro')]: 4,
    [product('Fluent')]: 8,
    [product('CFX')]: 6,
    [product('HPC')]: 0.6,
    [product('LS-DYNA')]: 7,
    [product('HFSS')]: 9,
    [product('Maxwell')]: 7.5,
    [product('Discovery')]: 3,
    [DEFAULT_RATE_KEY]: 5,
  },
  '2025.1': {
    [product('Mechanical Enterprise')]: 8.5,
    [product('Mechanical Pro')]: 4.25,
    [product('Fluent')]: 8.5,
    [product('CFX')]: 6.4,
    [product('HPC')]: 0.65,
    [product('LS-DYNA')]: 7.5,
    [product('HFSS')]: 9.6,
    [product('Maxwell')]: 8,
    [product('Discovery')]: 3.2,
    [DEFAULT_RATE_KEY]: 5.5,
  },
}

/** The newest table, used for a version no table has. */
export const LATEST_RATE_TABLE_VERSION = '2025.1'

/** Products the rate tables name (for seeds and pickers), in table order. */
export const RATED_PRODUCTS: readonly string[] = Object.keys(RATE_TABLES[LATEST_RATE_TABLE_VERSION]).filter(
  (key) => key !== DEFAULT_RATE_KEY,
)

/** AEU per hour of `productName` under a rate table version; unknown versions use the latest table. */
export function hourlyRate(version: string | null | undefined, productName: string): number {
  const table = (version && RATE_TABLES[version]) || RATE_TABLES[LATEST_RATE_TABLE_VERSION]
  return table[productName] ?? table[DEFAULT_RATE_KEY]
}

const HOUR_MS = 3_600_000

/** Hours between two epoch-millisecond times, to 4 decimals; never negative. */
export function sessionHours(startTs: number, endTs: number): number {
  return roundTo(Math.max(0, endTs - startTs) / HOUR_MS, 4)
}

/** Hours as shown: at least 0.01 (spec 2 section 3, Usage record attributes). */
export const MIN_DISPLAY_HOURS = 0.01
export function displayHours(hours: number): number {
  return Math.max(MIN_DISPLAY_HOURS, hours)
}

/** What a finished session costs, to 2 decimals. */
export function sessionCharge({ hours, productCount, rate }: { hours: number; productCount: number; rate: number }) {
  return roundTo(hours * productCount * rate, 2)
}
