/**
 * Sign-in through any OpenID Connect provider: endpoints come from its
 * discovery document, the code flow (with PKCE S256) runs through remix-auth
 * and remix-auth-oauth2, and the ID token is verified here because
 * remix-auth-oauth2 does not.
 *
 * For the embedded provider, server-to-server calls (discovery, token, keys,
 * revocation) go to this process on 127.0.0.1, while the browser is sent to
 * the public address.
 */
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import { decodeJwt, errors } from 'jose'
import type { Config } from '../../server/config'
import {
  discoveryUrl,
  fetchDiscovery,
  identityProvider,
  IdentityProviderConfigError,
  type IdentityProvider,
  type ProviderMetadata,
} from '../../server/identity-provider'

export const STRATEGY = 'oidc'
const DISCOVERY_TTL_MS = 60 * 60_000
const BASE_SCOPES = ['openid', 'email', 'profile', 'offline_access']

/** What a successful sign-in or refresh yields. */
export interface OidcTokens {
  accessToken: string
  refreshToken?: string
  idToken?: string
  /** Epoch milliseconds. */
  expiresAt: number
  /** The user's e-mail from the ID token, when present. */
  email?: string
}

type AuthConfig = Pick<
  Config,
  | 'oidcIssuer'
  | 'embeddedOidc'
  | 'oidcClientId'
  | 'oidcClientSecret'
  | 'oidcScopes'
  | 'oidcJwksUri'
  | 'publicUrl'
  | 'port'
  | 'production'
>

class OidcStrategy extends OAuth2Strategy<OidcTokens> {
  name = STRATEGY

  /** Refresh without a scope parameter: the provider keeps the granted scopes. */
  async refresh(refreshToken: string) {
    return this.client.refreshAccessToken(this.options.tokenEndpoint.toString(), refreshToken, [])
  }
}

export interface OidcClient {
  authenticator: Authenticator<OidcTokens>
  strategy: OidcStrategy
  metadata: ProviderMetadata
  /** Verifies an ID token (signature, iss, aud = client id, exp) and returns its claims. */
  verifyIdToken(idToken: string): Promise<Record<string, unknown>>
  /** Exchanges a refresh token; the ID token, when returned, is verified. */
  refresh(refreshToken: string): Promise<OidcTokens>
  /** Best-effort revocation of a token at the provider. */
  revoke(token: string): Promise<void>
}

/** Per provider configuration: the provider (its discovery document, its keys) and the client built on its document. */
const providers = new Map<
  string,
  { provider: IdentityProvider; built?: { metadata: ProviderMetadata; client: OidcClient } }
>()

/**
 * The client for the provider's current discovery document: built again when
 * the document is read again (after an hour, or when a token's key could not
 * be had) and differs.
 */
export async function getOidcClient(config: AuthConfig): Promise<OidcClient> {
  const key = `${config.oidcIssuer} ${config.oidcClientId} ${config.publicUrl}`
  let entry = providers.get(key)
  if (!entry) {
    entry = { provider: providerOf(config) }
    providers.set(key, entry)
  }
  const metadata = await entry.provider.metadata()
  if (entry.built?.metadata !== metadata)
    entry.built = { metadata, client: createOidcClient(config, entry.provider, metadata) }
  return entry.built.client
}

/** Runs the sign-in step for this request: starts the flow (throws a redirect) or completes it. */
export async function authenticate(request: Request, config: AuthConfig): Promise<OidcTokens> {
  const { authenticator } = await getOidcClient(config)
  return authenticator.authenticate(STRATEGY, request)
}

function providerOf(config: AuthConfig): IdentityProvider {
  const internal = config.embeddedOidc ? `http://127.0.0.1:${config.port}` : undefined
  const backChannel = (url: string) => (internal ? rebase(url, internal) : url)
  const frontChannel = (url: string) => (internal ? rebase(url, config.publicUrl) : url)
  return identityProvider({
    issuer: config.oidcIssuer,
    jwksUri: config.oidcJwksUri,
    ttlMs: DISCOVERY_TTL_MS,
    async discover() {
      const discovered = await fetchDiscovery(config.oidcIssuer, {
        address: backChannel(discoveryUrl(config.oidcIssuer)),
        required: ['authorization_endpoint', 'token_endpoint', 'jwks_uri'],
      })
      return {
        ...discovered,
        authorization_endpoint: frontChannel(discovered.authorization_endpoint),
        end_session_endpoint: discovered.end_session_endpoint && frontChannel(discovered.end_session_endpoint),
        token_endpoint: backChannel(discovered.token_endpoint),
        jwks_uri: config.oidcJwksUri ?? backChannel(discovered.jwks_uri),
        revocation_endpoint: discovered.revocation_endpoint && backChannel(discovered.revocation_endpoint),
      }
    },
  })
}

