/**
 * Answers about elastic credit and usage: the credit left with its forecast and threshold (the
 * Elastic Licensing screen's forecast call), usage cost in a period and the top users (the sessions
 * Usage Transactions lists), and a statement's total (the Elastic Statements call).
 */
import { entitlementCalls } from '../../api-client/entitlements.server'
import { statementCalls } from '../../api-client/statements.server'
import { usageCalls } from '../../api-client/usage.server'
import type { Failure, FilterRule } from '../../api-client/envelope'
import { customRange } from '../../domain/date-presets'
import { totalsByCurrency } from '../../domain/statement-totals'
import { todayUtc } from '../../domain/entitlements'
import { usageCriteria } from '../../grid/usage'
import { homeLinks } from '../../home/home-links'
import type { AskPeriod } from '../types'
import { answered, failed, monthOr, periodOr, screenLink, type AnswerDeps, type AreaAnswers } from './deps'
import { usageTransactionsHref } from './links'
import { creditText, noneText, statementTotalText, topUsersText, usageCostText, type CostShare } from './wording'

/** The default period of a usage question: the last 30 days. */
export const USAGE_DEFAULT_DAYS = 30
/** How many users 'top users' names. */
export const TOP_USERS = 5
/** The most sessions summed for one answer (pages of the list call's largest size). */
const MAX_PAGES = 200
const PAGE_SIZE = 1000

const links = (deps: AnswerDeps) => homeLinks(deps.customer.number, todayUtc(new Date(deps.now)))

const creditRemaining: AreaAnswers['credit.remaining'] = async (u, deps) => {
  const reply = await entitlementCalls(deps.api).forecast(deps.customer.number)
  const list = screenLink('elastic', links(deps).elasticList(), 'the elastic entitlements')
  if (reply.status !== 'SUCCESS') return failed(reply, list, u, deps)
  // The forecast names the credit's product ('Ansys Elastic Units'); a question naming another product is
  // still about the credit, so it is answered for every active elastic entitlement.
  const named = reply.data.filter((c) => c.product === u.entities.product)
  const credits = named.length > 0 ? named : reply.data
  if (credits.length === 0) {
    return answered(noneText(deps.customer.name, 'active elastic entitlement'), list, u, deps)
  }
  const shared = (product: string) => credits.filter((c) => c.product === product).length > 1
  const text = credits
    .map((c) =>
      creditText(
        {
          product: c.product,
          activationId: c.ActivationId,
          remaining: c.Remaining,
          total: c.LineItemQuantity,
          currency: c.Currency,
          forecast: c.forecast,
          threshold: c.threshold,
        },
        shared(c.product),
      ),
    )
    .join(' ')
  const link =
    credits.length === 1
      ? screenLink('elastic', links(deps).elasticCredit(credits[0].ActivationId), 'this credit')
      : list
  return answered(text, link, u, deps)
}

export interface UsageNarrowing {
  product?: string
  user?: string
  project?: string
}

export interface UsageSession {
  Charge: number
  Currency: string
  User: string
  Product: string
  Project: string
}

/**
 * The sessions of the period as Usage Transactions lists them (overlapping the period, the same
 * criteria), narrowed to a product, user or project: their charge, currency and who, product, project.
 */
export async function usageSessions(
  deps: AnswerDeps,
  period: AskPeriod,
  narrow: UsageNarrowing,
): Promise<{ ok: true; sessions: UsageSession[] } | { ok: false; reply: Failure }> {
  const fields = { product: 'Product', user: 'User', project: 'Project' } as const
  const criteria = [
    ...usageCriteria(customRange(period.from, period.to), false),
    ...Object.entries(fields).flatMap(([key, field]) => {
      const value = narrow[key as keyof UsageNarrowing]
      return value ? [{ name: field, method: 'EQUALS', value }] : []
    }),
  ]
  const filter: FilterRule = { condition: 'ALL', criteria }
  const sessions: UsageSession[] = []
  let token: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await usageCalls(deps.api).page(
      { customerNumber: deps.customer.number },
      { filter, attributes: ['Charge', 'Currency', 'User', 'Product', 'Project'], limit: PAGE_SIZE, token },
    )
    if (reply.status !== 'SUCCESS') return { ok: false, reply }
    for (const row of reply.data) {
      sessions.push({
        Charge: row.Charge ?? 0,
        Currency: row.Currency ?? '',
        User: row.User ?? '',
        Product: row.Product ?? '',
        Project: row.Project ?? '',
      })
    }
    token = reply.token
    if (!token) break
  }
  return { ok: true, sessions }
}

