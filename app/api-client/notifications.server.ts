/**
 * The notifications calls of the licensing API (spec 1 section 7), and the
 * session-cached active alerts behind the banner on every page.
 */
import type { Session } from '@remix-run/node'
import {
  ALERTS_MIN_REFRESH_MS,
  NOTIFICATIONS_FETCH_SIZE,
  NOTIFICATIONS_MAX_SIZE,
  addDismissed,
  alertBanner,
  needsRefresh,
  resolvedAlerts,
  toApiDateText,
  type Banner,
  type BannerAlert,
  type Notification,
} from '../domain/alerts'
import type { PortalSession } from '../auth/session.server'
import { alertCalls } from '../../api/contract/alerts'
import type { ApiClient } from './client.server'
import type { Envelope, FilterRule, PageRequest, SortRule } from './envelope'

type NotificationsReply = Envelope<Notification[]>

/** GET /api/notifications: the active ones. */
export function getActiveNotifications(api: ApiClient): Promise<NotificationsReply> {
  return api.send(alertCalls.active, {})
}

/** POST /api/notifications: one page. */
function getNotificationsPage(api: ApiClient, request: PageRequest): Promise<NotificationsReply> {
  return api.send(alertCalls.list.page, request)
}

type FetchAllResult =
  { status: 'SUCCESS'; data: Notification[]; truncated: boolean } | { status: 'FAILURE'; err: string }

/**
 * Every notification matching `filter`, fetched NOTIFICATIONS_FETCH_SIZE at a
 * time by continuation token, up to NOTIFICATIONS_MAX_SIZE (spec 1 section 9).
 */
async function getAllNotifications(
  api: ApiClient,
  filter: FilterRule | undefined,
  sorting: SortRule[],
): Promise<FetchAllResult> {
  const data: Notification[] = []
  let token: string | undefined
  do {
    const limit = Math.min(NOTIFICATIONS_FETCH_SIZE, NOTIFICATIONS_MAX_SIZE - data.length)
    const reply = await getNotificationsPage(api, { filter, sorting, limit, ...(token ? { token } : {}) })
    if (reply.status !== 'SUCCESS') return { status: 'FAILURE', err: reply.err }
    data.push(...reply.data)
    token = reply.token
  } while (token && data.length < NOTIFICATIONS_MAX_SIZE)
  return { status: 'SUCCESS', data, truncated: Boolean(token) }
}

/** Resolved-only alerts (status RESOLVED, expiry before `now`), the latest first. */
export async function getResolvedNotifications(api: ApiClient, now: Date): Promise<FetchAllResult> {
  const result = await getAllNotifications(
    api,
    {
      condition: 'ALL',
      criteria: [
        { name: 'status', method: 'EQUALS', value: 'RESOLVED' },
        { name: 'expires', method: 'BEFORE', value: toApiDateText(now) },
      ],
    },
    [{ name: 'date', direction: 'desc' }],
  )
  return result.status === 'SUCCESS' ? { ...result, data: resolvedAlerts(result.data, now) } : result
}

/** One notification by id, or null when there is none. */
export async function getNotification(api: ApiClient, id: number): Promise<Envelope<Notification | null>> {
  const reply = await getNotificationsPage(api, {
    filter: { condition: 'ALL', criteria: [{ name: 'id', method: 'EQUALS', value: id }] },
    limit: 1,
  })
  if (reply.status !== 'SUCCESS') return reply
  return { status: 'SUCCESS', data: reply.data[0] ?? null }
}

/* ---------------------------------------------------------------- the banner's cache */

/** What the session keeps for the banner: the active alerts when last asked, and the ids the user closed. */
interface AlertsSessionData {
  alerts: { at: number; list: BannerAlert[] }
  dismissedAlerts: number[]
}

// SessionData types the shell's own keys; these two belong to the alerts.
const alertsStore = (session: PortalSession) => session as unknown as Session<AlertsSessionData>

function forBanner(list: Notification[]): BannerAlert[] {
  return list.map(({ id, category, status, date, expires, description, service }) => ({
    id,
    category,
    status,
    date,
    expires,
    description,
    service,
  }))
}

/**
 * The banner for this request. The active alerts are asked for when the
 * session has none (right after sign-in) or they are at least
 * ALERTS_MIN_REFRESH_MS old, so most requests cost no API call. A failed call
 * keeps the previous list and waits for the next refresh. `dirty` says the
 * session must be saved.
 */
export async function loadAlertBanner(
  session: PortalSession,
  api: ApiClient,
  now: Date = new Date(),
): Promise<{ banner: Banner; dirty: boolean }> {
  const store = alertsStore(session)
  let cache = store.get('alerts')
  let dirty = false
  if (needsRefresh(cache?.at, now.getTime(), ALERTS_MIN_REFRESH_MS)) {
    const reply = await getActiveNotifications(api)
    if (reply.status !== 'SUCCESS') {
      console.error(JSON.stringify({ level: 'warn', msg: 'active alerts could not be loaded', error: reply.err }))
    }
    cache = { at: now.getTime(), list: reply.status === 'SUCCESS' ? forBanner(reply.data) : (cache?.list ?? []) }
    store.set('alerts', cache)
    dirty = true
  }
  return { banner: alertBanner(cache?.list ?? [], store.get('dismissedAlerts') ?? [], now), dirty }
}

/** Remembers that the user closed the banner while it showed `ids`. */
export function dismissAlerts(session: PortalSession, ids: number[]) {
  const store = alertsStore(session)
  store.set('dismissedAlerts', addDismissed(store.get('dismissedAlerts') ?? [], ids))
}
