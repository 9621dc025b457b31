/**
 * API: what the Home page shows for the selected customer.
 *
 * POST /home/summary {customerNumber} -> HomeSummary
 * POST /home/customers {} -> HomeCustomers: the customers the user may pick, with
 *   a few figures of each card (up to CUSTOMER_LIST_MAX customers; above it the
 *   count alone)
 *
 * Only the cards homeCards(user, info) gives the caller are filled; the others
 * are null, so nobody receives the figures of a card they may not see. Another
 * customer and a customer under export control are refused, as by every call;
 * in the customer list, one under export control is named with no figures.
 *
 * Each figure comes from where its own screen's call takes it: the elastic
 * credit from the forecast call's `forecasts`, what ends soon from the rows the
 * Leases/Perpetuals and FSA lists show, the hosts as /fulfillments/servers and
 * the host history see them, the usage from the charges of the customer's
 * sessions per day of their end (usage_day_charges, written with the sessions),
 * the alerts from `activeNotifications`, the e-mails in the e-mail list's order.
 * A few indexed queries per card, none per entitlement or host. The customer
 * list takes its figures from the same functions, grouped over its customers
 * where that is one query (what ends soon, the hosts).
 */
import { mapInOrder } from '../db/in-order'
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { accountAccess, accounts, emails, entitlements, fulfillments, hostAccounts, hosts } from '../db/tables'
import { thresholdState, type CreditStatus } from '../app/domain/credit-forecast'
import { isShown } from '../app/domain/alerts'
import { addDays, DEPLOYED, todayUtc } from '../app/domain/entitlements'
import {
  CUSTOMER_LIST_MAX,
  alertAffects,
  elasticFigures,
  ENDING_WINDOW_DAYS,
  endingWindow,
  endsSoon,
  homeCards,
  weekWindows,
  type CustomerFigures,
  type DayRange,
  type ElasticFigures,
  type HomeCard,
} from '../app/domain/home-cards'
import type {
  HomeAlerts,
  HomeCustomers,
  HomeElasticCredit,
  HomeEmail,
  HomeEnding,
  HomeEndingGroup,
  HomeEndingItem,
  HomeHosts,
  HomeSummary,
  HomeUsage,
} from '../app/domain/home-summary'
import { flagSet } from '../app/domain/permissions'
import { MANUAL_DRAWDOWN_PRODUCT } from '../app/domain/product'
import { dayNumber } from '../app/domain/statement'
import { accountScope, buildAccountInfo, isExportDenied, isStaff, requireCustomerAccess } from './access'
import type { AccountInfo } from '../app/domain/types'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { homeCalls as declared } from './contract/home'
import { webHomeFigures } from './web-report'
import {
  creditStatuses,
  elasticDayCharges,
  forecasts,
  forecastWindowStart,
  type ElasticDayCharge,
} from './elastic-credit'
import { customerCache } from './customer-cache'
import { preparedPerDb } from './prepared'
import { RETURN_ACTION } from './hosts'
import { activeNotifications } from './notifications'
import type { ApiDeps } from './index'

/** How many of each ending group, alerts and e-mails the summary carries. */
export const HOME_ENDING_SHOWN = 5
export const HOME_ALERTS_SHOWN = 3
export const HOME_EMAILS_SHOWN = 3
/** The usage chart's days: the two windows of weekWindows. */
export const HOME_USAGE_DAYS = 14

// ---------------------------------------------------------------------------
// Elastic credit

/** One active elastic entitlement as the elastic card shows it, but for its product name. */
function creditFigures(c: CreditStatus): Omit<HomeElasticCredit, 'productName'> {
  return {
    activationId: c.ActivationId,
    product: c.product,
    remaining: c.Remaining,
    quantity: c.LineItemQuantity,
    currency: c.Currency,
    forecast: c.forecast.kind,
    runsOutOn: c.forecast.kind === 'runs-out' ? c.forecast.date : null,
    threshold: c.threshold,
    thresholdState: thresholdState(c.Remaining, c.threshold),
  }
}

/** The customer list's elastic figures: those of the elastic card's entitlements. */
async function customerElasticFigures(db: Db, accountId: string): Promise<ElasticFigures> {
  return elasticFigures((await forecasts(db, accountId)).map(creditFigures))
}

/** The active elastic entitlements with the forecast call's figures, in its order. */
async function elasticCredit(
  db: Db,
  accountId: string,
  today: string,
  charges: readonly ElasticDayCharge[],
): Promise<HomeElasticCredit[]> {
  return (await creditStatuses(db, accountId, today, charges)).map(({ status, productName }) => {
    const { activationId, product, ...figures } = creditFigures(status)
    return { activationId, product, productName, ...figures }
  })
}