/** The sessions' cost per user, product or project, the largest first (of the first currency, then by name). */
export function costShares(sessions: readonly UsageSession[], key: 'User' | 'Product' | 'Project'): CostShare[] {
  const groups = new Map<string, UsageSession[]>()
  for (const s of sessions) groups.set(s[key], [...(groups.get(s[key]) ?? []), s])
  const shares = [...groups].map(([name, items]) => ({
    name,
    totals: totalsByCurrency(
      items,
      (s) => s.Currency,
      (s) => s.Charge,
    ),
  }))
  return shares.sort((a, b) => (b.totals[0]?.total ?? 0) - (a.totals[0]?.total ?? 0) || a.name.localeCompare(b.name))
}

const sessionTotals = (sessions: readonly UsageSession[]) =>
  totalsByCurrency(
    sessions,
    (s) => s.Currency,
    (s) => s.Charge,
  )

const GROUP_KEY = { product: 'Product', user: 'User', project: 'Project' } as const

/** What usage was narrowed to, in words: 'of Ansys Fluent of user jdoe on project X'. */
const usageScope = ({ product, user, project }: { product?: string; user?: string; project?: string }) =>
  [product && `of ${product}`, user && `of user ${user}`, project && `on project ${project}`].filter(Boolean).join(' ')

const usageCost: AreaAnswers['usage.cost'] = async (u, deps) => {
  const period = periodOr(u.entities.period, deps.now, USAGE_DEFAULT_DAYS)
  const { product, user, project, groupBy } = u.entities
  const narrow = { product, user, project }
  const link = screenLink('usage', usageTransactionsHref(deps.customer.number, period, narrow), 'these sessions')
  const found = await usageSessions(deps, period, narrow)
  if (!found.ok) return failed(found.reply, link, u, deps)
  const text = usageCostText({
    period: period.text,
    scope: usageScope(narrow),
    totals: sessionTotals(found.sessions),
    parts: groupBy ? costShares(found.sessions, GROUP_KEY[groupBy]) : undefined,
    by: groupBy,
  })
  return answered(text, link, u, deps)
}

const topUsers: AreaAnswers['usage.topUsers'] = async (u, deps) => {
  const period = periodOr(u.entities.period, deps.now, USAGE_DEFAULT_DAYS)
  const narrow = { product: u.entities.product, project: u.entities.project }
  const link = screenLink(
    'usage',
    usageTransactionsHref(deps.customer.number, period, narrow, { col: 'cost', dir: 'desc' }),
    'these sessions, costliest first',
  )
  const found = await usageSessions(deps, period, narrow)
  if (!found.ok) return failed(found.reply, link, u, deps)
  const users = costShares(found.sessions, 'User').slice(0, TOP_USERS)
  return answered(topUsersText(period.text, users, usageScope(narrow)), link, u, deps)
}

const statementTotal: AreaAnswers['statement.total'] = async (u, deps) => {
  const period = monthOr(u.entities.period, deps.now)
  const link = screenLink('statements', links(deps).usageStatement(period), 'this statement')
  const reply = await statementCalls(deps.api).statement({
    from: period.from,
    to: period.to,
    today: todayUtc(new Date(deps.now)),
    customerNumber: deps.customer.number,
  })
  if (reply.status !== 'SUCCESS') {
    if (reply.httpStatus === 404)
      return answered(noneText(deps.customer.name, 'elastic entitlement in that period'), link, u, deps)
    return failed(reply, link, u, deps)
  }
  const totals = totalsByCurrency(
    reply.data.Records,
    (r) => r.Currency,
    (r) => r.Used,
  )
  return answered(statementTotalText(period.text, totals, reply.data.Records.length), link, u, deps)
}

export const elasticAnswers: AreaAnswers = {
  'credit.remaining': creditRemaining,
  'usage.cost': usageCost,
  'usage.topUsers': topUsers,
  'statement.total': statementTotal,
}
