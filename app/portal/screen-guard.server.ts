/**
 * The guard of the screens whose loaders and actions call the API themselves (elastic
 * settings, portal access): signed in, a customer in ?customer=, the shell's screen rules
 * and feature flags. The shell's loader does the same for pages, but an action, an export
 * or a loader that writes must not act before those rules pass (and the shell's loader
 * does not run for a POST's checks), so these screens check for themselves.
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { requireAuth } from '../auth/guard.server'
import { commitSession } from '../auth/session.server'
import { screenRedirect } from '../domain/screen-access'
import { routeAllowedByFlags, type FlagGate } from '../domain/feature-flags'
import { NOTICE_PATHS } from '../domain/notice-pages'
import type { AccountInfo, User } from '../domain/types'
import { withCustomer } from '../ui/customer-href'
import { createApiClient, type ApiClient } from '../upstream/client.server'
import { withReauth, type Flash } from './context.server'
import { accountInfoFor } from './account-info.server'

type Session = Awaited<ReturnType<typeof requireAuth>>['session']

/** What every guarded screen gets. */
export interface GuardedScreen {
  user: User
  session: Session
  api: ApiClient
  customerNumber: string
  info: AccountInfo
  /** The screen's own address with the customer, for form actions and links. */
  href: string
}

export interface ScreenGuardOptions {
  /** A customer number outside this format goes to the no-customer notice without asking the API. */
  customerFormat?: RegExp
}

/**
 * Passes the checks above or throws the redirect or error response the shell would give,
 * then adds what the screen derives from them (`extend`).
 */
export async function requireScreen<T extends object>(
  request: Request,
  context: AppLoadContext,
  screenPath: string,
  extend: (screen: GuardedScreen) => T,
  { customerFormat }: ScreenGuardOptions = {},
): Promise<GuardedScreen & T> {
  const { session, user, accessToken } = await requireAuth(request, context)
  const api = createApiClient(context.config, accessToken)
  const url = new URL(request.url)
  const customerNumber = url.searchParams.get('customer')
  return withReauth(request, context, async () => {
    if (!customerNumber || (customerFormat && !customerFormat.test(customerNumber))) {
      throw redirect(NOTICE_PATHS.noselectedcustomer)
    }
    const reply = await accountInfoFor(context, api, accessToken, customerNumber)
    if (reply.status !== 'SUCCESS') throw new Response('You do not have access to this customer.', { status: 403 })
    const info = reply.data
    const target = screenRedirect({ pathname: screenPath, searchParams: url.searchParams, user, info, customerNumber, customerCount: null })
    if (target) throw redirect(withCustomer(target, customerNumber))
    if (!routeAllowedByFlags(screenPath, await featureFlags(session, api))) {
      throw new Response('This page is switched off by a feature flag.', { status: 403 })
    }
    const screen: GuardedScreen = { user, session, api, customerNumber, info, href: withCustomer(screenPath, customerNumber) }
    return { ...screen, ...extend(screen) }
  })
}

async function featureFlags(session: Session, api: ApiClient): Promise<FlagGate[]> {
  const cached = session.get('features') as { list: FlagGate[] } | undefined
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