// ---------------------------------------------------------------------------
// What ends soon

const e = entitlements

type EndingGroupName = keyof Omit<HomeEnding, 'windowDays'>
type EndingGroups = Record<EndingGroupName, HomeEndingItem[]>

/**
 * The leases, perpetuals and FSA contracts of the customers `accounts` selects
 * that have started (`today`) and end within the window (`termFrom` to before
 * `termEnd`; a perpetual's maintenance from `maintenanceFrom` to before
 * `maintenanceEnd`). `value` gives each of those: a placeholder of the prepared statement, or the value itself.
 */
function endingQuery(db: Db, accounts: SQL | undefined, value: (name: keyof EndingParams) => string | Placeholder) {
  const inWindow = (column: typeof e.endDate | typeof e.versionDate, window: 'term' | 'maintenance') =>
    and(isNotNull(column), gte(column, value(`${window}From`)), lt(column, value(`${window}End`)))
  return db
    .select({
      accountId: e.accountId,
      activationId: e.activationId,
      productName: e.productName,
      type: e.type,
      endDate: e.endDate,
      startDate: e.startDate,
      versionDate: e.versionDate,
    })
    .from(e)
    .where(
      and(
        accounts,
        inArray(e.type, ['SSL', 'FSA']),
        eq(e.state, DEPLOYED),
        ne(e.productName, MANUAL_DRAWDOWN_PRODUCT),
        lte(e.startDate, value('today')),
        or(
          inWindow(e.endDate, 'term'),
          and(eq(e.type, 'SSL'), isNull(e.endDate), inWindow(e.versionDate, 'maintenance')),
        ),
      ),
    )
}

type EndingParams = ReturnType<typeof endingParams>

/** The values of endingQuery for today. */
function endingParams(today: string) {
  const term = endingWindow('term', today)
  const maintenance = endingWindow('maintenance', today)
  return {
    today,
    termFrom: term.from,
    termEnd: addDays(term.to, 1),
    maintenanceFrom: maintenance.from,
    maintenanceEnd: addDays(maintenance.to, 1),
  }
}

/**
 * Leases and perpetuals as Leases/Perpetuals lists them (SSL, Deployed, never the
 * manual drawdown line) and, for a customer with an FSA, the contracts as the FSA
 * page lists them (FSA, Deployed), whose end (a perpetual: maintenance end) falls
 * in the window (endingWindow: from tomorrow for a term, from today for
 * maintenance), among those that have started; by customer. The SQL narrows to
 * the window's days; endsSoon decides.
 */
async function endingItems(
  db: Db,
  customers: readonly { accountId: string; withFsa: boolean }[],
  today: string,
): Promise<Map<string, EndingGroups>> {
  const byAccount = new Map<string, EndingGroups>(
    customers.map((c) => [c.accountId, { leases: [], fsaContracts: [], perpetuals: [] }]),
  )
  if (customers.length === 0) return byAccount
  const withFsa = new Set(customers.filter((c) => c.withFsa).map((c) => c.accountId))
  const params = endingParams(today)
  const rows =
    customers.length === 1
      ? await homeStatements(db).ending.all({ ...params, accountId: customers[0].accountId })
      : await endingQuery(
          db,
          inArray(
            e.accountId,
            customers.map((c) => c.accountId),
          ),
          (name) => params[name],
        )
  for (const row of rows) {
    if (row.type === 'FSA' && !withFsa.has(row.accountId)) continue
    const [group, date]: [EndingGroupName, string | null] =
      row.type === 'FSA'
        ? ['fsaContracts', row.endDate]
        : row.endDate === null
          ? ['perpetuals', row.versionDate]
          : ['leases', row.endDate]
    if (endsSoon(group === 'perpetuals' ? 'maintenance' : 'term', { startDate: row.startDate, end: date }, today)) {
      const groups = byAccount.get(row.accountId)!
      groups[group].push({ activationId: row.activationId, productName: row.productName, date: date!.slice(0, 10) })
    }
  }
  return byAccount
}

