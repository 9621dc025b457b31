/**
 * The elastic licence server calls of the licensing API (spec 1 section 7 and spec 2
 * section 7), and what the elastic settings screens share on the server: the guard
 * their loaders, actions and the export run before touching anything, the PIN
 * generator, and the redirects they answer with.
 */
import { randomInt } from 'node:crypto'
import { redirect, type AppLoadContext } from '@remix-run/node'
import { requireAuth } from '../auth/guard.server'
import { commitSession } from '../auth/session.server'
import { withReauth, type Flash } from '../portal/context.server'
import { screenRedirect } from '../domain/screen-access'
import { routeAllowedByFlags, type FeatureFlag } from '../domain/feature-flags'
import { NOTICE_PATHS } from '../domain/notice-pages'
import { isViewOnly } from '../domain/permissions'
import { formatPin } from '../domain/elastic-credentials'
import type { WhitelistRule } from '../domain/ip-rules'
import type { AccountInfo, User } from '../domain/types'
import { withCustomer } from '../ui/customer-href'
import { createApiClient, type ApiClient } from './client.server'

export interface ElasticServer {
  deviceId: string
  alias: string
}

/** One function per call; each answers the envelope, so callers decide what a FAILURE means. */
export function elasticCalls(api: ApiClient) {
  return {
    activatedServers: (customerNumber: string, customername?: string) =>
      api.call<{ DeviceID: string; Alias: string }[]>('POST', '/activatedelasticservers', { customerNumber, customername }),
    firstServer: (customerNumber: string, customerName?: string) =>
      api.call<ElasticServer | null>('POST', '/devices/elastic', { customerNumber, customerName }),
    getIps: (customerNumber: string, clsId: string) =>
      api.call<{ whitelist: WhitelistRule[] }>('POST', '/getips', { clsId, customerNumber }),
    /** `oldWhitelist` is the list the user started from; the API refuses the save if it changed since. */
    setIps: (customerNumber: string, clsId: string, whitelist: WhitelistRule[], oldWhitelist?: WhitelistRule[]) =>
      api.call<unknown>('POST', '/setips', { customerNumber, clsId, whitelist, oldWhitelist }),
    getPin: (customerNumber: string, customerName: string, clsId: string) =>
      api.call<{ pin: string }>('POST', '/getpin', { customerNumber, customerName, clsId }),
    /** With `onlyIfUnset`, a PIN someone else has set in the meantime is kept. */
    changePin: (customerNumber: string, clsId: string, pin: string, options: { onlyIfUnset?: boolean } = {}) =>
      api.call<{ changed: boolean }>('POST', '/changepin', { clsId, customerNumber, pin, ...options }),
    getUsers: (customerNumber: string, customerName: string, clsId: string) =>
      api.call<{ users: string[] }>('POST', '/getUsers', { customerNumber, customerName, clsId }),
    saveUsers: (customerNumber: string, clsId: string, users: string[], oldUsers?: string[]) =>
      api.call<unknown>('POST', '/saveUsers', { clsId, customerNumber, users, oldUsers }),
  }
}

export type ElasticCalls = ReturnType<typeof elasticCalls>

/** A cryptographically random 6-digit PIN; every value from 000000 to 999999 is equally likely. */
export function generatePin(): string {
  return formatPin(randomInt(0, 1_000_000))
}

type Session = Awaited<ReturnType<typeof requireAuth>>['session']

export interface ElasticScreen {
  user: User
  session: Session
  api: ApiClient
  calls: ElasticCalls
  customerNumber: string
  info: AccountInfo
  viewOnly: boolean
  /** The screen's own address with the customer, for form actions and links. */
  href: string
}

/**
 * Signs in, reads the customer from ?customer= and applies the shell's screen rules
 * and feature flags. The shell's loader does the same for pages, but actions, the
 * export and this screen's loader (which may save a first PIN) must not act before
 * those rules pass, so they check for themselves.
 */
export async function requireElasticScreen(request: Request, context: AppLoadContext, screenPath: string): Promise<ElasticScreen> {
  const { session, user, accessToken } = await requireAuth(request, context)
  const api = createApiClient(context.config, accessToken)
  const url = new URL(request.url)
  const customerNumber = url.searchParams.get('customer')
  return withReauth(request, context, async () => {
    if (!customerNumber) throw redirect(NOTICE_PATHS.noselectedcustomer)
    const reply = await api.getAccountInfo(customerNumber)
    if (reply.status !== 'SUCCESS') throw new Response('You do not have access to this customer.', { status: 403 })
    const info = reply.data
    const target = screenRedirect({ pathname: screenPath, searchParams: url.searchParams, user, info, customerNumber, customerCount: null })
    if (target) throw redirect(withCustomer(target, customerNumber))
    const flags = await featureFlags(session, api)
    if (!routeAllowedByFlags(screenPath, flags)) throw new Response('This page is switched off by a feature flag.', { status: 403 })
    return {
      user,
      session,
      api,
      calls: elasticCalls(api),
      customerNumber,
      info,
      viewOnly: isViewOnly(user, info),
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

/** Spec: a refused call goes to /nopermissions, which remembers the refused customer. */
export function permissionDenied(customerNumber: string) {
  return redirect(withCustomer(`${NOTICE_PATHS.nopermissions}?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
}

/** Post/redirect/get with a one-shot message rendered by the next page. */
export async function redirectWithFlash(screen: Pick<ElasticScreen, 'session'>, context: AppLoadContext, to: string, flash: Flash) {
  screen.session.set('flash', flash)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(screen.session, context) } })
}
