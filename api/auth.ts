/**
 * Bearer authentication: every call carries a JWT access token from the identity
 * provider, verified against its JWKS, issuer and the API audience. The user is the
 * active `users` row whose e-mail equals the configured claim.
 */
import { errors } from 'jose'
import { and, eq, sql } from 'drizzle-orm'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { preparedPerDb } from './prepared'
import { users } from '../db/tables'
import { ApiError } from './envelope'
import { fetchDiscovery, identityProvider, IdentityProviderConfigError } from '../server/identity-provider'

export interface ApiUser {
  id: number
  email: string
  name: string
  /** Global roles as stored (user, busops, support, sales, salesaccess ...). */
  roles: string[]
}

/** The active user with this e-mail, any case (index users_email_lower_idx). */
export function findActiveUserQuery(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${sql.placeholder('email')})`, eq(users.active, 1)))
}

/** Prepared once per database handle: this runs on every API call. */
const findActiveUserStatement = preparedPerDb((db) => prepared(findActiveUserQuery(db)))

export async function findActiveUser(db: Db, email: string): Promise<ApiUser | undefined> {
  const row = await findActiveUserStatement(db).get({ email })
  if (!row) return undefined
  return { ...row, roles: Array.isArray(row.roles) ? row.roles.filter((r) => typeof r === 'string') : [] }
}

/** Key-set retrieval problems are the server's, not the caller's. */
function isKeySetUnavailable(error: unknown) {
  if (error instanceof errors.JWKSTimeout) return true
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC'
  return true
}

const DISCOVERY_TTL_MS = 60 * 60_000

/**
 * The provider whose tokens the API accepts: its keys are at OIDC_JWKS_URI when
 * it is set, else at the `jwks_uri` its discovery document names (Keycloak,
 * Entra ID, Okta and Auth0 each publish them at an address of their own). The
 * document is read again after an hour, when a token's key cannot be had, and
 * after a failed read.
 */
function tokenIssuer(config: Config) {
  return identityProvider({
    issuer: config.oidcIssuer,
    jwksUri: config.oidcJwksUri,
    discover: () => fetchDiscovery(config.oidcIssuer),
    ttlMs: DISCOVERY_TTL_MS,
  })
}

function logError(msg: string, error: unknown) {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg, error: String(error) }))
}

const VERIFIED_TOKENS_MAX = 10_000

/**
 * Claims of tokens that passed jwtVerify, by the exact token string, until the
 * token's own `exp`: a token that verified once stays valid until then, so the
 * signature check is not repeated for every call a page makes. Tokens without
 * `exp` are not kept. Bounded; the oldest entries go first.
 */
function verifiedTokenCache() {
  const entries = new Map<string, { claims: Record<string, unknown>; exp: number }>()
  const nowSeconds = () => Math.floor(Date.now() / 1000)
  return {
    get(token: string) {
      const entry = entries.get(token)
      if (!entry) return undefined
      // Same rule as jose: expired when exp <= now (no clock tolerance).
      if (entry.exp <= nowSeconds()) {
        entries.delete(token)
        return undefined
      }
      return entry.claims
    },
    set(token: string, claims: Record<string, unknown>) {
      if (typeof claims.exp !== 'number') return
      if (entries.size >= VERIFIED_TOKENS_MAX) {
        const now = nowSeconds()
        for (const [key, entry] of entries) if (entry.exp <= now) entries.delete(key)
        for (const key of entries.keys()) {
          if (entries.size < VERIFIED_TOKENS_MAX) break
          entries.delete(key)
        }
      }
      entries.set(token, { claims, exp: claims.exp })
    },
  }
}

/**
 * `authenticate(authorizationHeader)`: the active user a bearer token names, for every
 * call however it arrives. Throws 401 for a missing, invalid or expired token or an
 * unknown user, 503 when the keys cannot be had, 500 when the provider does not answer
 * as configured (another issuer, no discovery document).
 */
export function createAuthenticator({ config, db }: { config: Config; db: Db }) {
  const issuer = tokenIssuer(config)
  const verifiedTokens = verifiedTokenCache()
  return async function authenticate(authorization: string | undefined): Promise<ApiUser> {
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? '')
    if (!match) throw new ApiError(401, 'Missing bearer token')
    const token = match[1]
    let claims = verifiedTokens.get(token)
    if (!claims) {
      try {
        claims = await issuer.verify(token, { audience: config.apiAudience })
        verifiedTokens.set(token, claims)
      } catch (error) {
        if (error instanceof IdentityProviderConfigError) {
          logError('identity provider configuration error', error)
          throw new ApiError(500, 'Tokens cannot be verified: the identity provider is not configured correctly')
        }
        if (isKeySetUnavailable(error)) {
          logError('JWKS unavailable', error)
          throw new ApiError(503, 'Cannot verify tokens right now; try again shortly')
        }
        throw new ApiError(401, 'Invalid or expired access token')
      }
    }
    const email = claims[config.apiEmailClaim]
    if (typeof email !== 'string' || email.length === 0) {
      throw new ApiError(401, `Access token has no ${config.apiEmailClaim} claim`)
    }
    const user = await findActiveUser(db, email)
    if (!user) throw new ApiError(401, 'Unknown or inactive user')
    return user
  }
}
