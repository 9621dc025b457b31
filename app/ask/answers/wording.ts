/**
 * How the assistant says its answers: one sentence (or two) per kind of answer, with the figures
 * formatted as the screens format them (formatNumber, the forecast's words). Pure functions of what
 * an API reply held, so every figure in a sentence is one the data holds.
 */
import { formatNumber } from '../../domain/entitlements'
import { forecastText, thresholdState, type CreditForecast } from '../../domain/credit-forecast'
import type { CurrencyTotal } from '../../domain/statement-totals'

/** 'a', 'a and b', 'a, b and c'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** '1 host', '2 hosts'. */
export const countText = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`

/** An amount as the statements show it: two decimals and the currency. */
export const amountText = (amount: number, currency: string) => `${formatNumber(amount, 2)} ${currency}`.trim()

/** Totals in several currencies are never added: '1,200.00 USD and 300.00 EUR'. */
export const totalsText = (totals: readonly CurrencyTotal[]) =>
  totals.length === 0 ? amountText(0, '') : listText(totals.map((t) => amountText(t.total, t.currency)))

export function refusedText(reason: string): string {
  return `You may not see this for the selected customer: ${reason.trim().replace(/\.?$/, '.')}`
}

export function serviceFailedText(reason: string, unavailable: boolean): string {
  return unavailable
    ? 'The licensing service did not answer, so there is no figure to give. Please try again in a moment.'
    : `The licensing service could not answer this: ${reason.trim().replace(/\.?$/, '.')}`
}

export const noneText = (customerName: string, what: string) => `${customerName} has no ${what}.`

/* ---------------------------------------------------------------- elastic */

export interface CreditFigures {
  product: string
  activationId: string
  remaining: number
  total: number
  currency: string
  forecast: CreditForecast
  threshold: number | null
}

/** One active elastic entitlement's credit: remaining of total, the forecast in the screen's words, the threshold. */
export function creditText(c: CreditFigures): string {
  const amount = (n: number) => `${formatNumber(n, 1)} ${c.currency}`
  const state = thresholdState(c.remaining, c.threshold)
  const threshold =
    c.threshold === null
      ? 'no low-balance threshold is set'
      : `the low-balance threshold of ${formatNumber(c.threshold)} ${c.currency} ${
          state === 'below' ? 'has been reached' : 'has not been reached'
        }`
  return `${c.product} (${c.activationId}): ${amount(c.remaining)} left of ${amount(c.total)}; ${lowerFirst(
    forecastText(c.forecast),
  )}; ${threshold}.`
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

export interface CostShare {
  name: string
  totals: CurrencyTotal[]
}

/** Usage cost in a period: the total, and the largest parts when broken down. */
export function usageCostText({
  period,
  scope,
  totals,
  parts,
  by,
}: {
  period: string
  /** What the cost is narrowed to: 'of Ansys Fluent', 'of user j.doe' ('' for all). */
  scope: string
  totals: CurrencyTotal[]
  parts?: CostShare[]
  by?: string
}): string {
  const head = `Elastic usage ${scope ? `${scope} ` : ''}cost ${totalsText(totals)} in ${period}.`
  if (!parts || !by) return head
  if (parts.length === 0) return head
  const shown = parts.slice(0, 5).map((p) => `${p.name || '(none)'} ${totalsText(p.totals)}`)
  const more = parts.length > 5 ? ` and ${countText(parts.length - 5, `other ${by}`)}` : ''
  return `${head} By ${by}: ${listText(shown)}${more}.`
}

export function topUsersText(period: string, users: readonly CostShare[]): string {
  if (users.length === 0) return `No elastic usage was recorded in ${period}.`
  const shown = users.map((u, i) => `${i + 1}. ${u.name} ${totalsText(u.totals)}`)
  return `The top ${countText(users.length, 'user')} by elastic usage cost in ${period}: ${shown.join('; ')}.`
}

export function statementTotalText(period: string, totals: CurrencyTotal[], entitlements: number): string {
  return `The elastic statement for ${period} totals ${totalsText(totals)} across ${countText(
    entitlements,
    'elastic entitlement',
  )}.`
}

/* ---------------------------------------------------------------- entitlements */

export interface EndingEntitlement {
  product: string
  activationId: string
  endDate: string
}

export function endingText(period: string, ending: readonly EndingEntitlement[]): string {
  if (ending.length === 0) return `No entitlement ends in ${period}.`
  const shown = ending.slice(0, 5).map((e) => `${e.product} (${e.activationId}) on ${e.endDate}`)
  const more = ending.length > 5 ? ` and ${countText(ending.length - 5, 'more')}` : ''
  return `${countText(ending.length, 'entitlement')} ${ending.length === 1 ? 'ends' : 'end'} in ${period}: ${listText(
    shown,
  )}${more}.`
}

export function seatsText(product: string, seats: { bought: number; activated: number; entitlements: number }) {
  const free = seats.bought - seats.activated
  return `${product}: ${formatNumber(seats.bought)} bought, ${formatNumber(seats.activated)} activated and ${formatNumber(
    free,
  )} free, across ${countText(seats.entitlements, 'active entitlement')}.`
}

/* ---------------------------------------------------------------- activations */

export interface HostCount {
  host: string
  count: number
}

export function productHostsText(product: string, hosts: readonly HostCount[]): string {
  if (hosts.length === 0) return `${product} is not activated on any host.`
  const total = hosts.reduce((sum, h) => sum + h.count, 0)
  return `${product} is activated on ${countText(hosts.length, 'host')} (${formatNumber(total)} in all): ${listText(
    hosts.map((h) => `${h.host} ${formatNumber(h.count)}`),
  )}.`
}

export interface HostProduct {
  product: string
  count: number
}

export function hostProductsText(
  host: string,
  products: readonly HostProduct[],
  last: { time: number; by: string; action: string } | null,
): string {
  const list =
    products.length === 0
      ? `Nothing is activated on ${host}.`
      : `${host} has ${countText(products.length, 'product')} activated: ${listText(
          products.map((p) => `${p.product} ${formatNumber(p.count)}`),
        )}.`
  if (!last) return list
  const when = new Date(last.time).toISOString().slice(0, 16).replace('T', ' ')
  return `${list} The last change was ${last.action} on ${when} UTC by ${last.by || 'an unknown user'}.`
}

/* ---------------------------------------------------------------- FSA */

export interface FsaBalance {
  id: string
  available: number
  total: number
  currency: string
  endDate: string
}

export function fsaBalanceText(contracts: readonly FsaBalance[]): string {
  const balance = (c: FsaBalance) =>
    `${amountText(c.available, c.currency)} available of ${amountText(c.total, c.currency)}`
  const ends = (c: FsaBalance) => (c.endDate ? `; it ends ${c.endDate.slice(0, 10)}` : '')
  if (contracts.length === 1) {
    const [c] = contracts
    return `The Flexible Spending Account (${c.id}) has ${balance(c)}${ends(c)}.`
  }
  const parts = contracts.map((c) => `${c.id}: ${balance(c)}${c.endDate ? `, ending ${c.endDate.slice(0, 10)}` : ''}`)
  return `${contracts.length} Flexible Spending Accounts. ${parts.join('; ')}.`
}

export interface FsaOrderLine {
  orderId: string
  date: string
  product: string
  count: number
  cost: number
  currency: string
  requester: string
}

export function fsaOrdersText(orders: readonly FsaOrderLine[], total: number): string {
  if (orders.length === 0) return 'No order has been placed on the Flexible Spending Account.'
  const lines = orders.map(
    (o) =>
      `${o.date.slice(0, 10)} ${o.product} x ${formatNumber(o.count)} for ${amountText(o.cost, o.currency)}${
        o.requester ? ` by ${o.requester}` : ''
      }`,
  )
  return `The latest ${countText(orders.length, 'order line')} of ${formatNumber(total)}: ${lines.join('; ')}.`
}

/* ---------------------------------------------------------------- web */

export interface WebSeatUse {
  product: string
  type: 'shared' | 'named'
  seats: number
  used: number
}

export function webInUseText(rows: readonly WebSeatUse[]): string {
  if (rows.length === 0) return 'There is no web licence entitlement.'
  const parts = rows.map((r) =>
    r.type === 'named'
      ? `${r.product} ${formatNumber(r.used)} of ${formatNumber(r.seats)} named seats held`
      : `${r.product} ${formatNumber(r.used)} of ${formatNumber(r.seats)} seats in use`,
  )
  return `Web licence seats now: ${listText(parts)}.`
}

export function webDenialsText(period: string, denied: number, product?: string): string {
  const of = product ? ` of ${product}` : ''
  return denied === 0
    ? `No web licence checkout${of} was denied in ${period}.`
    : `${countText(denied, 'web licence checkout')}${of} ${denied === 1 ? 'was' : 'were'} denied in ${period}.`
}

export function namedHoldersText(product: string, seats: number, holders: readonly string[]): string {
  if (holders.length === 0) return `No one holds a named seat of ${product} (${countText(seats, 'seat')}).`
  return `${countText(holders.length, 'person', 'people')} ${holders.length === 1 ? 'holds' : 'hold'} the ${formatNumber(
    seats,
  )} named seats of ${product}: ${listText(holders)}.`
}

/* ---------------------------------------------------------------- access, alerts, e-mails */

export function accessUsersText(customerName: string, contacts: readonly { email: string; role: string }[]) {
  if (contacts.length === 0) return `No one has portal access to ${customerName}.`
  const byRole = new Map<string, string[]>()
  for (const c of contacts) byRole.set(c.role, [...(byRole.get(c.role) ?? []), c.email])
  const parts = [...byRole].map(([role, emails]) => `${role}: ${listText(emails)}`)
  return `${countText(contacts.length, 'person', 'people')} ${
    contacts.length === 1 ? 'has' : 'have'
  } portal access to ${customerName}. ${parts.join('. ')}.`
}

export function allowListText(rules: readonly string[]): string {
  if (rules.length === 0) return 'The elastic licence server accepts every IP address: its allow-list is empty.'
  return `The elastic licence server accepts ${countText(rules.length, 'IP rule')}: ${listText(rules)}.`
}

export function alertsText(alerts: readonly { title: string; status: string; expires: string | null }[]): string {
  if (alerts.length === 0) return 'There is no active service alert.'
  const parts = alerts.map((a) => `${a.title} (${a.status.toLowerCase()}${a.expires ? `, until ${a.expires}` : ''})`)
  return `${countText(alerts.length, 'service alert')} ${alerts.length === 1 ? 'is' : 'are'} active: ${listText(parts)}.`
}

export function emailsText(topic: string, count: number, latest: { date: string; subject: string } | null): string {
  if (count === 0 || !latest) return `No e-mail about '${topic}' was sent.`
  return `${countText(count, 'e-mail')} about '${topic}' ${count === 1 ? 'was' : 'were'} sent; the latest, on ${latest.date.slice(
    0,
    10,
  )}: '${latest.subject}'.`
}
