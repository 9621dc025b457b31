/**
 * The portal access and audit calls of the licensing API, and the guard the
 * portal access screens run in their loaders and actions: signed in, a customer
 * in ?customer=, the shell's screen rules and feature flags (an action must not
 * act before those pass, and the shell's loader does not run for a POST's checks).
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { requireAuth } from '../auth/guard.server'
import { commitSession } from '../auth/session.server'
import { withReauth, type Flash } from '../portal/context.server'
import { screenRedirect } from '../domain/screen-access'
import { routeAllowedByFlags, type FeatureFlag } from '../domain/feature-flags'
import { NOTICE_PATHS } from '../domain/notice-pages'
import { portalAccessAuthority, type Contact, type PortalAccessAuthority } from '../domain/portal-access'
import { isStaff } from '../domain/permissions'
import type { AccountInfo, User } from '../domain/types'
import { withCustomer } from '../ui/customer-href'
import { createApiClient, type ApiClient } from './client.server'
import type { PageRequest } from './envelope'

/** One audit record as the API returns it. */
export interface AuditEntry {
  id: number
  /** ISO 8601, UTC */
  at: string
  actorEmail: string
  customerNumber: string
  area: string
  action: string
  before: unknown
  after: unknown
}

export function portalAccessCalls(api: ApiClient) {
  return {
    getPortalAccess: (customerNumber: string) => api.call<Contact[]>('POST', '/getportalaccess', { customerNumber }),
    /** The API refuses (409) when `oldContacts` is no longer what is stored. */
    setPortalAccess: (customerNumber: string, newContacts: Contact[], oldContacts: Contact[]) =>
      api.call<Contact[]>('POST', '/setportalaccess', { customerNumber, newContacts, oldContacts }),
    getAudit: (customerNumber: string, page: PageRequest = {}) =>
      api.call<AuditEntry[]>('POST', '/audit', { customerNumber, ...page }),
    countAudit: (customerNumber: string, filter?: PageRequest['filter']) =>
      api.call<number>('POST', '/audit/count', { customerNumber, filter }),
  }
}

export type PortalAccessCalls = ReturnType<typeof portalAccessCalls>

/** The HTTP status of a FAILURE envelope from a 4xx answer (the client adds it), else 502. */
export function failureStatus(reply: { status: string }): number {
  const status = (reply as { httpStatus?: unknown }).httpStatus
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 502
}

type Session = Awaited<ReturnType<typeof requireAuth>>['session']

export interface PortalAccessScreen {
  user: User
  session: Session
  calls: PortalAccessCalls
  customerNumber: string
  info: AccountInfo
  authority: PortalAccessAuthority
  staff: boolean
  /** The screen's own address with the customer. */
  href: string
}

const CUSTOMER_NUMBER = /^[0-9A-Za-z_-]{1,32}$/

export async function requirePortalAccessScreen(
  request: Request,
  context: AppLoadContext,
  screenPath: string,
): Promise<PortalAccessScreen> {
  const { session, user, accessToken } = await requireAuth(request, context)
  const api = createApiClient(context.config, accessToken)
  const url = new URL(request.url)
  const customerNumber = url.searchParams.get('customer')
  return withReauth(request, context, async () => {
    if (!customerNumber || !CUSTOMER_NUMBER.test(customerNumber)) throw redirect(NOTICE_PATHS.noselectedcustomer)
    const reply = await api.getAccountInfo(customerNumber)
    if (reply.status !== 'SUCCESS') throw new Response('You do not have access to this customer.', { status: 403 })
    const info = reply.data
    const target = screenRedirect({ pathname: screenPath, searchParams: url.searchParams, user, info, customerNumber, customerCount: null })
    if (target) throw redirect(withCustomer(target, customerNumber))
    if (!routeAllowedByFlags(screenPath, await featureFlags(session, api))) {
      throw new Response('This page is switched off by a feature flag.', { status: 403 })
    }
    return {
      user,
      session,
      calls: portalAccessCalls(api),
      customerNumber,
      info,
      authority: portalAccessAuthority(user, info),
      staff: isStaff(user),
      href: withCustomer(screenPath, customerNumber),
    }
  })
}

async function featureFlags(session: Session, api: ApiClient): Promise<FeatureFlag[]> {
  const cached = session.get('features') as { list: FeatureFlag[] } | undefined
  if (cached) return cached.list
  const reply = await api.getFeatures()
  // As in the shell: a failed flag call falls back to an empty list.
  return reply.status === 'SUCCESS' ? reply.data : []
}

/** Post/redirect/get with a one-shot message rendered by the next page. */
export async function redirectWithFlash(session: Session, context: AppLoadContext, to: string, flash: Flash) {
  session.set('flash', flash)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session, context) } })
}
