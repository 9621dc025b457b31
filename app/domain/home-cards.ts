/**
 * What /home shows for the customer in hand: which cards (each answers one
 * question; a card the user may not see, or the customer has no use for, is not
 * there), what "ends soon" means, and the usage's week-on-week change.
 */
import type { ThresholdState } from './credit-forecast'
import { addDays, isDay } from './entitlements'
import { activationsAllowed, emailListAllowed, exportDenied, flagSet } from './permissions'
import type { AccountInfo, User } from './types'

export type HomeCard = 'elastic' | 'ending' | 'hosts' | 'usage' | 'alerts' | 'emails' | 'web'

/** Leases, FSA contracts and perpetuals' maintenance that end within this many days need attention. */
export const ENDING_WINDOW_DAYS = 90

/**
 * The cards, in the order they show. Elastic credit and usage need elastic
 * licensing; what ends soon needs leases (SSL) or an FSA; hosts need the
 * activations permission; e-mails need a customer type the e-mail list serves;
 * web licences need shared web or named-user entitlements.
 * A customer under export control shows none.
 */
export function homeCards(user: User | null | undefined, info: AccountInfo | null | undefined): HomeCard[] {
  if (!info || exportDenied(info)) return []
  const elastic = flagSet(info.hasElastic)
  const cards: [HomeCard, boolean][] = [
    ['elastic', elastic],
    ['ending', flagSet(info.hasSSL) || flagSet(info.hasFSA)],
    ['hosts', activationsAllowed(user, info)],
    ['usage', elastic],
    ['alerts', true],
    ['emails', emailListAllowed(info)],
    ['web', flagSet(info.hasSharedLicense) || flagSet(info.hasNamedLicense)],
  ]
  return cards.filter(([, shown]) => shown).map(([card]) => card)
}

export interface DayRange {
  from: string
  to: string
}

/** What ends: a lease's or FSA contract's term, or a perpetual's maintenance. */
export type EndingKind = 'term' | 'maintenance'

/**
 * The days an end must fall on to count as ending within the window, as the
 * entitlement screens see it: a term's last day already counts as expired
 * (classifyLease), so a term still to renew ends from tomorrow on; maintenance
 * holds through its last day (maintenanceExpired), so it ends from today on.
 */
export function endingWindow(kind: EndingKind, today: string, days = ENDING_WINDOW_DAYS): DayRange {
  return { from: kind === 'term' ? addDays(today, 1) : today, to: addDays(today, days) }
}

/** Whether an entitlement that has started (an active one) ends within the window. */
export function endsSoon(
  kind: EndingKind,
  dates: { startDate: string; end: string | null | undefined },
  today: string,
  days = ENDING_WINDOW_DAYS,
): boolean {
  const end = dates.end?.slice(0, 10)
  if (!end || !isDay(end) || dates.startDate.slice(0, 10) > today) return false
  const window = endingWindow(kind, today, days)
  return end >= window.from && end <= window.to
}

/** The last 7 days (today and the 6 before) and the 7 before them. */
export function weekWindows(today: string): { current: DayRange; previous: DayRange } {
  return {
    current: { from: addDays(today, -6), to: today },
    previous: { from: addDays(today, -13), to: addDays(today, -7) },
  }
}

export interface WeekChange {
  /** This week's figure minus last week's, to cents. */
  change: number
  /** The change as a whole percentage of last week's; null when last week had none. */
  percent: number | null
  direction: 'up' | 'down' | 'flat'
}

/** This week's cost against last week's. */
export function weekOnWeek(current: number, previous: number): WeekChange {
  const change = Math.round((current - previous) * 100) / 100
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat'
  const percent = previous > 0 ? Math.round((change / previous) * 100) : null
  return { change, percent, direction }
}

/** The week-on-week change in words, for the chart's text alternative and the card. */
export function weekChangeText(week: WeekChange, money: (n: number) => string): string {
  if (week.direction === 'flat') return 'the same as the 7 days before'
  const by = money(Math.abs(week.change))
  const share = week.percent === null ? '' : ` (${Math.abs(week.percent)}%)`
  return `${week.direction === 'up' ? 'up' : 'down'} ${by}${share} on the 7 days before`
}

