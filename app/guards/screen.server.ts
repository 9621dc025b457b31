/**
 * The guard every screen's loader and action starts with, named by the screen's
 * id in the registry (app/screens/registry.ts): signed in, the customer of
 * ?customer= and its info, then the screen's rules (app/screens/access.ts: notice
 * exits, customer, export control, customer type, permission, feature flag, and
 * for a write the permission to change). It throws the redirect or the refusal
 * before the screen asks the API for anything of its own, and it gives the screen
 * the API client of the page (one deadline; an outage throws the 503 page). The
 * elastic settings and portal access screens' guards add what those screens
 * derive from it.
 *
 * The shell's loader runs beside it and chooses the customer (a remembered or only
 * customer goes into the address); the guard relies on none of that.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { requireAuth } from './auth.server'
import { commitSession, type PortalSession } from '../auth/session.server'
import { customerNumberOf } from '../domain/customer-number'
import { flagGates, type FlagGate } from '../domain/feature-flags'
import { NOTICE_TEXTS, noticePageOf, NOTICE_PATHS } from '../screens/notice-pages'
import { isStaff, isViewOnly } from '../domain/permissions'
import { portalAccessAuthority, type PortalAccessAuthority } from '../domain/portal-access'
import type { AccountInfo, User } from '../domain/types'
import { readOnlyIntents, screenDecision, type ScreenDecision } from '../screens/access'
import { screenPath, type ScreenId } from '../screens/registry'
import { withCustomer } from '../ui/customer-href'
import { failureStatus, isOutage } from '../api-client/envelope'
import type { ApiClient } from '../api-client/client.server'
import { elasticCalls, type ElasticCalls } from '../api-client/elastic.server'
import { portalAccessCalls, type PortalAccessCalls } from '../api-client/portal-access.server'
import { withReauth, type Flash } from '../request/context.server'
import { accountInfoFor, featuresFor, reachableAccountsFor } from '../request/account-info.server'
import { screenApi, serviceUnavailable } from '../request/request-scope.server'

/** What every screen gets from its guard. */
export interface Screen {
  user: User
  session: PortalSession
  /** The page's API client: its deadline is the page's, an outage throws the 503 page. */
  api: ApiClient
  customerNumber: string | null
  info: AccountInfo | null
  /** The screen's own address with the customer, for form actions and links. */
  href: string
}

/** A screen that works on the selected customer: the guard has checked there is one. */
export interface CustomerScreen extends Screen {
  customerNumber: string
  info: AccountInfo
}

