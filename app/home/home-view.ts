/**
 * The Home cards as the page shows them: each card's question answered in words
 * and figures, with the link to the view that explains it. Pure: the loader
 * builds it from the summary call's answer, so the page's script holds no rules.
 */
import { forecastText, type CreditForecast, type ThresholdState } from '../domain/credit-forecast'
import { daysBetween, formatNumber } from '../domain/entitlements'
import { weekChangeText, weekOnWeek, type HomeCard, type WeekChange } from '../domain/home-cards'
import type { HomeEndingGroup, HomeSummary, HomeUsageDay } from '../domain/home-summary'
import { relativeAge } from '../view/relative-time'
import { homeLinks } from './home-links'
import { webCardView, type WebCardView } from './home-web'
import { dayText, momentUtcText } from '../domain/date-format'

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`
const money = (n: number, currency: string | null) => `${formatNumber(n, 2)}${currency ? ` ${currency}` : ''}`

export interface ElasticCreditView {
  activationId: string
  name: string
  remainingText: string
  forecastText: string
  thresholdText: string
  thresholdState: ThresholdState
  href: string
}

export interface EndingGroupView {
  key: 'leases' | 'fsaContracts' | 'perpetuals'
  label: string
  count: number
  items: { activationId: string; name: string; date: string; daysText: string }[]
  /** How many more end within the window than are listed. */
  more: number
  href: string
}

export interface HostChangeView {
  text: string
  by: string
  at: string
  age: string
  href: string
}

export interface UsageView {
  currency: string | null
  current: { from: string; to: string; total: number; text: string }
  previous: { from: string; to: string; total: number; text: string }
  week: WeekChange
  changeText: string
  /** The chart's text alternative. */
  summary: string
  days: (HomeUsageDay & { text: string; current: boolean })[]
  statementHref: string
  transactionsHref: string
}

export interface HomeView {
  customerNumber: string
  today: string
  cards: HomeCard[]
  elastic: { href: string; items: ElasticCreditView[] } | null
  ending: { windowDays: number; total: number; groups: EndingGroupView[]; href: string } | null
  hosts: { active: number; activeText: string; href: string; lastChange: HostChangeView | null } | null
  usage: UsageView | null
  alerts: {
    count: number
    countText: string
    href: string
    /** `when`: 'since DAY', or 'from DAY' for one that starts later (planned maintenance). */
    items: { title: string; category: string; when: string; href: string }[]
  } | null
  emails: { href: string; items: { subject: string; date: string; href: string }[] } | null
  web: WebCardView | null
}

function forecastOf(kind: CreditForecast['kind'], runsOutOn: string | null): CreditForecast {
  if (kind === 'runs-out') return { kind, date: runsOutOn ?? '', dailyRate: 0 }
  if (kind === 'outlasts-term') return { kind, dailyRate: 0 }
  return { kind }
}

function thresholdText(state: ThresholdState, threshold: number | null, currency: string): string {
  if (state === 'none' || threshold === null) return 'No low-balance threshold is set.'
  const amount = money(threshold, currency)
  return state === 'below'
    ? `At or below its low-balance threshold of ${amount}.`
    : `Above its low-balance threshold of ${amount}.`
}

const ENDING_LABELS: Record<EndingGroupView['key'], string> = {
  leases: 'Leases',
  fsaContracts: 'FSA contracts',
  perpetuals: 'Perpetual maintenance',
}

function daysText(days: number): string {
  if (days === 0) return 'today'
  if (days === 1) return 'tomorrow'
  return `in ${days} days`
}

function changeText(change: { action: string; count: number; productName: string; hostName: string }): string {
  const n = Math.abs(change.count)
  const what = `${formatNumber(n)} × ${change.productName}`
  if (change.count < 0) return `${what} returned from ${change.hostName}`
  const verb = change.action === 'ACTIVATE' ? 'activated on' : `${change.action.toLowerCase()} on`
  return `${what} ${verb} ${change.hostName}`
}

/** 'since DAY' for an alert that has started, 'from DAY' for one still to come; the date is UTC 'YYYY-MM-DD HH:mm:ss'. */
function alertWhen(date: string, now: Date): string {
  const starts = Date.parse(`${date.replace(' ', 'T')}Z`)
  return `${starts > now.getTime() ? 'from' : 'since'} ${dayText(date)}`
}

export function homeView(summary: HomeSummary, now: Date = new Date()): HomeView {
  const { customerNumber, today } = summary
  const links = homeLinks(customerNumber, today)
  const ending = summary.ending
  const groupView = (key: EndingGroupView['key'], group: HomeEndingGroup, href: string): EndingGroupView => ({
    key,
    label: ENDING_LABELS[key],
    count: group.count,
    items: group.soonest.map((item) => ({
      activationId: item.activationId,
      name: item.productName,
      date: item.date,
      daysText: daysText(daysBetween(today, item.date)),
    })),
    more: group.count - group.soonest.length,
    href,
  })
  const usage = summary.usage
  return {
    customerNumber,
    today,
    cards: summary.cards,
    elastic: summary.elastic
      ? {
          href: links.elasticList(),
          items: summary.elastic.map((c) => ({
            activationId: c.activationId,
            name: c.productName,
            remainingText: `${formatNumber(c.remaining, 1)} of ${formatNumber(c.quantity, 1)} ${c.currency} left`,
            forecastText: forecastText(forecastOf(c.forecast, c.runsOutOn)),
            thresholdText: thresholdText(c.thresholdState, c.threshold, c.currency),
            thresholdState: c.thresholdState,
            href: links.elasticCredit(c.activationId),
          })),
        }
      : null,
    ending: ending
      ? {
          windowDays: ending.windowDays,
          total: ending.leases.count + ending.fsaContracts.count + ending.perpetuals.count,
          groups: [
            groupView('leases', ending.leases, links.leasesEnding()),
            groupView('fsaContracts', ending.fsaContracts, links.fsaContracts()),
            groupView('perpetuals', ending.perpetuals, links.perpetualsEnding()),
          ].filter((g) => g.count > 0),
          href: links.leases(),
        }
      : null,
    hosts: summary.hosts
      ? {
          active: summary.hosts.active,
          activeText: count(summary.hosts.active, 'active host', 'active hosts'),
          href: links.activeHosts(),
          lastChange: summary.hosts.lastChange
            ? {
                text: changeText(summary.hosts.lastChange),
                by: summary.hosts.lastChange.by,
                at: momentUtcText(summary.hosts.lastChange.time),
                age: relativeAge(new Date(summary.hosts.lastChange.time), now),
                href: links.hostHistory({
                  id: summary.hosts.lastChange.hostId,
                  name: summary.hosts.lastChange.hostName,
                  active: summary.hosts.lastChange.hostActive,
                }),
              }
            : null,
        }
      : null,
    usage: usage ? usageView(usage, links) : null,
    alerts: summary.alerts
      ? {
          count: summary.alerts.count,
          countText: count(summary.alerts.count, 'active alert', 'active alerts'),
          href: links.alerts(),
          items: summary.alerts.newest.map((a) => ({
            title: a.title,
            category: a.category,
            when: alertWhen(a.date, now),
            href: links.alert(a.id),
          })),
        }
      : null,
    emails: summary.emails
      ? {
          href: links.emails(),
          items: summary.emails.map((e) => ({ subject: e.subject, date: e.date, href: links.email(e.id) })),
        }
      : null,
    web: summary.web ? webCardView(summary.web, customerNumber, today) : null,
  }
}

function usageView(usage: NonNullable<HomeSummary['usage']>, links: ReturnType<typeof homeLinks>): UsageView {
  const week = weekOnWeek(usage.current.total, usage.previous.total)
  const cost = (n: number) => money(n, usage.currency)
  const change = weekChangeText(week, cost)
  const range = (w: typeof usage.current) => ({ from: w.from, to: w.to, total: w.total, text: cost(w.total) })
  return {
    currency: usage.currency,
    current: range(usage.current),
    previous: range(usage.previous),
    week,
    changeText: change,
    summary:
      `Usage cost per day from ${usage.previous.from} to ${usage.current.to}. ` +
      `${usage.current.from} to ${usage.current.to}: ${cost(usage.current.total)}, ${change}; ` +
      `${usage.previous.from} to ${usage.previous.to}: ${cost(usage.previous.total)}.`,
    days: usage.days.map((d) => ({ ...d, text: cost(d.cost), current: d.day >= usage.current.from })),
    statementHref: links.usageStatement(usage.current),
    transactionsHref: links.usageTransactions(usage.current),
  }
}
