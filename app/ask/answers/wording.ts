/**
 * How the assistant says its answers: one sentence (or two) per kind of answer, with the figures
 * formatted as the screens format them (formatNumber, the forecast's words). Pure functions of what
 * an API reply held, so every figure in a sentence is one the data holds.
 */
import { formatNumber } from '../../domain/entitlements'
import { forecastText, thresholdState, type CreditForecast } from '../../domain/credit-forecast'
import { formatAlertDate } from '../../domain/alerts'
import { historyTime } from '../../domain/host-history'
import type { CurrencyTotal } from '../../domain/statement-totals'
import { dayText } from '../../domain/date-format'

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

/**
 * A period's words as they stand in a sentence: 'last month', 'since 1 May 2026' and 'by 31 July 2026'
 * as they are; 'in March 2026', 'in the next 90 days', 'on 18 June 2026', 'from March 2026 to May 2026'.
 */
export function periodWords(text: string): string {
  if (/^(last|this|next|yesterday|today|since|by|before|from|in|on|during)\b/i.test(text)) return text
  if (/ to /.test(text)) return `from ${text}`
  if (/^\d{1,2} [A-Z]/.test(text)) return `on ${text}`
  return `in ${text}`
}

/** 'is' or 'are', 'was' or 'were', 'has' or 'have' for a count. */
const verb = (n: number, one: string, many: string) => (n === 1 ? one : many)

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

/**
 * One active elastic entitlement's credit: remaining of total, the forecast in the screen's words,
 * the threshold. The activation ID only tells apart two entitlements of the same product.
 */
export function creditText(c: CreditFigures, withId = false): string {
  const amount = (n: number) => `${formatNumber(n, 1)} ${c.currency}`
  const state = thresholdState(c.remaining, c.threshold)
  const threshold =
    c.threshold === null
      ? 'No low-balance threshold is set'
      : `The low-balance threshold of ${formatNumber(c.threshold)} ${c.currency} ${
          state === 'below' ? 'has been reached' : 'has not been reached'
        }`
  const name = withId ? `${c.product} (${c.activationId})` : c.product
  return `${name}: ${amount(c.remaining)} left of ${amount(c.total)}. Forecast: ${lowerFirst(
    forecastText(c.forecast),
  )}. ${threshold}.`
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
  const of = scope ? ` ${scope}` : ''
  if (totals.length === 0) return `No elastic usage${of} was recorded ${periodWords(period)}.`
  const head = `Elastic usage${of} cost ${totalsText(totals)} ${periodWords(period)}.`
  if (!parts || !by || parts.length === 0) return head
  const shown = parts.slice(0, 5).map((p) => `${p.name || '(none)'} ${totalsText(p.totals)}`)
  if (parts.length > 5) shown.push(countText(parts.length - 5, `other ${by}`))
  return `${head} By ${by}: ${listText(shown)}.`
}

/** `scope`: what the usage was narrowed to ('of Ansys Fluent', 'on project X'), or ''. */
export function topUsersText(period: string, users: readonly CostShare[], scope = ''): string {
  const when = periodWords(period)
  const of = scope ? ` ${scope}` : ''
  if (users.length === 0) return `No elastic usage${of} was recorded ${when}.`
  if (users.length === 1)
    return `Only ${users[0].name} used elastic credit${of} ${when}: ${totalsText(users[0].totals)}.`
  const shown = users.map((u, i) => `${i + 1}. ${u.name} ${totalsText(u.totals)}`)
  return `The top ${formatNumber(users.length)} users by elastic usage cost${of} ${when}: ${shown.join('; ')}.`
}

export function statementTotalText(period: string, totals: CurrencyTotal[], entitlements: number): string {
  const of = /^(since|by|before|from)\b/i.test(period) ? period : `for ${period}`
  if (entitlements === 0) return `The elastic statement ${of} has no elastic entitlement.`
  return `The elastic statement ${of} totals ${totalsText(totals)} across ${countText(
    entitlements,
    'elastic entitlement',
  )}.`
}