async function ending(db: Db, accountId: string, today: string, withFsa: boolean): Promise<HomeEnding> {
  const groups = (await endingItems(db, [{ accountId, withFsa }], today)).get(accountId)!
  const summary = (items: HomeEndingItem[]): HomeEndingGroup => ({
    count: items.length,
    soonest: items
      .sort((a, b) => compareText(a.date, b.date) || compareText(a.activationId, b.activationId))
      .slice(0, HOME_ENDING_SHOWN),
  })
  return {
    windowDays: ENDING_WINDOW_DAYS,
    leases: summary(groups.leases),
    fsaContracts: summary(groups.fsaContracts),
    perpetuals: summary(groups.perpetuals),
  }
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const minDay = (a: string, b: string) => (a < b ? a : b)

// ---------------------------------------------------------------------------
// Hosts

/**
 * The customer's fulfilment on one of its hosts that was made (`time` fulfilledAt)
 * or returned (`time` returnedAt) last, the latest id first on the same time; each
 * walks an index of (account, time, id) from its end.
 */
function lastChangeQuery(db: Db, time: typeof fulfillments.fulfilledAt | typeof fulfillments.returnedAt) {
  return db
    .select({
      id: fulfillments.id,
      count: fulfillments.count,
      action: fulfillments.action,
      modifiedBy: fulfillments.modifiedBy,
      fulfilledAt: fulfillments.fulfilledAt,
      returnedAt: fulfillments.returnedAt,
      returnedBy: fulfillments.returnedBy,
      hostId: hosts.id,
      hostName: hosts.name,
      hostState: hosts.state,
      activationId: entitlements.activationId,
      productName: entitlements.productName,
    })
    .from(fulfillments)
    .innerJoin(
      hostAccounts,
      and(eq(hostAccounts.hostId, fulfillments.hostId), eq(hostAccounts.accountId, fulfillments.accountId)),
    )
    .innerJoin(hosts, eq(hosts.id, fulfillments.hostId))
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(and(eq(fulfillments.accountId, sql.placeholder('accountId')), isNotNull(time)))
    .orderBy(desc(time), desc(fulfillments.id))
    .limit(1)
}

type ChangeRow = Awaited<ReturnType<typeof lastChangeQuery>>[number]

/** When a fulfilment last changed: its return, or else its making. */
const changedAt = (row: ChangeRow) => row.returnedAt ?? row.fulfilledAt

/** The later change of the two, the higher id on the same time. */
function laterChange(a: ChangeRow | undefined, b: ChangeRow | undefined): ChangeRow | undefined {
  if (!a || !b) return a ?? b
  return changedAt(a) > changedAt(b) || (changedAt(a) === changedAt(b) && a.id > b.id) ? a : b
}

function activeHostsQuery(db: Db, accounts: SQL) {
  return db
    .select({ accountId: hostAccounts.accountId, active: sql<number>`count(*)`.mapWith(Number) })
    .from(hostAccounts)
    .innerJoin(hosts, eq(hosts.id, hostAccounts.hostId))
    .where(and(accounts, eq(hosts.state, 'ACTIVE')))
    .groupBy(hostAccounts.accountId)
}

/** How many ACTIVE hosts each customer has (of its shared-server groups, as /fulfillments/servers lists them). */
async function activeHostCounts(db: Db, accountIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(accountIds.map((id) => [id, 0]))
  if (accountIds.length === 0) return counts
  const rows =
    accountIds.length === 1
      ? await homeStatements(db).activeHosts.all({ accountId: accountIds[0] })
      : await activeHostsQuery(db, inArray(hostAccounts.accountId, [...accountIds]))
  for (const row of rows) counts.set(row.accountId, row.active)
  return counts
}

/**
 * The customer's ACTIVE hosts (activeHostCounts) and the latest change of its
 * own fulfilments on them, as its host history shows it: a fulfilment made, or
 * returned.
 */
async function hostFigures(db: Db, accountId: string): Promise<HomeHosts> {
  const active = (await activeHostCounts(db, [accountId])).get(accountId)!
  const statements = homeStatements(db)
  const last = laterChange(
    await statements.latestMade.get({ accountId }),
    await statements.latestReturned.get({ accountId }),
  )
  if (!last) return { active, lastChange: null }
  const item = {
    hostId: last.hostId,
    hostName: last.hostName,
    hostActive: last.hostState === 'ACTIVE',
    activationId: last.activationId,
    productName: last.productName,
  }
  const lastChange =
    last.returnedAt !== null
      ? {
          time: last.returnedAt,
          by: last.returnedBy ?? last.modifiedBy,
          action: RETURN_ACTION,
          count: -last.count,
          ...item,
        }
      : { time: last.fulfilledAt, by: last.modifiedBy, action: last.action, count: last.count, ...item }
  return { active, lastChange }
}

// ---------------------------------------------------------------------------
// Usage

/**
 * The customer's usage cost per day of the last 14: the charges of its sessions
 * that ended on each day, summed in cents (what Usage Transactions' Cost shows
 * per session, and statements sum per day). Charges in another currency than the
 * customer's main one (a customer normally has one) are left out, not mixed in.
 */
function usage(today: string, charges: readonly ElasticDayCharge[], elastic: HomeElasticCredit[]): HomeUsage {
  const windows = weekWindows(today)
  const first = windows.previous.from
  const [fromDay, toDay] = [dayNumber(first), dayNumber(today)]
  const rows = charges.filter((c) => c.day >= fromDay && c.day <= toDay)
  const currency = mainCurrency(rows, elastic)
  const centsOn = new Map<number, number>()
  for (const row of rows) {
    if (row.currency === currency) centsOn.set(row.day, (centsOn.get(row.day) ?? 0) + row.cents)
  }
  const dayList = Array.from({ length: HOME_USAGE_DAYS }, (_, i) => addDays(first, i))
  const cents = (day: string) => centsOn.get(dayNumber(day)) ?? 0
  const total = (range: DayRange) => ({
    ...range,
    total: fromCents(dayList.filter((d) => d >= range.from && d <= range.to).reduce((sum, d) => sum + cents(d), 0)),
  })
  return {
    days: dayList.map((day) => ({ day, cost: fromCents(cents(day)) })),
    current: total(windows.current),
    previous: total(windows.previous),
    currency,
  }
}

const fromCents = (cents: number) => cents / 100

/** The currency of most of the charges; without charges, that of the first active elastic entitlement. */
function mainCurrency(rows: readonly { currency: string; cents: number }[], elastic: HomeElasticCredit[]) {
  const totals = new Map<string, number>()
  for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.cents)
  const [top] = [...totals].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
  return top?.[0] ?? elastic.find((c) => c.currency)?.currency ?? null
}

