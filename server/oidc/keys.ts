/**
 * Signing keys of the embedded identity provider. OIDC_JWKS wins; otherwise an
 * RS256 key is generated once and kept in `settings`, so restarts and other
 * processes keep issuing (and accepting) the same tokens.
 */
import { transact } from '../../db/transact'
import { eq } from 'drizzle-orm'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Db } from '../../db/client'
import { settings } from '../../db/tables'

const SETTING_KEY = 'oidc.jwks'

export async function loadSigningKeys(db: Db, configured: string | undefined): Promise<{ keys: JWK[] }> {
  if (configured) return parseJwks(configured)
  const stored = (await db.select().from(settings).where(eq(settings.key, SETTING_KEY)))[0]
  if (stored) return parseJwks(stored.value)

  const jwks = { keys: [await generateSigningKey()] }
  // Another process may have won the race; keep whichever was written first.
  await transact(
    db,
    async (tx) =>
      await tx
        .insert(settings)
        .values({ key: SETTING_KEY, value: JSON.stringify(jwks) })
        .onConflictDoNothing(),
  )
  const winner = (await db.select().from(settings).where(eq(settings.key, SETTING_KEY)))[0]
  return parseJwks(winner!.value)
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }
}

function parseJwks(text: string): { keys: JWK[] } {
  const parsed = JSON.parse(text) as { keys?: JWK[] } | JWK[]
  const keys = Array.isArray(parsed) ? parsed : parsed.keys
  if (!keys?.length) throw new Error('OIDC_JWKS must be a JSON Web Key Set with at least one private key')
  return { keys }
}