/* ---------------------------------------------------------------- entitlements */

export interface EndingEntitlement {
  product: string
  endDate: string
}

/**
 * The entitlements ending in a period, by product and end date (the first five of them): the
 * activation IDs are left to the linked list.
 */
export function endingText(customerName: string, period: string, ending: readonly EndingEntitlement[]): string {
  const when = periodWords(period)
  if (ending.length === 0) return `${customerName} has no entitlement ending ${when}.`
  const groups = new Map<string, { product: string; endDate: string; count: number }>()
  for (const e of ending) {
    const key = `${e.product}\n${e.endDate}`
    const group = groups.get(key) ?? { product: e.product, endDate: e.endDate, count: 0 }
    group.count++
    groups.set(key, group)
  }
  const all = [...groups.values()]
  const shown = all
    .slice(0, 5)
    .map((g) => `${g.product}${g.count > 1 ? ` (${countText(g.count, 'entitlement')})` : ''} on ${g.endDate}`)
  const rest = all.slice(5).reduce((sum, g) => sum + g.count, 0)
  if (rest > 0) shown.push(`${formatNumber(rest)} more`)
  return `${countText(ending.length, 'entitlement')} ${verb(ending.length, 'ends', 'end')} ${when}: ${listText(shown)}.`
}

export function seatsText(product: string, seats: { bought: number; activated: number; entitlements: number }) {
  const free = seats.bought - seats.activated
  return `${product}: ${countText(seats.bought, 'seat')} bought, ${formatNumber(seats.activated)} activated and ${formatNumber(
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
  const list = listText(hosts.map((h) => `${h.host} (${formatNumber(h.count)})`))
  const all = hosts.length > 1 ? `, ${formatNumber(total)} in all` : ''
  return `${product} is activated on ${countText(hosts.length, 'host')}: ${list}${all}.`
}

export interface HostProduct {
  product: string
  count: number
}

/** A change of the host history in words: 'activated 2 of Ansys CFX', 'deactivated 1 of Ansys HFSS'. */
const changeText = ({ product, count }: HostProduct) =>
  count === 0
    ? `changed ${product}`
    : `${count > 0 ? 'activated' : 'deactivated'} ${formatNumber(Math.abs(count))} of ${product}`

export function hostProductsText(
  host: string,
  products: readonly HostProduct[],
  last: { time: number; by: string; changes: readonly HostProduct[] } | null,
): string {
  const list =
    products.length === 0
      ? `Nothing is activated on ${host}.`
      : `${host} has ${countText(products.length, 'product')} activated: ${listText(
          products.map((p) => `${p.product} (${formatNumber(p.count)})`),
        )}.`
  if (!last) return list
  return `${list} The last change, on ${historyTime(last.time)} UTC by ${
    last.by || 'an unknown user'
  }, ${listText(last.changes.map(changeText))}.`
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
  const expires = (c: FsaBalance) => (c.endDate ? `, and expires on ${dayText(c.endDate)}` : '')
  if (contracts.length === 1) {
    const [c] = contracts
    return `The Flexible Spending Account (${c.id}) has ${balance(c)}${expires(c)}.`
  }
  const parts = contracts.map((c) => `${c.id} has ${balance(c)}${expires(c)}`)
  return `There are ${formatNumber(contracts.length)} Flexible Spending Accounts: ${parts.join('; ')}.`
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

/** The latest order lines, of `total` (in the period when one is named). */
export function fsaOrdersText(orders: readonly FsaOrderLine[], total: number, period?: string): string {
  const fsa = 'the Flexible Spending Account'
  if (orders.length === 0) {
    return period ? `No order was placed on ${fsa} ${periodWords(period)}.` : `No order has been placed on ${fsa}.`
  }
  const lines = orders.map(
    (o) =>
      `on ${dayText(o.date)}, ${formatNumber(o.count)} × ${o.product} for ${amountText(o.cost, o.currency)}${
        o.requester ? `, ordered by ${o.requester}` : ''
      }`,
  )
  const all = period
    ? `${countText(total, 'order line')} ${verb(total, 'was', 'were')} placed on ${fsa} ${periodWords(period)}`
    : `The Flexible Spending Account has ${countText(total, 'order line')}`
  const some = period
    ? `The latest ${formatNumber(orders.length)} of the ${formatNumber(total)} order lines placed on ${fsa} ${periodWords(period)}`
    : `The latest ${formatNumber(orders.length)} of the Flexible Spending Account's ${formatNumber(total)} order lines`
  return `${orders.length === total ? all : some}: ${lines.join('; ')}.`
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
  const parts = rows.map(
    (r) =>
      `${r.product}, ${formatNumber(r.used)} of ${countText(r.seats, r.type === 'named' ? 'named seat' : 'shared seat')} ${
        r.type === 'named' ? 'held' : 'in use'
      }`,
  )
  return `Web licence seats now: ${parts.join('; ')}.`
}

