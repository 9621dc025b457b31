/**
 * The sums a printed statement shows under its tables: amounts of one currency
 * only are added, to the cent (in integer cents, so they match the rows).
 */

export interface CurrencyTotal {
  currency: string
  total: number
}

/** The total of each currency, in the order the currencies first appear. */
export function totalsByCurrency<T>(
  items: readonly T[],
  currency: (item: T) => string,
  amount: (item: T) => number,
): CurrencyTotal[] {
  const cents = new Map<string, number>()
  for (const item of items) {
    const key = currency(item)
    cents.set(key, (cents.get(key) ?? 0) + Math.round(amount(item) * 100))
  }
  return [...cents].map(([key, sum]) => ({ currency: key, total: sum / 100 }))
}

/** The items of each currency, in the order the currencies first appear (each group keeps the items' order). */
export function groupByCurrency<T>(
  items: readonly T[],
  currency: (item: T) => string,
): { currency: string; items: T[] }[] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = currency(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return [...groups].map(([key, members]) => ({ currency: key, items: members }))
}
