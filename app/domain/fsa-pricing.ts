/**
 * Pricing of Flexible Spending Account orders (spec 3 sections 5 and 9), the
 * same for the page that shows a price and the API that charges it:
 * - the durations a product offers (7, 30, 60, 90, 180 days and 1 year, each
 *   only with its price, and Remainder for the rest of the contract) and the
 *   first one that fits between the start and the contract's end;
 * - a line's unit cost and cost, rounded to cents;
 * - amounts typed with thousands commas.
 */
import { addDays, daysBetween, isDay } from './entitlements'
import { roundTo } from './rounding'

/** An orderable product of a contract with its prices per duration (spec 3 section 3, FSA product). */
export interface FsaProduct {
  ansysbpn: string
  ansysproduct: string
  price7Days?: number | string | null
  price30Days?: number | string | null
  price60Days?: number | string | null
  price90Days?: number | string | null
  price180Days?: number | string | null
  price1Year?: number | string | null
}

type PriceField = Exclude<keyof FsaProduct, 'ansysbpn' | 'ansysproduct'>

/** What pricing reads of a product: its prices per duration. */
export type FsaPrices = Pick<FsaProduct, PriceField>

export interface FixedDuration {
  key: '7' | '30' | '60' | '90' | '180' | '1y'
  label: string
  /** The length in days a price is for; a year counts 365 (spec 3 section 9). */
  days: number
  field: PriceField
}

export const FIXED_DURATIONS: readonly FixedDuration[] = [
  { key: '7', label: '7 days', days: 7, field: 'price7Days' },
  { key: '30', label: '30 days', days: 30, field: 'price30Days' },
  { key: '60', label: '60 days', days: 60, field: 'price60Days' },
  { key: '90', label: '90 days', days: 90, field: 'price90Days' },
  { key: '180', label: '180 days', days: 180, field: 'price180Days' },
  { key: '1y', label: '1 year', days: 365, field: 'price1Year' },
]

export const REMAINDER = 'remainder'
export const REMAINDER_LABEL = 'Remainder'
export type DurationKey = FixedDuration['key'] | typeof REMAINDER

export const DURATION_LABELS: Record<DurationKey, string> = {
  ...(Object.fromEntries(FIXED_DURATIONS.map((d) => [d.key, d.label])) as Record<FixedDuration['key'], string>),
  [REMAINDER]: REMAINDER_LABEL,
}

/** An amount as typed or stored: thousands commas dropped, cents kept; null when it is not a number. */
export function parseAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const text = value.trim().replace(/,/g, '')
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null
  return Number(text)
}

/** Money to cents (half away from zero). */
export const toCents = (amount: number) => roundTo(amount, 2)

/** A product's price for a fixed duration, or null when it has none (or not a positive one). */
export function priceFor(product: FsaPrices, duration: FixedDuration): number | null {
  const price = parseAmount(product[duration.field])
  return price !== null && price > 0 ? price : null
}

/** The contract's days from `start` to its end, both counted (spec 3 section 9: remaining days are inclusive). */
export function remainingContractDays(start: string, contractEnd: string): number {
  return daysBetween(start, contractEnd) + 1
}

/** The end of a line of `duration` starting on `start`: the last day of its term, or the contract's end. */
export function endDateFor(duration: DurationKey, start: string, contractEnd: string): string {
  if (duration === REMAINDER) return contractEnd
  const fixed = FIXED_DURATIONS.find((d) => d.key === duration)!
  return addDays(start, fixed.days - 1)
}

/** The fixed durations the product has a price for, with that price. */
export function pricedDurations(product: FsaPrices): { duration: FixedDuration; price: number }[] {
  return FIXED_DURATIONS.flatMap((duration) => {
    const price = priceFor(product, duration)
    return price === null ? [] : [{ duration, price }]
  })
}

/**
 * The durations offered for a line starting on `start`: the priced fixed ones
 * whose term ends by the contract's end, then Remainder when the product has any
 * price (the rest of the contract, priced from the longest priced duration).
 */
export function durationsOffered(product: FsaPrices, start: string, contractEnd: string): DurationKey[] {
  if (!isDay(start) || !isDay(contractEnd) || start > contractEnd) return []
  const priced = pricedDurations(product)
  if (priced.length === 0) return []
  const left = remainingContractDays(start, contractEnd)
  return [...priced.filter(({ duration }) => duration.days <= left).map(({ duration }) => duration.key), REMAINDER]
}

/** The duration a new line starts with: the first one that fits the span, else Remainder (spec 3 section 9). */
export function firstDuration(product: FsaPrices, start: string, contractEnd: string): DurationKey | null {
  return durationsOffered(product, start, contractEnd)[0] ?? null
}

/**
 * The price of one unit for the duration. A fixed duration costs its listed
 * price. Remainder costs the remaining days over the period days times the
 * period's price, from the longest priced duration (a year counting 365 days).
 */
export function unitCost(product: FsaPrices, duration: DurationKey, start: string, contractEnd: string): number | null {
  const priced = pricedDurations(product)
  if (duration !== REMAINDER) return priced.find((p) => p.duration.key === duration)?.price ?? null
  const base = priced.at(-1)
  if (!base || !isDay(start) || !isDay(contractEnd) || start > contractEnd) return null
  return (remainingContractDays(start, contractEnd) / base.duration.days) * base.price
}

/** A line's cost: unit cost times count, to cents. */
export function lineCost(unit: number, count: number): number {
  return toCents(unit * count)
}

/** The durations offered whose term from `start` ends on `end` (a fixed one and Remainder may both). */
export function durationsEndingOn(product: FsaPrices, start: string, end: string, contractEnd: string): DurationKey[] {
  return durationsOffered(product, start, contractEnd).filter((d) => endDateFor(d, start, contractEnd) === end)
}