export function webDenialsText(period: string, denied: number, product?: string): string {
  const of = product ? ` of ${product}` : ''
  const when = periodWords(period)
  return denied === 0
    ? `No web licence checkout${of} was denied ${when}.`
    : `${countText(denied, 'web licence checkout')}${of} ${verb(denied, 'was', 'were')} denied ${when}.`
}

export function namedHoldersText(product: string, seats: number, holders: readonly string[]): string {
  const held = holders.length
  const which =
    held === 0
      ? `None of the ${countText(seats, 'named seat')}`
      : held === seats
        ? seats === 1
          ? 'The named seat'
          : `All ${formatNumber(seats)} named seats`
        : `${formatNumber(held)} of the ${countText(seats, 'named seat')}`
  if (held === 0) return `${which} of ${product} is held.`
  return `${which} of ${product} ${verb(held, 'is', 'are')} held, by ${listText(holders)}.`
}

/* ---------------------------------------------------------------- access, alerts, e-mails */

export function accessUsersText(customerName: string, contacts: readonly { email: string; role: string }[]) {
  if (contacts.length === 0) return `No one has portal access to ${customerName}.`
  const byRole = new Map<string, string[]>()
  for (const c of contacts) byRole.set(c.role, [...(byRole.get(c.role) ?? []), c.email])
  const parts = [...byRole].map(([role, emails]) => `${role}${emails.length === 1 ? '' : 's'}: ${listText(emails)}`)
  return `${countText(contacts.length, 'person', 'people')} ${verb(
    contacts.length,
    'has',
    'have',
  )} portal access to ${customerName}. ${parts.join('. ')}.`
}

export function allowListText(rules: readonly { name: string; address: string }[]): string {
  if (rules.length === 0) return 'The elastic licence server accepts every IP address: its allow-list is empty.'
  const named = rules.map((r) => (r.name ? `${r.name} (${r.address})` : r.address))
  return `The elastic licence server accepts ${countText(rules.length, 'IP rule')}: ${listText(named)}.`
}

/** The active alerts with their state and end as the Alerts lists write them. */
export function alertsText(alerts: readonly { title: string; status: string; expires: string | null }[]): string {
  if (alerts.length === 0) return 'There is no active service alert.'
  const parts = alerts.map(
    (a) => `${a.title} (${a.status.toLowerCase()}${a.expires ? `, until ${formatAlertDate(a.expires)}` : ''})`,
  )
  return `${countText(alerts.length, 'service alert')} ${verb(alerts.length, 'is', 'are')} active: ${listText(parts)}.`
}

/** The e-mails about a subject, with the latest one's date as the Emails list writes it. */
export function emailsText(
  topic: string,
  count: number,
  latest: { date: string; subject: string } | null,
  period?: string,
): string {
  const when = period ? ` ${periodWords(period)}` : ''
  if (count === 0 || !latest) return `No e-mail about '${topic}' was sent${when}.`
  return `${countText(count, 'e-mail')} about '${topic}' ${verb(count, 'was', 'were')} sent${when}; the latest, on ${dayText(latest.date)}, was '${latest.subject}'.`
}
