/**
 * The provider's keys and discovery document are read again when a token needs
 * it, and no more often than once a second however many tokens ask: a caller
 * with forged tokens cannot make this process hammer the provider.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { fetchDiscovery, identityProvider, IdentityProviderConfigError, REFETCH_INTERVAL_MS } from './identity-provider'

const AUDIENCE = 'urn:licensing-api'

let server: http.Server
let issuer: string
let published: JWK[] = []
const asked = { discovery: 0, keys: 0 }
/** When each read of the key set ended. */
const keyReads: number[] = []

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } }
}

function sign(key: { kid: string; privateKey: CryptoKey }) {
  return new SignJWT({ email: 'someone@example.com' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setExpirationTime('5m')
    .sign(key.privateKey)
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      asked.discovery++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}keys` }))
    } else if (req.url === '/keys') {
      asked.keys++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ keys: published }), () => keyReads.push(Date.now()))
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the identity provider as this process sees it', () => {
  it('takes a key rotated in at once, then lets a flood of forged key ids cost at most one more read of each', async () => {
    const provider = identityProvider({ issuer, discover: () => fetchDiscovery(issuer), ttlMs: 60_000 })
    const first = await newKey('first')
    published = [first.jwk]
    expect((await provider.verify(await sign(first), { audience: AUDIENCE })).email).toBe('someone@example.com')
    expect(asked).toEqual({ discovery: 1, keys: 1 })

    // Within jose's 30 s cooldown: the key set is read once more for the new key.
    const second = await newKey('second')
    published = [second.jwk]
    expect((await provider.verify(await sign(second), { audience: AUDIENCE })).email).toBe('someone@example.com')
    expect(asked.keys).toBe(2)

    // Twenty tokens of keys the provider never had, all at once.
    const { privateKey } = await generateKeyPair('RS256')
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => sign({ kid: `forged-${i}`, privateKey })))
    const before = { ...asked }
    const forged = await Promise.all(
      tokens.map((token) => provider.verify(token, { audience: AUDIENCE }).catch((e: unknown) => e)),
    )
    expect(forged.every((e) => e instanceof Error && e.name === 'JWKSNoMatchingKey')).toBe(true)
    expect(asked.keys - before.keys).toBe(1)
    expect(asked.discovery - before.discovery).toBe(1)
    // Spaced from the read the rotation caused.
    expect(keyReads[2] - keyReads[1]).toBeGreaterThanOrEqual(REFETCH_INTERVAL_MS - 50)
  })

  it('calls an issuer written otherwise than the provider publishes it a configuration error', async () => {
    const written = issuer.replace(/\/$/, '')
    const error = await fetchDiscovery(written, { address: `${issuer}.well-known/openid-configuration` }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(IdentityProviderConfigError)
    expect(String(error)).toContain(`issuer mismatch: the provider publishes "${issuer}", OIDC_ISSUER is "${written}"`)
  })

  it('calls a missing discovery document a configuration error, and an unreachable provider not', async () => {
    const missing = await fetchDiscovery(`${issuer}nowhere`).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(IdentityProviderConfigError)
    const port = (server.address() as AddressInfo).port
    const down = await fetchDiscovery(`http://127.0.0.1:${port === 1 ? 2 : 1}`).catch((e: unknown) => e)
    expect(down).toBeInstanceOf(Error)
    expect(down).not.toBeInstanceOf(IdentityProviderConfigError)
  })
})
