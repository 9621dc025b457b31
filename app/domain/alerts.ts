/**
 * Service alerts (spec 1 sections 2.4, 2.10 to 2.12 and 4 'Notifications'):
 * categories and their titles and icons, which alerts show where, the banner,
 * and the date texts. Dates travel as 'YYYY-MM-DD HH:mm:ss' in UTC and are
 * shown in UTC.
 */
import { durationText, relativeAge } from '../view/relative-time'
import { alertTimeText } from './date-format'

/** Categories from the most to the least severe; panels and the banner follow this order. */
export const ALERT_CATEGORIES = ['CRITICAL', 'WARNING', 'INFO', 'OK'] as const
export type AlertCategory = (typeof ALERT_CATEGORIES)[number]

/** A notification as the licensing API returns it (spec 1 section 3). */
export interface Notification {
  id: number
  category: string
  status: string
  /** Start, 'YYYY-MM-DD HH:mm:ss' UTC. */
  date: string
  /** Expected or actual end, same format; null when open-ended. */
  expires: string | null
  title: string
  description: string
  /** Affected services: key -> display name. */
  service: Record<string, string>
  /** Label -> URL. */
  links: Record<string, string>
}

/** Spec 1 section 9: info alerts show when they start within this many days. */
export const INFO_DAYS_LIMIT = 5
/**
 * Least time between two refreshes of the active alerts on navigation. The spec
 * gives both 1 minute (the polling notes) and 5 minutes (the service
 * constants); 1 minute keeps a new outage from going unseen for long, and the
 * call is cheap.
 */
export const ALERTS_MIN_REFRESH_MS = 60_000
/** Spec 1 section 9: default auto-refresh with JavaScript. */
export const ALERTS_AUTO_REFRESH_MS = 15 * 60_000
/** Spec 1 section 9: notifications are fetched 100 at a time, at most 1000. */
export const NOTIFICATIONS_FETCH_SIZE = 100
export const NOTIFICATIONS_MAX_SIZE = 1000

const DAY_MS = 24 * 3600_000

/* ---------------------------------------------------------------- categories */

/** The category of a notification; anything unknown counts as OK (spec: 'otherwise'). */
export function alertCategory(category: string): AlertCategory {
  const upper = category.trim().toUpperCase()
  return (ALERT_CATEGORIES as readonly string[]).includes(upper) ? (upper as AlertCategory) : 'OK'
}

/** 'Outage', 'Service Degradation', 'Planned Maintenance' or 'Information', as the category page heads them. */
export function categoryTitle(category: string): string {
  switch (category.trim().toLowerCase()) {
    case 'critical':
      return 'Outage'
    case 'warning':
      return 'Service Degradation'
    case 'info':
      return 'Planned Maintenance'
    default:
      return 'Information'
  }
}

/** The path segment of a category page: critical, warning, info or ok. */
export function categorySlug(category: string): string {
  return alertCategory(category).toLowerCase()
}

/** The category a page slug names, or null for an unknown one (the page answers 404). */
export function categoryFromSlug(slug: string): AlertCategory | null {
  const upper = slug.trim().toUpperCase()
  return (ALERT_CATEGORIES as readonly string[]).includes(upper) ? (upper as AlertCategory) : null
}

export type AlertIcon = 'error_outline' | 'remove_circle_outline' | 'info' | 'check_circle'

/** Spec 1 section 2.10: CRITICAL error_outline, WARNING remove_circle_outline, INFO info, otherwise check_circle. */
export function categoryIcon(category: string): AlertIcon {
  switch (alertCategory(category)) {
    case 'CRITICAL':
      return 'error_outline'
    case 'WARNING':
      return 'remove_circle_outline'
    case 'INFO':
      return 'info'
    default:
      return 'check_circle'
  }
}

function severity(category: string) {
  return ALERT_CATEGORIES.indexOf(alertCategory(category))
}

/* ---------------------------------------------------------------- services */

/** 'A', 'A and B', 'A, B and C'. */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Display names of the services of some alerts, each once, in first-seen order. */
export function serviceNames(alerts: readonly Pick<Notification, 'service'>[]): string[] {
  const names = new Set<string>()
  for (const alert of alerts) {
    for (const name of Object.values(alert.service ?? {})) {
      if (typeof name === 'string' && name.trim() !== '') names.add(name.trim())
    }
  }
  return [...names]
}

/** The services of alerts as one text: 'A, B and C'. */
export function servicesText(alerts: readonly Pick<Notification, 'service'>[]): string {
  return joinWithAnd(serviceNames(alerts))
}

/* ---------------------------------------------------------------- dates */

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/

/** Reads 'YYYY-MM-DD HH:mm:ss' (UTC); null when the text is not such a date. */
export function parseApiDate(text: string | null | undefined): Date | null {
  const m = text ? API_DATE.exec(text) : null
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, s ? +s : 0))
  return Number.isNaN(date.getTime()) ? null : date
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD HH:mm:ss' in UTC: how the API stores and compares dates. */
export function toApiDateText(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  )
}

