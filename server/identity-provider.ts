/**
 * The identity provider as the portal and the licensing API see it: its
 * discovery document and its signing keys, each read again when a token shows
 * that the copy held here is out of date.
 *
 * A provider that cannot be reached is an outage (try again later); a
 * provider that answers with something this process cannot use (another
 * issuer, no discovery document, no key set address) is a configuration
 * problem (an administrator must act), and is reported as one.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose'

/** The provider answered, but not as its configuration here expects. */
export class IdentityProviderConfigError extends Error {
  override name = 'IdentityProviderConfigError'
}

export interface ProviderMetadata {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  end_session_endpoint?: string
  revocation_endpoint?: string
  code_challenge_methods_supported?: string[]
}

const DISCOVERY_TIMEOUT_MS = 10_000
/** Key sets and discovery documents are fetched again at most this often, however many tokens ask. */
export const REFETCH_INTERVAL_MS = 1_000

/**
 * OpenID Connect Discovery 1.0 section 4: the document is at the issuer with
 * any trailing slash removed, followed by /.well-known/openid-configuration.
 */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
}

/**
 * Reads the provider's discovery document at `address` (the issuer's, unless
 * this process reaches the provider elsewhere) and checks that it names
 * exactly the configured issuer, as the provider publishes it (a trailing
 * slash included), and the endpoints `required` names.
 */
export async function fetchDiscovery(
  issuer: string,
  {
    address = discoveryUrl(issuer),
    required = ['jwks_uri'],
  }: { address?: string; required?: (keyof ProviderMetadata)[] } = {},
): Promise<ProviderMetadata> {
  const res = await fetch(address, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  })
  if (res.status >= 500) throw new Error(`identity provider discovery failed: HTTP ${res.status} at ${address}`)
  if (!res.ok) {
    throw new IdentityProviderConfigError(
      `no discovery document at ${address} (HTTP ${res.status}): check OIDC_ISSUER (${issuer})`,
    )
  }
  let document: Record<string, unknown>
  try {
    document = (await res.json()) as Record<string, unknown>
  } catch {
    throw new IdentityProviderConfigError(`the discovery document at ${address} is not JSON`)
  }
  if (document.issuer !== issuer) {
    throw new IdentityProviderConfigError(
      `issuer mismatch: the provider publishes ${JSON.stringify(document.issuer)}, OIDC_ISSUER is ${JSON.stringify(issuer)}; they must be identical`,
    )
  }
  for (const field of required) {
    if (typeof document[field] !== 'string') {
      throw new IdentityProviderConfigError(`the discovery document at ${address} has no ${field}`)
    }
  }
  return document as unknown as ProviderMetadata
}

/**
 * Runs `task` for every caller that asks while it runs (one run for all), and
 * starts a new run no sooner than `intervalMs` after the last one ended: a
 * caller in between waits for it. Bounds what forged tokens can make this
 * process ask of the provider.
 */
function spacedRuns<T>(task: () => Promise<T>, intervalMs: number): () => Promise<T> {
  let pending: Promise<T> | undefined
  let endedAt = 0
  return () =>
    (pending ??= (async () => {
      try {
        const wait = endedAt + intervalMs - Date.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        return await task()
      } finally {
        endedAt = Date.now()
        pending = undefined
      }
    })())
}

/**
 * The provider's keys at `url`. jose fetches them again for a key it does not
 * know, but not within 30 s of its last fetch; a provider that rotates its keys
 * twice in that time would have its new tokens refused until then. Here a
 * token whose key is missing gets one more fetch of the set.
 */
export function rotatingKeySet(url: URL): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url)
  const reload = spacedRuns(() => remote.reload(), REFETCH_INTERVAL_MS)
  return async (protectedHeader, token) => {
    try {
      return await remote(protectedHeader, token)
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
      await reload()
      return remote(protectedHeader, token)
    }
  }
}

/** Failures that a key set at another address could cure: the key is not there, or nothing is. */
function isKeyFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSInvalid) return true
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC'
  return error instanceof TypeError
}

export interface IdentityProviderOptions {
  issuer: string
  /** Reads the discovery document (the caller knows where this process reaches the provider). */
  discover: () => Promise<ProviderMetadata>
  /** How long a document is used before it is read again. */
  ttlMs: number
  /** Where the keys are when the discovery document is not to be asked (OIDC_JWKS_URI). */
  jwksUri?: string
}

export interface IdentityProvider {
  /** The discovery document, read when none is held or it is older than the TTL (the same object until then). */
  metadata(): Promise<ProviderMetadata>
  /** Verifies a JWT of this issuer; when its key cannot be had, the discovery document is read again once. */
  verify(token: string, options: Omit<JWTVerifyOptions, 'issuer'>): Promise<Record<string, unknown>>
}

export function identityProvider(options: IdentityProviderOptions): IdentityProvider {
  let held: { at: number; metadata: Promise<ProviderMetadata> } | undefined
  const keySets = new Map<string, JWTVerifyGetKey>()
  const keysAt = (uri: string) => {
    let keys = keySets.get(uri)
    if (!keys) {
      keys = rotatingKeySet(new URL(uri))
      keySets.set(uri, keys)
    }
    return keys
  }

  const read = () => {
    const metadata = options.discover()
    const entry = { at: Date.now(), metadata }
    held = entry
    // A failed read is not kept: the next token asks again.
    metadata.catch(() => {
      if (held === entry) held = undefined
    })
    return metadata
  }
  const metadata = () => (held && Date.now() - held.at < options.ttlMs ? held.metadata : read())
  const rediscover = spacedRuns(read, REFETCH_INTERVAL_MS)

  const verifyAt = async (token: string, jwksUri: string, verifyOptions: Omit<JWTVerifyOptions, 'issuer'>) => {
    const { payload } = await jwtVerify(token, keysAt(jwksUri), { ...verifyOptions, issuer: options.issuer })
    return payload as Record<string, unknown>
  }

  return {
    metadata,
    async verify(token, verifyOptions) {
      if (options.jwksUri) return verifyAt(token, options.jwksUri, verifyOptions)
      const { jwks_uri: jwksUri } = await metadata()
      try {
        return await verifyAt(token, jwksUri, verifyOptions)
      } catch (error) {
        if (!isKeyFailure(error)) throw error
        // The provider may have moved its keys since its document was read.
        const fresh = await rediscover()
        if (fresh.jwks_uri === jwksUri) throw error
        return verifyAt(token, fresh.jwks_uri, verifyOptions)
      }
    },
  }
}
