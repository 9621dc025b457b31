/**
 * Bearer authentication: every call carries a JWT access token from the identity
 * provider, verified against its JWKS, issuer and the API audience. The user is the
 * active `users` row whose e-mail equals the configured claim.
 */
import type { RequestHandler } from 'express'
import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import { and, eq, sql } from 'drizzle-orm'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { sendFailure } from './envelope'

export interface ApiUser {
  id: number
  email: string
  name: string
  /** Global roles as stored (user, busops, support, sales, salesaccess ...). */
  roles: string[]
}

export function findActiveUser(db: Db, email: string): ApiUser | undefined {
  const row = db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.active, 1)))
    .get()
  if (!row) return undefined
  return { ...row, roles: Array.isArray(row.roles) ? row.roles.filter((r) => typeof r === 'string') : [] }
}

/** Key-set retrieval problems are the server's, not the caller's. */
function isKeySetUnavailable(error: unknown) {
  if (error instanceof errors.JWKSTimeout) return true
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC'
  return true
}

export function bearerAuth({ config, db }: { config: Config; db: Db }): RequestHandler {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined
  return async (req, res, next) => {
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(req.get('authorization') ?? '')
    if (!match) return sendFailure(res, 401, 'Missing bearer token')
    jwks ??= createRemoteJWKSet(new URL(`${config.oidcIssuer}/jwks`))
    let claims: Record<string, unknown>
    try {
      const verified = await jwtVerify(match[1], jwks, {
        issuer: config.oidcIssuer,
        audience: config.apiAudience,
      })
      claims = verified.payload
    } catch (error) {
      if (isKeySetUnavailable(error)) {
        console.error(
          JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'JWKS unavailable', error: String(error) }),
        )
        return sendFailure(res, 503, 'Cannot verify tokens right now; try again shortly')
      }
      return sendFailure(res, 401, 'Invalid or expired access token')
    }
    const email = claims[config.apiEmailClaim]
    if (typeof email !== 'string' || email.length === 0) {
      return sendFailure(res, 401, `Access token has no ${config.apiEmailClaim} claim`)
    }
    const user = findActiveUser(db, email)
    if (!user) return sendFailure(res, 401, 'Unknown or inactive user')
    res.locals.apiUser = user
    next()
  }
}
