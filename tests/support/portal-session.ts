/**
 * A signed-in portal session without the browser's sign-in round trip: the session
 * row the sign-in callback would store (the user and a real access token), and the
 * cookie that names it.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getSessionStorage } from '../../app/auth/session.server'
import type { User } from '../../app/domain/types'

export interface SessionUser {
  email: string
  roles?: User['roles']
}

/** The cookie of a fresh session for `user`, holding `accessToken`. */
export async function signedInCookie(
  context: Pick<AppLoadContext, 'db' | 'config'>,
  user: SessionUser,
  accessToken: string,
) {
  const storage = getSessionStorage(context)
  const session = await storage.getSession()
  const roles = user.roles ?? (user.email.endsWith('@vendor.example') ? ['user', 'busops'] : ['user'])
  session.set('user', { email: user.email, name: user.email, roles } as User)
  session.set('accessToken', accessToken)
  session.set('accessTokenExpiresAt', Date.now() + 3600_000)
  return (await storage.commitSession(session)).split(';')[0]
}