function createOidcClient(config: AuthConfig, provider: IdentityProvider, metadata: ProviderMetadata): OidcClient {
  async function verifyIdToken(idToken: string) {
    try {
      return await provider.verify(idToken, { audience: config.oidcClientId, clockTolerance: 30 })
    } catch (error) {
      // The token came straight from the provider's token endpoint: another issuer or audience
      // in it is this configuration's mistake (OIDC_ISSUER, OIDC_CLIENT_ID), not the user's.
      if (error instanceof errors.JWTClaimValidationFailed && (error.claim === 'iss' || error.claim === 'aud')) {
        const found = decodeJwt(idToken)[error.claim]
        throw new IdentityProviderConfigError(
          `the ID token's ${error.claim} is ${JSON.stringify(found)}, expected ${JSON.stringify(error.claim === 'iss' ? config.oidcIssuer : config.oidcClientId)}`,
        )
      }
      throw error
    }
  }

  async function toTokens(tokens: { data: object }, requireIdToken: boolean): Promise<OidcTokens> {
    const data = tokens.data as Record<string, unknown>
    if (typeof data.access_token !== 'string') throw new Error('the identity provider returned no access token')
    const idToken = typeof data.id_token === 'string' ? data.id_token : undefined
    if (!idToken && requireIdToken) throw new Error('the identity provider returned no ID token')
    const claims = idToken ? await verifyIdToken(idToken) : undefined
    return {
      accessToken: data.access_token,
      refreshToken: typeof data.refresh_token === 'string' ? data.refresh_token : undefined,
      idToken,
      expiresAt: expiresAt(data),
      email: typeof claims?.email === 'string' ? claims.email : undefined,
    }
  }

  const strategy = new OidcStrategy(
    {
      clientId: config.oidcClientId,
      clientSecret: config.oidcClientSecret,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      tokenRevocationEndpoint: metadata.revocation_endpoint,
      redirectURI: `${config.publicUrl}/auth/callback`,
      scopes: [...BASE_SCOPES, ...config.oidcScopes],
      cookie: {
        name: 'oauth2',
        path: '/auth',
        sameSite: 'Lax',
        httpOnly: true,
        ...(config.production ? { secure: true as const } : {}),
      },
    },
    async ({ tokens }) => toTokens(tokens, true),
  )
  const authenticator = new Authenticator<OidcTokens>()
  authenticator.use(strategy, STRATEGY)

  return {
    authenticator,
    strategy,
    metadata,
    verifyIdToken,
    async refresh(refreshToken) {
      return toTokens(await strategy.refresh(refreshToken), false)
    },
    async revoke(token) {
      if (!metadata.revocation_endpoint) return
      await Promise.race([strategy.revokeToken(token), new Promise((r) => setTimeout(r, 3000))]).catch(() => {})
    },
  }
}

function expiresAt(data: Record<string, unknown>): number {
  if (typeof data.expires_in === 'number') return Date.now() + data.expires_in * 1000
  try {
    const { exp } = decodeJwt(String(data.access_token))
    if (typeof exp === 'number') return exp * 1000
  } catch {
    // An opaque access token without expires_in: assume the common hour.
  }
  return Date.now() + 3600_000
}

function rebase(url: string, base: string): string {
  const u = new URL(url)
  const b = new URL(base)
  u.protocol = b.protocol
  u.host = b.host
  return u.toString()
}

/** Set-Cookie values that delete the flow's state cookies (remix-auth-oauth2 leaves them behind). */
export function clearStateCookies(request: Request, production: boolean): string[] {
  const header = request.headers.get('cookie') ?? ''
  return header
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter((name) => name.startsWith('oauth2:'))
    .map(
      (name) =>
        `${name}=; Path=/auth; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${production ? '; Secure' : ''}`,
    )
}