export interface ScreenGuardOptions {
  /** For resource routes: a notice redirect becomes a 403 with the notice's text. */
  noRedirects?: boolean
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Passes the screen's rules or throws the redirect or response that refuses the request. */
export async function requireScreen(
  request: Request,
  context: AppLoadContext,
  screen: ScreenId,
  options: ScreenGuardOptions = {},
): Promise<Screen> {
  const path = screenPath(screen)
  const { session, user, accessToken } = await requireAuth(request, context)
  const url = new URL(request.url)
  const customerNumber = customerNumberOf(url.searchParams.get('customer'))
  return withReauth(request, context, async () => {
    let info: AccountInfo | null = null
    if (customerNumber) {
      const reply = await accountInfoFor(request, context, accessToken, customerNumber)
      if (isOutage(reply)) throw serviceUnavailable()
      if (reply.status !== 'SUCCESS') {
        throw data(`Customer ${customerNumber} was not found or you do not have access to it.`, {
          status: failureStatus(reply) === 404 ? 404 : 403,
        })
      }
      info = reply.data
    }
    const decision = screenDecision({
      pathname: path,
      searchParams: url.searchParams,
      user,
      info,
      customerNumber,
      customerCount: noticePageOf(path) === 'nocustomer' ? await customerCount(request, context, accessToken) : null,
      screen,
      access: (await writes(request, screen)) ? 'write' : 'read',
      flags: await featureFlags(request, context, session, accessToken),
    })
    refuse(decision, customerNumber, options)
    return {
      user,
      session,
      api: screenApi(request, context, accessToken),
      customerNumber,
      info,
      href: withCustomer(path, customerNumber),
    }
  })
}

/** requireScreen for a screen that works on the selected customer. */
export async function requireCustomerScreen(
  request: Request,
  context: AppLoadContext,
  screen: ScreenId,
  options?: ScreenGuardOptions,
): Promise<CustomerScreen> {
  const passed = await requireScreen(request, context, screen, options)
  const { customerNumber, info } = passed
  if (!customerNumber || !info) throw redirect(NOTICE_PATHS.noselectedcustomer)
  return { ...passed, customerNumber, info }
}

export interface ElasticScreen extends CustomerScreen {
  calls: ElasticCalls
  viewOnly: boolean
}

/** requireCustomerScreen for the elastic settings screens, with what they derive from it. */
export async function requireElasticScreen(
  request: Request,
  context: AppLoadContext,
  screen: 'elasticCredentials' | 'elasticIpSettings',
): Promise<ElasticScreen> {
  const passed = await requireCustomerScreen(request, context, screen)
  return { ...passed, calls: elasticCalls(passed.api), viewOnly: isViewOnly(passed.user, passed.info) }
}

export interface PortalAccessScreen extends CustomerScreen {
  calls: PortalAccessCalls
  authority: PortalAccessAuthority
  staff: boolean
}

/**
 * requireCustomerScreen for the portal access screens, with what they derive from it
 * (an action must not act before the rules pass, and the shell's loader does not run
 * for a POST's checks).
 */
export async function requirePortalAccessScreen(
  request: Request,
  context: AppLoadContext,
  screen: 'portalAccess' | 'portalAccessAudit',
): Promise<PortalAccessScreen> {
  const passed = await requireCustomerScreen(request, context, screen)
  return {
    ...passed,
    calls: portalAccessCalls(passed.api),
    authority: portalAccessAuthority(passed.user, passed.info),
    staff: isStaff(passed.user),
  }
}

function refuse(decision: ScreenDecision, customerNumber: string | null, { noRedirects }: ScreenGuardOptions) {
  if (decision.kind === 'refuse') throw data(decision.message, { status: decision.status })
  if (decision.kind !== 'redirect') return
  if (noRedirects) {
    const notice = noticePageOf(decision.to.split('?')[0])
    throw data(notice ? NOTICE_TEXTS[notice] : NOTICE_TEXTS.nopermissions, { status: 403 })
  }
  throw redirect(withCustomer(decision.to, customerNumber))
}

/** Whether the request asks to change something: an unsafe method, unless its form intent only reads. */
async function writes(request: Request, screen: ScreenId): Promise<boolean> {
  if (!UNSAFE.has(request.method)) return false
  const readIntents = readOnlyIntents(screen)
  if (readIntents.length === 0) return true
  const intent = await request
    .clone()
    .formData()
    .then((form) => form.get('intent'))
    .catch(() => null)
  return !(typeof intent === 'string' && readIntents.includes(intent))
}

/** The flags as the shell keeps them in the session, else asked once for the request; a failed call gives none. */
async function featureFlags(
  request: Request,
  context: AppLoadContext,
  session: PortalSession,
  accessToken: string,
): Promise<FlagGate[]> {
  const stored = session.get('features') as { list: FlagGate[] } | undefined
  if (stored) return stored.list
  const reply = await featuresFor(request, context, accessToken)
  // Spec 1 section 8: a failed feature call falls back to an empty list.
  return reply.status === 'SUCCESS' ? flagGates(reply.data) : []
}

async function customerCount(request: Request, context: AppLoadContext, accessToken: string): Promise<number> {
  const reply = await reachableAccountsFor(request, context, accessToken)
  if (isOutage(reply)) throw serviceUnavailable()
  return reply.status === 'SUCCESS' ? reply.data.length : 0
}

/** Post/redirect/get with a one-shot message rendered by the next page. */
export async function redirectWithFlash(session: PortalSession, context: AppLoadContext, to: string, flash: Flash) {
  session.set('flash', flash)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session, context) } })
}
