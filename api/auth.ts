/**
 * Bearer authentication: every call carries a JWT access token from the identity
 * provider, verified against its JWKS, issuer and the API audience. The user is the
 * active `users` row whose e-mail equals the configured claim.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { and, eq, sql } from 'drizzle-orm'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { ApiError } from './envelope'

export interface ApiUser {
  id: number
  email: string
  name: string
  /** Global roles as stored (user, busops, support, sales, salesaccess ...). */
  roles: string[]
}

export function prepareFindActiveUser(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${sql.placeholder('email')})`, eq(users.active, 1)))
    .prepare()
}

/** Prepared once per database handle: this runs on every API call. */
const findActiveUserStatements = new WeakMap<Db, ReturnType<typeof prepareFindActiveUser>>()

export function findActiveUser(db: Db, email: string): ApiUser | undefined {
  let statement = findActiveUserStatements.get(db)
  if (!statement) {
    statement = prepareFindActiveUser(db)
    findActiveUserStatements.set(db, statement)
  }
  const row = statement.get({ email })
  if (!row) return undefined
  return { ...row, roles: Array.isArray(row.roles) ? row.roles.filter((r) => typeof r === 'string') : [] }
}

/** Key-set retrieval problems are the server's, not the caller's. */
function isKeySetUnavailable(error: unknown) {
  if (error instanceof errors.JWKSTimeout) return true
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC'
  return true
}

const DISCOVERY_TIMEOUT_MS = 5_000

/**
 * The identity provider's signing keys: at OIDC_JWKS_URI when it is set, else
 * at the `jwks_uri` its discovery document names (Keycloak, Entra ID, Okta and
 * Auth0 each publish them at an address of their own). The document is read
 * once; a failed read is not kept, so the next token tries again. Failures are
 * thrown as plain errors, which the caller answers with 503.
 */
function tokenKeySet(config: Config): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined
  const load = async () =>
    createRemoteJWKSet(new URL(config.oidcJwksUri ?? (await discoveredJwksUri(config.oidcIssuer))))
  return async (protectedHeader, token) => {
    keySet ??= load().catch((error: unknown) => {
      keySet = undefined
      throw error
    })
    return (await keySet)(protectedHeader, token)
  }
}

async function discoveredJwksUri(issuer: string): Promise<string> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`identity provider discovery failed: HTTP ${res.status}`)
  const document = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown }
  if (document.issuer !== issuer) throw new Error(`identity provider issuer mismatch: ${String(document.issuer)}`)
  if (typeof document.jwks_uri !== 'string') throw new Error('identity provider discovery has no jwks_uri')
  return document.jwks_uri
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
 * unknown user, 503 when the keys cannot be had.
 */
export function createAuthenticator({ config, db }: { config: Config; db: Db }) {
  const keySet = tokenKeySet(config)
  const verifiedTokens = verifiedTokenCache()
  return async function authenticate(authorization: string | undefined): Promise<ApiUser> {
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? '')
    if (!match) throw new ApiError(401, 'Missing bearer token')
    const token = match[1]
    let claims = verifiedTokens.get(token)
    if (!claims) {
      try {
        const verified = await jwtVerify(token, keySet, {
          issuer: config.oidcIssuer,
          audience: config.apiAudience,
        })
        claims = verified.payload as Record<string, unknown>
        verifiedTokens.set(token, claims)
      } catch (error) {
        if (isKeySetUnavailable(error)) {
          console.error(
            JSON.stringify({
              time: new Date().toISOString(),
              level: 'error',
              msg: 'JWKS unavailable',
              error: String(error),
            }),
          )
          throw new ApiError(503, 'Cannot verify tokens right now; try again shortly')
        }
        throw new ApiError(401, 'Invalid or expired access token')
      }
    }
    const email = claims[config.apiEmailClaim]
    if (typeof email !== 'string' || email.length === 0) {
      throw new ApiError(401, `Access token has no ${config.apiEmailClaim} claim`)
    }
    const user = findActiveUser(db, email)
    if (!user) throw new ApiError(401, 'Unknown or inactive user')
    return user
  }
}

export type Authenticate = ReturnType<typeof createAuthenticator>
