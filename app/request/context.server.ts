/**
 * Everything the shell needs for one request: the signed-in user, the API
 * client with their token, the selected customer and its info, the feature
 * flags and the environment. The customer comes from ?customer= first and the
 * session second, so links and bookmarks always open the same customer.
 */
import { redirect } from '@remix-run/node'
import type { AppLoadContext } from '@remix-run/node'
import { requireAuth, handleUnauthorized } from '../guards/auth.server'
import { commitSession } from '../auth/session.server'
import { requestPath } from '../auth/return-to'
import { UnauthorizedError, type ApiClient } from '../api-client/client.server'
import { isOutage } from '../api-client/envelope'
import type { AccountInfo, User } from '../domain/types'
import { customerNumberOf } from '../domain/customer-number'
import { flagGates, type FlagGate } from '../domain/feature-flags'
import { isStaff } from '../domain/permissions'
import { withCustomer } from '../ui/customer-href'
import { cached } from './process-cache.server'
import { accountInfoFor, featuresFor, reachableAccountsFor } from './account-info.server'
import { pageApi } from './request-scope.server'
import { loadAlertBanner } from '../api-client/notifications.server'
import type { Banner } from '../domain/alerts'

const FEATURES_TTL_MS = 60_000

export interface PortalContext {
  user: User
  api: ApiClient
  customerNumber: string | null
  info: AccountInfo | null
  /** The user's feature flags, as far as routes need them. */
  features: FlagGate[]
  environment: string
  /** How many customers the user can reach, when it was looked up (0, 1 or 2 meaning "several"). */
  customerCount: number | null
  flash: Flash | null
  /** The alerts banner; its active alerts are cached in the session. */
  alertsBanner: Banner
  /** The licensing service did not answer what the shell needs (the customer, or whether there is one). */
  unavailable: boolean
  /** Set-Cookie header to send when the session changed, else null. */
  setCookie: string | null
}

export interface Flash {
  type: 'success' | 'error' | 'warning'
  message: string
}

/** Runs `fn`, turning an API 401 into a fresh sign-in (spec: 401 clears state and signs in again). */
export async function withReauth<T>(request: Request, context: AppLoadContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof UnauthorizedError) throw await handleUnauthorized(request, context)
    throw error
  }
}

export async function loadPortalContext(request: Request, context: AppLoadContext): Promise<PortalContext> {
  const { session, user, accessToken } = await requireAuth(request, context)
  const api = pageApi(request, context, accessToken)
  const url = new URL(request.url)
  let dirty = false
  let unavailable = false

  return withReauth(request, context, async () => {
    const requested = url.searchParams.get('customer')
    const remembered = (session.get('customer') as string | undefined) ?? null
    let customerNumber: string | null = null
    let customerCount: number | null = null
    if (requested !== null && requested !== '') {
      customerNumber = customerNumberOf(requested)
      if (!customerNumber) throw await leaveCustomer(session, context, `"${requested}" is not a customer number.`)
    } else {
      customerNumber = remembered
    }

    if (!customerNumber) {
      const accounts = await reachableAccountsFor(request, context, accessToken)
      if (isOutage(accounts)) unavailable = true
      const list = accounts.status === 'SUCCESS' ? accounts.data : []
      if (accounts.status === 'SUCCESS') customerCount = list.length
      if (accounts.status === 'SUCCESS' && list.length === 0) {
        if (url.pathname !== '/nocustomer') throw redirect('/nocustomer')
      } else if (list.length === 1 && !isStaff(user)) {
        customerNumber = list[0].AccountID
      }
    }

    let info: AccountInfo | null = null
    if (customerNumber) {
      const reply = await accountInfoFor(request, context, accessToken, customerNumber)
      // An outage says nothing about the customer: the shell shows without it and says so.
      if (isOutage(reply)) unavailable = true
      else if (reply.status !== 'SUCCESS') {
        throw await leaveCustomer(
          session,
          context,
          `Customer ${customerNumber} was not found or you do not have access to it.`,
        )
      } else {
        info = reply.data
        if (customerNumber !== remembered) {
          session.set('customer', customerNumber)
          dirty = true
        }
      }
      // A bare URL takes the remembered customer into its address, so it can be bookmarked.
      if (requested !== customerNumber && request.method === 'GET') {
        throw redirect(withCustomer(requestPath(url), customerNumber), {
          headers: dirty ? { 'Set-Cookie': await commitSession(session, context) } : undefined,
        })
      }
    }

    const features = await loadFeatures(request, context, session, accessToken)
    if (features.dirty) dirty = true
    const environment = await cached('environment', 5 * 60_000, async () => {
      const reply = await api.getEnvironment()
      // An outage is not an answer: it is not kept, and the next page asks again.
      if (isOutage(reply)) return undefined
      return reply.status === 'SUCCESS' ? String(reply.data) : 'prod'
    })

    const alerts = await loadAlertBanner(session, api)
    if (alerts.dirty) dirty = true

    const flash = (session.get('flash') as Flash | undefined) ?? null
    if (flash) {
      session.unset('flash')
      dirty = true
    }
    return {
      user,
      api,
      customerNumber,
      info,
      features: features.list,
      environment: environment ?? 'prod',
      customerCount,
      flash,
      alertsBanner: alerts.banner,
      unavailable,
      setCookie: dirty ? await commitSession(session, context) : null,
    }
  })
}

type Session = Awaited<ReturnType<typeof requireAuth>>['session']

async function leaveCustomer(session: Session, context: AppLoadContext, message: string) {
  session.unset('customer')
  session.set('flash', { type: 'error', message } satisfies Flash)
  return redirect('/home', { headers: { 'Set-Cookie': await commitSession(session, context) } })
}

/**
 * The user's flags, kept in the session for a minute so each page does not ask
 * again. Only their gates are kept: the session is read on every request.
 */
async function loadFeatures(request: Request, context: AppLoadContext, session: Session, accessToken: string) {
  const stored = session.get('features') as { at: number; list: FlagGate[] } | undefined
  if (stored && Date.now() - stored.at < FEATURES_TTL_MS) return { list: stored.list, dirty: false }
  const reply = await featuresFor(request, context, accessToken)
  // Spec 1 section 8: a failed feature call falls back to an empty list.
  if (reply.status !== 'SUCCESS') return { list: [] as FlagGate[], dirty: false }
  const list = flagGates(reply.data)
  session.set('features', { at: Date.now(), list })
  return { list, dirty: true }
}

/** Forget the cached flags after the user changed them. */
export function forgetFeatures(session: Session) {
  session.unset('features')
}
