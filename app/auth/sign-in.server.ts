/**
 * The two halves of portal sign-in: sending the browser to the identity
 * provider, and taking it back (tokens, user details, a fresh session).
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { createApiClient, UnauthorizedError } from '../api-client/client.server'
import type { User } from '../domain/types'
import { authenticate, clearStateCookies } from './authenticator.server'
import { getSession, getSessionStorage, destroySession, type PortalSession } from './session.server'
import { safeReturnTo, DEFAULT_RETURN_TO } from './return-to'
import { IdentityProviderConfigError } from '../../server/identity-provider'

type AuthContext = Pick<AppLoadContext, 'db' | 'config'>

/** A sign-in that could not complete; `message` is safe to show. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Set-Cookie headers to send with the error page. */
    readonly headers: Headers = new Headers(),
  ) {
    super(message)
  }
}

const NOT_CONFIGURED =
  'Sign-in is not configured correctly, so trying again will not help. Please tell your administrator or support team.'

/** A provider that answers, but not as configured, is for an administrator to fix; anything else is an outage. */
function providerFailure(step: string, error: unknown, outage: () => SignInError, headers?: Headers): SignInError {
  if (error instanceof IdentityProviderConfigError) {
    logFailure(`${step}: identity provider configuration error`, error, 'error')
    return new SignInError(NOT_CONFIGURED, 500, headers)
  }
  logFailure(`${step} failed`, error)
  return outage()
}

/** Redirects to the identity provider, remembering where to come back to. */
export async function startSignIn(request: Request, context: AuthContext): Promise<Response> {
  const url = new URL(request.url)
  const session = await getSession(request, context)
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'))

  // Already signed in with a live token: nothing to do.
  if (session.get('user') && (session.get('accessTokenExpiresAt') ?? 0) > Date.now() + 60_000) {
    return redirect(returnTo)
  }

  session.set('returnTo', returnTo)
  const sessionCookie = await getSessionStorage(context).commitSession(session)
  // A clean request: no query parameter may be mistaken for a callback.
  const start = new Request(new URL('/auth/login', url), { headers: request.headers })
  try {
    await authenticate(start, context.config)
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.has('Location')) {
      const headers = new Headers(thrown.headers)
      headers.append('Set-Cookie', sessionCookie)
      headers.set('Cache-Control', 'no-store')
      return new Response(null, { status: 302, headers })
    }
    throw providerFailure(
      'sign-in start',
      thrown,
      () => new SignInError('The sign-in service is not reachable right now. Please try again in a moment.', 503),
    )
  }
  throw new SignInError('The sign-in service did not answer as expected.', 502)
}

/**
 * Completes the code flow on /auth/callback, loads the user details and stores
 * everything in a new session (a new id: no session fixation). Spec: a failed
 * user-details call still lands on /home, where the guard asks again.
 */
export async function completeSignIn(request: Request, context: AuthContext): Promise<Response> {
  const { config } = context
  const url = new URL(request.url)
  if (!url.searchParams.has('state')) return redirect('/auth/login')

  const headers = new Headers()
  for (const c of clearStateCookies(request, config.production)) headers.append('Set-Cookie', c)

  let tokens
  try {
    tokens = await authenticate(request, config)
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown
    const denied = url.searchParams.get('error') === 'access_denied'
    throw providerFailure(
      'sign-in callback',
      thrown,
      () =>
        new SignInError(
          denied ? 'Sign-in was cancelled or refused.' : 'Sign-in could not be completed. Please try again.',
          400,
          headers,
        ),
      headers,
    )
  }

  let user: User | undefined
  try {
    user = await createApiClient(config, tokens.accessToken).getUserDetails()
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      logFailure('licensing API refused the new access token', error)
      throw new SignInError('You signed in, but the licensing service did not accept your sign-in.', 403, headers)
    }
    logFailure('getUserDetails failed after sign-in', error)
  }

  const previous = await getSession(request, context)
  const returnTo = user ? safeReturnTo(previous.get('returnTo')) : DEFAULT_RETURN_TO
  if (previous.id) await destroySession(previous, context)

  const storage = getSessionStorage(context)
  const session: PortalSession = await storage.getSession()
  if (user) session.set('user', user)
  session.set('accessToken', tokens.accessToken)
  session.set('accessTokenExpiresAt', tokens.expiresAt)
  if (tokens.refreshToken) session.set('refreshToken', tokens.refreshToken)
  if (tokens.idToken) session.set('idToken', tokens.idToken)
  headers.append('Set-Cookie', await storage.commitSession(session))
  return redirect(returnTo, { headers })
}

function logFailure(msg: string, error: unknown, level: 'warn' | 'error' = 'warn') {
  console.error(JSON.stringify({ time: new Date().toISOString(), level, msg, error: String(error) }))
}