/**
 * Whether an alert about these services (the keys of a notification's `service`)
 * affects the customer: the portal affects everyone, the elastic licensing and
 * cloud licensing services only customers with elastic licensing, FlexNet
 * licensing those with leases or an FSA. An alert naming no service, or one this
 * rule does not know, is shown to everyone rather than hidden.
 */
export function alertAffects(serviceKeys: readonly string[], info: AccountInfo): boolean {
  const uses: Record<string, boolean> = {
    portal: true,
    els: flagSet(info.hasElastic),
    cls: flagSet(info.hasElastic),
    fnp: flagSet(info.hasSSL) || flagSet(info.hasFSA),
  }
  return serviceKeys.length === 0 || serviceKeys.some((key) => uses[key] ?? true)
}

/** A user's customers are listed with their figures up to this many; above it, the search serves instead. */
export const CUSTOMER_LIST_MAX = 50

export interface CustomerFigures {
  customerNumber: string
  customerName: string
  /** Elastic credit left over its active elastic entitlements (the forecast call's Remaining, summed), in `currency`; null when the customer has no elastic card for this user. */
  elasticRemaining: number | null
  currency: string | null
  /** Active elastic entitlements below their low-balance threshold (thresholdState 'below'); null like elasticRemaining. */
  belowThreshold: number | null
  /** Leases, FSA contracts and perpetual maintenance ending within ENDING_WINDOW_DAYS (the /home/summary ending card's three counts added); null without the 'ending' card. */
  endingSoon: number | null
  /** ACTIVE hosts (as the summary's hosts card counts them); null without the 'hosts' card. */
  activeHosts: number | null
  /** Under export control: listed by number and name only, every figure null. */
  restricted: boolean
}

export type ElasticFigures = Pick<CustomerFigures, 'elasticRemaining' | 'currency' | 'belowThreshold'>

/**
 * A customer's elastic figures from its active elastic entitlements as the
 * elastic card shows them: the remaining of the currency most of them are in
 * (ties: the first's) to cents, and how many are below their threshold. Without
 * any: 0 and no currency.
 */
export function elasticFigures(
  credits: readonly { remaining: number; currency: string; thresholdState: ThresholdState }[],
): ElasticFigures {
  const perCurrency = new Map<string, number>()
  for (const c of credits) perCurrency.set(c.currency, (perCurrency.get(c.currency) ?? 0) + 1)
  let currency: string | null = null
  let most = 0
  for (const [name, n] of perCurrency) if (n > most) [currency, most] = [name, n]
  const remaining = credits.filter((c) => c.currency === currency).reduce((sum, c) => sum + c.remaining, 0)
  return {
    elasticRemaining: Math.round(remaining * 100) / 100,
    currency,
    belowThreshold: credits.filter((c) => c.thresholdState === 'below').length,
  }
}

export type CustomerSortKey = 'customer' | 'elasticRemaining' | 'belowThreshold' | 'endingSoon' | 'activeHosts'

/** The customer list sorted by a column; ties by number, and a customer without the figure last in either direction. */
export function sortCustomerFigures(
  rows: readonly CustomerFigures[],
  key: CustomerSortKey,
  direction: 'asc' | 'desc',
): CustomerFigures[] {
  const sign = direction === 'asc' ? 1 : -1
  const byNumber = (a: CustomerFigures, b: CustomerFigures) => a.customerNumber.localeCompare(b.customerNumber)
  return [...rows].sort((a, b) => {
    if (key === 'customer') {
      return sign * (a.customerName.localeCompare(b.customerName, 'en', { sensitivity: 'base' }) || byNumber(a, b))
    }
    const x = a[key]
    const y = b[key]
    if (x === null && y === null) return byNumber(a, b)
    if (x === null) return 1
    if (y === null) return -1
    return sign * (x - y) || byNumber(a, b)
  })
}
