/** Signing out: the portal session goes first, then the identity provider's. */
import type { AppLoadContext } from '@remix-run/node'
import { getOidcClient } from './authenticator.server'
import { destroySession, getSession } from './session.server'

type AuthContext = Pick<AppLoadContext, 'db' | 'config'>

export async function signOut(
  request: Request,
  context: AuthContext,
): Promise<{ location: string; setCookie: string }> {
  const { config } = context
  const session = await getSession(request, context)
  const idToken = session.get('idToken')
  const refreshToken = session.get('refreshToken')
  const setCookie = await destroySession(session, context)
  const signedOut = `${config.publicUrl}/auth/signed-out`

  try {
    const client = await getOidcClient(config)
    if (refreshToken) await client.revoke(refreshToken)
    const endpoint = client.metadata.end_session_endpoint
    if (!endpoint) return { location: '/auth/signed-out', setCookie }
    const url = new URL(endpoint)
    if (idToken) url.searchParams.set('id_token_hint', idToken)
    url.searchParams.set('client_id', config.oidcClientId)
    url.searchParams.set('post_logout_redirect_uri', signedOut)
    return { location: url.toString(), setCookie }
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'identity provider sign-out skipped', error: String(error) }))
    return { location: '/auth/signed-out', setCookie }
  }
}