function dayAndTime(text: string | null | undefined, separator: ', ' | ' '): string {
  const date = parseApiDate(text)
  return date ? alertTimeText(date, separator) : ''
}

/**
 * The instant as a valid HTML datetime (a <time> element's dateTime), e.g.
 * '2025-03-09T07:05:00Z'; '' when there is no date.
 */
export function machineDateTime(text: string | null | undefined): string {
  const date = parseApiDate(text)
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : ''
}

/** 'yyyy-MM-dd H:mm' (lists and details); '' when there is no date. */
export function formatAlertDate(text: string | null | undefined): string {
  return dayAndTime(text, ' ')
}

/** 'yyyy-MM-dd, H:mm' (the banner); '' when there is no date. */
export function formatBannerDate(text: string | null | undefined): string {
  return dayAndTime(text, ', ')
}

/* ---------------------------------------------------------------- which alerts show */

/** Spec: no expiry, or an expiry later than now. */
export function isNotExpired(alert: Pick<Notification, 'expires'>, now: Date): boolean {
  const expires = parseApiDate(alert.expires)
  return expires === null || expires.getTime() > now.getTime()
}

/** Spec: status RESOLVED and an expiry before now. */
export function isResolvedOnly(alert: Pick<Notification, 'status' | 'expires'>, now: Date): boolean {
  const expires = parseApiDate(alert.expires)
  return alert.status.toUpperCase() === 'RESOLVED' && expires !== null && expires.getTime() < now.getTime()
}

/** Status ACTIVE and not expired: what GET /api/notifications answers. */
export function isActive(alert: Pick<Notification, 'status' | 'expires'>, now: Date): boolean {
  return alert.status.toUpperCase() === 'ACTIVE' && isNotExpired(alert, now)
}

/** Spec 1 section 2.10: info alerts start from now up to INFO_DAYS_LIMIT days ahead. */
export function inInfoWindow(alert: Pick<Notification, 'date'>, now: Date): boolean {
  const start = parseApiDate(alert.date)
  if (!start) return false
  const t = start.getTime()
  return t >= now.getTime() && t <= now.getTime() + INFO_DAYS_LIMIT * DAY_MS
}

type Shown = Pick<Notification, 'category' | 'status' | 'date' | 'expires'>

/** Whether a user is shown the alert: active and not expired, an info alert only inside the info window. */
export function isShown(alert: Shown, now: Date): boolean {
  return isActive(alert, now) && (alertCategory(alert.category) !== 'INFO' || inInfoWindow(alert, now))
}

/**
 * The active alerts a user is shown (banner, Active tab, category pages): active
 * and not expired, info alerts only inside the info window; the most severe
 * first, then the earliest start.
 */
export function shownAlerts<T extends Shown>(alerts: readonly T[], now: Date): T[] {
  return alerts
    .filter((a) => isShown(a, now))
    .sort((a, b) => severity(a.category) - severity(b.category) || a.date.localeCompare(b.date))
}

/** The shown alerts of one category. */
export function alertsOfCategory<T extends Shown>(alerts: readonly T[], category: AlertCategory, now: Date): T[] {
  return shownAlerts(alerts, now).filter((a) => alertCategory(a.category) === category)
}

/** Resolved-only alerts, the latest start first. */
export function resolvedAlerts<T extends Pick<Notification, 'status' | 'expires' | 'date'>>(
  alerts: readonly T[],
  now: Date,
): T[] {
  return alerts.filter((a) => isResolvedOnly(a, now)).sort((a, b) => b.date.localeCompare(a.date))
}

/* ---------------------------------------------------------------- Active tab */

export interface AlertPanel {
  category: AlertCategory
  slug: string
  title: string
  icon: AlertIcon
  count: number
  /** Services joined by commas with a final 'and'. */
  services: string
}

/** One panel per category that has shown alerts, the most severe first. Empty means 'No issues'. */
export function alertPanels(alerts: readonly Notification[], now: Date): AlertPanel[] {
  const shown = shownAlerts(alerts, now)
  return ALERT_CATEGORIES.flatMap((category) => {
    const items = shown.filter((a) => alertCategory(a.category) === category)
    if (items.length === 0) return []
    return [
      {
        category,
        slug: category.toLowerCase(),
        title: categoryTitle(category),
        icon: categoryIcon(category),
        count: items.length,
        services: servicesText(items),
      },
    ]
  })
}

/* ---------------------------------------------------------------- one alert */

/** What every view of one alert shows: the banner, the lists and the details. */
export interface AlertFacts {
  category: AlertCategory
  categoryTitle: string
  /** Services joined by commas with a final 'and'. */
  services: string
  description: string
  start: string
  /** null when the alert is open-ended. */
  end: string | null
  /** start and end as machine-readable datetimes (see machineDateTime). */
  startsAt: string
  endsAt: string | null
}

