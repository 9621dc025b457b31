/**
 * The sign-in guard of every portal route. The access token is refreshed
 * silently when it is about to expire; without a usable token the user is
 * sent to sign in and brought back afterwards.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import type { User } from '../domain/types'
import { createApiClient, UnauthorizedError, UpstreamError } from '../api-client/client.server'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../view/service-status'
import { deadlineSignal } from '../api-client/deadline-signal'
import { getOidcClient } from '../auth/authenticator.server'
import { commitSession, destroySession, getSession, type PortalSession } from '../auth/session.server'
import { loginUrlFor } from '../auth/return-to'

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000

type AuthContext = Pick<AppLoadContext, 'db' | 'config'> & Partial<Pick<AppLoadContext, 'requestMemo'>>

export interface Authenticated {
  session: PortalSession
  user: User
  accessToken: string
}

/**
 * Signed in, once per request: the loaders and the action of one request (the shell's and the
 * screen's run side by side) share one session, so a change one of them saves (the flash it
 * showed, the customer it left) is not written back over by another's older copy.
 */
export function requireAuth(request: Request, context: AuthContext): Promise<Authenticated> {
  return context.requestMemo
    ? context.requestMemo('signed-in session', () => authenticate(request, context))
    : authenticate(request, context)
}

async function authenticate(request: Request, context: AuthContext): Promise<Authenticated> {
  const session = await getSession(request, context)
  let accessToken = session.get('accessToken')
  if (!accessToken) throw await signInAgain(request, context, session)

  const expiresAt = session.get('accessTokenExpiresAt') ?? 0
  if (expiresAt - Date.now() < REFRESH_MARGIN_MS) {
    const refreshToken = session.get('refreshToken')
    if (!refreshToken) throw await signInAgain(request, context, session)
    try {
      const client = await getOidcClient(context.config)
      const tokens = await client.refresh(refreshToken)
      accessToken = tokens.accessToken
      session.set('accessToken', tokens.accessToken)
      session.set('accessTokenExpiresAt', tokens.expiresAt)
      if (tokens.refreshToken) session.set('refreshToken', tokens.refreshToken)
      if (tokens.idToken) session.set('idToken', tokens.idToken)
      // The cookie holds only the id, so saving the row is enough; the caller need not resend it.
      await commitSession(session, context)
    } catch (error) {
      // A parallel request may have refreshed first (and the provider rotated the refresh token).
      const latest = await getSession(request, context)
      const latestToken = latest.get('accessToken')
      if (latestToken && (latest.get('accessTokenExpiresAt') ?? 0) - Date.now() >= REFRESH_MARGIN_MS) {
        const user = latest.get('user') ?? (await loadUser(request, context, latest, latestToken))
        return { session: latest, user, accessToken: latestToken }
      }
      console.error(JSON.stringify({ level: 'warn', msg: 'token refresh failed', error: String(error) }))
      throw await signInAgain(request, context, session)
    }
  }
  const user = session.get('user') ?? (await loadUser(request, context, session, accessToken))
  return { session, user, accessToken }
}

/**
 * The user details could not be loaded at sign-in (spec: the user still lands
 * on /home). Ask again; only a stored user lets the user in.
 */
async function loadUser(request: Request, context: AuthContext, session: PortalSession, accessToken: string) {
  try {
    const deadline = deadlineSignal(context.config.pageDeadlineMs)
    const user = await createApiClient(context.config, accessToken, { signal: deadline }).getUserDetails()
    session.set('user', user)
    await commitSession(session, context)
    return user
  } catch (error) {
    if (error instanceof UnauthorizedError) throw await signInAgain(request, context, session)
    console.error(JSON.stringify({ level: 'warn', msg: 'getUserDetails failed', error: String(error) }))
    // Before the shell exists, so the root's plain page says it, with the shell's words for an outage.
    const outage = error instanceof UpstreamError && error.httpStatus === 503
    throw data(
      outage ? SERVICE_UNAVAILABLE_MESSAGE : 'Your account details could not be loaded. Please try again in a moment.',
      {
        status: 503,
      },
    )
  }
}

/**
 * Spec: an HTTP 401 from the licensing API clears the local state and signs
 * the user in again. Returns the redirect to throw or return.
 */
export async function handleUnauthorized(request: Request, context: AuthContext): Promise<Response> {
  return signInAgain(request, context, await getSession(request, context))
}

async function signInAgain(request: Request, context: AuthContext, session: PortalSession): Promise<Response> {
  const headers = new Headers()
  if (session.id) headers.append('Set-Cookie', await destroySession(session, context))
  return redirect(loginUrlFor(request), { headers })
}
