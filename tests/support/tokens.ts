/**
 * Obtains real access tokens from the running server's embedded identity
 * provider: authorisation code + PKCE, driven with plain fetch, the way a
 * browser would (manual redirects, a cookie jar, the login form).
 *
 * The provider's endpoints carry the public address (PUBLIC_URL, e.g.
 * http://localhost:3000) while tests talk to 127.0.0.1, so every endpoint is
 * re-based onto `baseUrl`; the redirect URI keeps the public address because
 * it must match the registered one.
 */
import crypto from 'node:crypto'
import { loadConfig } from '../../server/config'
import { CookieJar, portalSignIn, postLoginForm, readLoginForm, send } from './sign-in'

export { CookieJar, portalSignIn }

export interface TokenSet {
  accessToken: string
  idToken: string
  refreshToken?: string
  /** Epoch milliseconds. */
  expiresAt: number
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  end_session_endpoint?: string
  jwks_uri: string
}

const cache = new Map<string, TokenSet>()

/** A JWT access token for the licensing API for `email`, cached per server and user. */
export async function getAccessToken(baseUrl: string, email: string, password = 'demo'): Promise<string> {
  return (await getTokens(baseUrl, email, password)).accessToken
}

/** The full token set (access, ID and refresh token), cached per server and user. */
export async function getTokens(baseUrl: string, email: string, password = 'demo'): Promise<TokenSet> {
  const key = `${trimSlash(baseUrl)} ${email.toLowerCase()}`
  const cached = cache.get(key)
  if (cached && cached.expiresAt - Date.now() > 60_000) return cached
  const tokens = await signIn(baseUrl, email, password)
  cache.set(key, tokens)
  return tokens
}

/** Forgets cached tokens (all, or those of one server). */
export function clearTokenCache(baseUrl?: string) {
  if (!baseUrl) return cache.clear()
  const prefix = `${trimSlash(baseUrl)} `
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key)
}

export async function discover(baseUrl: string): Promise<Discovery> {
  const res = await fetch(`${trimSlash(baseUrl)}/oidc/.well-known/openid-configuration`)
  if (!res.ok) throw new Error(`discovery failed: HTTP ${res.status}`)
  return (await res.json()) as Discovery
}

/** Re-bases an absolute URL from the discovery document onto `baseUrl`. */
export function rebase(url: string, baseUrl: string): string {
  const u = new URL(url)
  const b = new URL(baseUrl)
  u.protocol = b.protocol
  u.host = b.host
  return u.toString()
}

async function signIn(baseUrl: string, email: string, password: string): Promise<TokenSet> {
  const config = loadConfig()
  const meta = await discover(baseUrl)
  const publicUrl = meta.issuer.replace(/\/oidc$/, '')
  const redirectUri = `${publicUrl}/auth/callback`
  const jar = new CookieJar()
  const verifier = crypto.randomBytes(32).toString('base64url')
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
  const state = crypto.randomBytes(16).toString('base64url')

  const authUrl = new URL(rebase(meta.authorization_endpoint, baseUrl))
  authUrl.search = new URLSearchParams({
    client_id: config.oidcClientId,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString()

  // Authorization request -> interaction (login page).
  let res = await send(jar, authUrl.toString())
  let location = locationOf(res, baseUrl)
  res = await send(jar, location)
  if (res.status !== 200) throw new Error(`login page: HTTP ${res.status}`)
  res = await postLoginForm(jar, readLoginForm(await res.text(), location), email, password)
  if (res.status !== 303 && res.status !== 302) {
    throw new Error(`sign-in refused for ${email}: HTTP ${res.status}`)
  }

  // Resume the authorization until the provider redirects to the client.
  let code: string | null = null
  for (let hops = 0; hops < 10 && !code; hops++) {
    location = locationOf(res, baseUrl)
    if (location.startsWith(redirectUri)) {
      const cb = new URL(location)
      if (cb.searchParams.get('state') !== state) throw new Error('state mismatch')
      const error = cb.searchParams.get('error')
      if (error) throw new Error(`authorization failed: ${error} ${cb.searchParams.get('error_description') ?? ''}`)
      code = cb.searchParams.get('code')
      break
    }
    res = await send(jar, location)
  }
  if (!code) throw new Error('no authorization code received')

  res = await fetch(rebase(meta.token_endpoint, baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(
        `${encodeURIComponent(config.oidcClientId)}:${encodeURIComponent(config.oidcClientSecret)}`,
      ).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  })
  const body = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`token exchange failed: ${JSON.stringify(body)}`)
  return {
    accessToken: String(body.access_token),
    idToken: String(body.id_token),
    refreshToken: body.refresh_token ? String(body.refresh_token) : undefined,
    expiresAt: Date.now() + Number(body.expires_in ?? 3600) * 1000,
  }
}

function locationOf(res: Response, baseUrl: string): string {
  const loc = res.headers.get('location')
  if (!loc) throw new Error(`expected a redirect, got HTTP ${res.status}`)
  const absolute = new URL(loc, res.url || baseUrl).toString()
  // Only the provider's own pages are re-based; the client's redirect URI stays public.
  return new URL(absolute).pathname.startsWith('/oidc') ? rebase(absolute, baseUrl) : absolute
}

function trimSlash(s: string) {
  return s.replace(/\/+$/, '')
}