// ---------------------------------------------------------------------------
// Alerts and e-mails

/**
 * The alerts about the services the customer uses (alertAffects) that the alerts page shows as active:
 * an info alert only once it is inside the info window.
 */
async function alerts(db: Db, now: Date, info: AccountInfo): Promise<HomeAlerts> {
  const active = (await activeNotifications(db, now)).filter(
    (a) => isShown(a, now) && alertAffects(Object.keys(a.service ?? {}), info),
  )
  return {
    count: active.length,
    newest: active.slice(0, HOME_ALERTS_SHOWN).map(({ id, title, category, date }) => ({ id, title, category, date })),
  }
}

/** The latest e-mails in the e-mail list's default order: newest first, then by id. */
async function latestEmails(db: Db, accountId: string): Promise<HomeEmail[]> {
  return await homeStatements(db).latestEmails.all({ accountId })
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// The summary's queries, prepared once per database handle

const homeStatements = preparedPerDb((db) => ({
  ending: prepared(endingQuery(db, eq(e.accountId, sql.placeholder('accountId')), sql.placeholder)),
  activeHosts: prepared(activeHostsQuery(db, eq(hostAccounts.accountId, sql.placeholder('accountId')))),
  latestMade: prepared(lastChangeQuery(db, fulfillments.fulfilledAt)),
  latestReturned: prepared(lastChangeQuery(db, fulfillments.returnedAt)),
  /** Two of the customers a user who is not staff may pick (accountScope). */
  twoCustomers: prepared(
    db
      .select({ accountId: accountAccess.accountId })
      .from(accountAccess)
      .innerJoin(accounts, eq(accounts.accountId, accountAccess.accountId))
      .where(eq(accountAccess.userId, sql.placeholder('userId')))
      .limit(2),
  ),
  latestEmails: prepared(
    db
      .select({ id: emails.id, date: emails.date, subject: emails.subject })
      .from(emails)
      .where(and(eq(emails.accountId, sql.placeholder('accountId')), isNull(emails.deletedAt)))
      .orderBy(desc(emails.date), asc(emails.id))
      .limit(HOME_EMAILS_SHOWN),
  ),
}))

/** The figures of the cards: everything in the summary that depends on the customer's data, not on the caller. */
type CardFigures = Pick<HomeSummary, 'elastic' | 'ending' | 'hosts' | 'usage' | 'alerts' | 'emails' | 'web'>

async function cardFigures(
  db: Db,
  accountId: string,
  cards: readonly HomeCard[],
  info: AccountInfo,
  now: Date,
): Promise<CardFigures> {
  const shows = (card: HomeCard) => cards.includes(card)
  const today = todayUtc(now)
  const withElastic = shows('elastic') || shows('usage')
  // One read of the elastic charges serves the forecast's window and the usage chart's days.
  const firstDay = dayNumber(minDay(forecastWindowStart(today), weekWindows(today).previous.from))
  const charges = withElastic ? await elasticDayCharges(db, accountId, firstDay) : []
  const elastic = withElastic ? await elasticCredit(db, accountId, today, charges) : null
  return {
    elastic: shows('elastic') ? elastic : null,
    ending: shows('ending') ? await ending(db, accountId, today, flagSet(info.hasFSA)) : null,
    hosts: shows('hosts') ? await hostFigures(db, accountId) : null,
    usage: shows('usage') ? usage(today, charges, elastic ?? []) : null,
    alerts: shows('alerts') ? await alerts(db, now, info) : null,
    emails: shows('emails') ? await latestEmails(db, accountId) : null,
    web: shows('web') ? await webHomeFigures(db, accountId, now.getTime()) : null,
  }
}

/**
 * How long the cards' figures of a customer are served again while nothing
 * behind them changed (api/customer-cache.ts): what changes with the clock alone,
 * an alert's start or end, shows within this time.
 */
const HOME_FIGURES_TTL_MS = 5_000

const figuresCache = customerCache<CardFigures>({ ttlMs: HOME_FIGURES_TTL_MS, maxEntries: 10_000 })

/**
 * The Home summary of the customer for the user. The cards' figures are kept per
 * customer, the cards shown and what decides them (api/customer-cache.ts);
 * `fresh` computes them from the tables (the bench's reference).
 */
export async function homeSummary(
  db: Db,
  user: ApiUser,
  customerNumber: string,
  { now = new Date(), fresh = false }: { now?: Date; fresh?: boolean } = {},
): Promise<HomeSummary> {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  const info = buildAccountInfo(account, access, user)
  const cards = homeCards(user, info)
  const today = todayUtc(now)
  const accountId = account.accountId
  const compute = async () => await cardFigures(db, accountId, cards, info, now)
  const key = JSON.stringify([cards, today, info.hasElastic, info.hasSSL, info.hasFSA])
  return {
    customerNumber: accountId,
    today,
    cards,
    ...(fresh ? await compute() : await figuresCache.get(db, accountId, key, compute)),
    severalCustomers: isStaff(user) || (await homeStatements(db).twoCustomers.all({ userId: user.id })).length > 1,
  }
}

/**
 * The customers the user may pick (accountScope, as /getaccounts), by number,
 * each with the figures of the cards homeCards gives the user for it; one under
 * export control gets none. Above CUSTOMER_LIST_MAX, the count alone.
 */
export async function homeCustomers(db: Db, user: ApiUser, now = new Date()): Promise<HomeCustomers> {
  const scope = accountScope(user)
  const { count } = (
    await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(accounts)
      .where(scope)
  )[0]!
  if (count > CUSTOMER_LIST_MAX) return { count, customers: null }
  const listed = (
    await db
      .select({ account: accounts, access: accountAccess })
      .from(accounts)
      .leftJoin(accountAccess, and(eq(accountAccess.accountId, accounts.accountId), eq(accountAccess.userId, user.id)))
      .where(scope)
      .orderBy(asc(accounts.accountId))
  ).map(({ account, access }) => {
    const info = buildAccountInfo(account, access ?? undefined, user)
    return { account, info, cards: homeCards(user, info) }
  })
  const showing = (card: HomeCard) => listed.filter((c) => c.cards.includes(card))
  const today = todayUtc(now)
  const ending = await endingItems(
    db,
    showing('ending').map((c) => ({ accountId: c.account.accountId, withFsa: flagSet(c.info.hasFSA) })),
    today,
  )
  const activeHosts = await activeHostCounts(
    db,
    showing('hosts').map((c) => c.account.accountId),
  )
  const customers = await mapInOrder(listed, async ({ account, cards }): Promise<CustomerFigures> => {
    const id = account.accountId
    const groups = ending.get(id)
    return {
      customerNumber: id,
      customerName: account.accountName,
      ...(cards.includes('elastic')
        ? await customerElasticFigures(db, id)
        : { elasticRemaining: null, currency: null, belowThreshold: null }),
      endingSoon: groups ? groups.leases.length + groups.fsaContracts.length + groups.perpetuals.length : null,
      activeHosts: activeHosts.get(id) ?? null,
      restricted: isExportDenied(account),
    }
  })
  return { count, customers }
}

export function homeCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.summary, async ({ input, user }) => await homeSummary(db, user, input.customerNumber))
  calls.implement(declared.customers, async ({ user }) => await homeCustomers(db, user))
}