/** The facts of one alert, its dates written by `formatDate` (the banner and the lists write them differently). */
function alertFacts(
  alert: Pick<Notification, 'category' | 'date' | 'expires' | 'description' | 'service'>,
  formatDate: (text: string | null | undefined) => string,
): AlertFacts {
  return {
    category: alertCategory(alert.category),
    categoryTitle: categoryTitle(alert.category),
    services: servicesText([alert]),
    description: alert.description,
    start: formatDate(alert.date),
    end: alert.expires ? formatDate(alert.expires) || null : null,
    startsAt: machineDateTime(alert.date),
    endsAt: machineDateTime(alert.expires) || null,
  }
}

/* ---------------------------------------------------------------- banner */

export type BannerMode = 'none' | 'single' | 'multiple'

/** Spec 1 section 4: none, single or multiple by the count of active alerts. */
export function bannerMode(count: number): BannerMode {
  if (count <= 0) return 'none'
  return count === 1 ? 'single' : 'multiple'
}

/** 'Multiple items affecting X and Y.' */
export function multipleAlertsText(alerts: readonly Pick<Notification, 'service'>[]): string {
  const services = servicesText(alerts)
  return services ? `Multiple items affecting ${services}.` : 'Multiple items.'
}

/** What the banner needs of an alert; also what the session keeps between refreshes. */
export type BannerAlert = Pick<
  Notification,
  'id' | 'category' | 'status' | 'date' | 'expires' | 'description' | 'service'
>

export type Banner =
  | { mode: 'none' }
  /** Dates as 'yyyy-MM-dd, H:mm'. */
  | ({ mode: 'single'; ids: number[] } & AlertFacts)
  | {
      mode: 'multiple'
      ids: number[]
      /** The most severe category, for the colour and icon. */
      category: AlertCategory
      title: 'Multiple alerts'
      text: string
    }

/**
 * The banner for the active alerts. It stays closed while every shown alert
 * is one the user dismissed; a new alert opens it again.
 */
export function alertBanner(alerts: readonly BannerAlert[], dismissed: readonly number[], now: Date): Banner {
  const shown = shownAlerts(alerts, now)
  const closed = new Set(dismissed)
  if (shown.every((a) => closed.has(a.id))) return { mode: 'none' }
  const ids = shown.map((a) => a.id)
  const first = shown[0]
  if (bannerMode(shown.length) === 'single') {
    return { mode: 'single', ids, ...alertFacts(first, formatBannerDate) }
  }
  return {
    mode: 'multiple',
    ids,
    category: alertCategory(first.category),
    title: 'Multiple alerts',
    text: multipleAlertsText(shown),
  }
}

/** Most ids the session remembers as dismissed; the oldest go first. */
export const MAX_DISMISSED = 200

/** The dismissed ids after closing the banner on `closed`, each once, capped at MAX_DISMISSED. */
export function addDismissed(dismissed: readonly number[], closed: readonly number[]): number[] {
  const merged = [...new Set([...dismissed, ...closed])]
  return merged.slice(Math.max(0, merged.length - MAX_DISMISSED))
}

/** Whether the cached active alerts are old enough to ask again (or there are none yet, as after sign-in). */
export function needsRefresh(cachedAt: number | null | undefined, now: number, minDelayMs = ALERTS_MIN_REFRESH_MS) {
  return cachedAt == null || now - cachedAt >= minDelayMs || now < cachedAt
}

/* ---------------------------------------------------------------- lists and details */

/** An alert's title, or its category title when it has none. */
export function alertTitle(alert: Pick<Notification, 'title' | 'category'>): string {
  return alert.title.trim() || categoryTitle(alert.category)
}

/** Only web addresses may become links; anything else (javascript:, data:) is dropped. */
export function safeLinkUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null
  try {
    const parsed = new URL(url.trim())
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null
  } catch {
    return null
  }
}

export function alertLinks(alert: Pick<Notification, 'links'>): { label: string; url: string }[] {
  return Object.entries(alert.links ?? {}).flatMap(([label, url]) => {
    const safe = safeLinkUrl(url)
    return safe ? [{ label: label.trim() || safe, url: safe }] : []
  })
}

/** An alert as the lists show it (category pages, the Resolved tab), dates as 'yyyy-MM-dd H:mm'. */
export interface AlertSummary extends AlertFacts {
  id: number
  title: string
  icon: AlertIcon
}

export function alertSummary(alert: Notification): AlertSummary {
  const facts = alertFacts(alert, formatAlertDate)
  return { id: alert.id, title: alertTitle(alert), icon: categoryIcon(alert.category), ...facts }
}

export interface AlertDetails extends AlertSummary {
  status: string
  /** Relative age of the start, e.g. '3 Hours 5 Minutes ago' or 'In 2 days'. */
  age: string
  /** 'Days Hours Minutes' from start to expected end, when there is an end. */
  duration: string | null
  links: { label: string; url: string }[]
}

/** Spec 1 section 2.11. */
export function alertDetails(alert: Notification, now: Date): AlertDetails {
  const start = parseApiDate(alert.date)
  const end = parseApiDate(alert.expires)
  return {
    ...alertSummary(alert),
    status: alert.status.toUpperCase(),
    age: start ? relativeAge(start, now) : '',
    duration: start && end ? durationText(start, end) : null,
    links: alertLinks(alert),
  }
}
