/**
 * An independent OpenID Connect provider for tests (oauth2-mock-server): it
 * publishes its signing keys where Keycloak does, not at `/jwks`, and signs
 * in every authorisation request at once as the given user. Its access tokens
 * carry the licensing API's audience and the user's e-mail; its ID tokens the
 * e-mail too.
 */
import { OAuth2Server } from 'oauth2-mock-server'

export const KEYCLOAK_KEYS_PATH = '/protocol/openid-connect/certs'

export interface IdentityProviderOptions {
  /** The signed-in user's e-mail. */
  email: string
  /** The portal's client id (the ID token's audience). */
  clientId?: string
  audience?: string
  /** 0: any free port. */
  port?: number
  /** Where the discovery document is served (to hide it). */
  discoveryPath?: string
}

export interface IdentityProvider {
  /** The issuer, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string
  keysUrl: string
  /** An access token for the API, as the token endpoint issues it. */
  accessToken(): Promise<string>
  stop(): Promise<void>
}

export async function startIdentityProvider({
  email,
  clientId = 'licensing-portal',
  audience = 'urn:licensing-api',
  port = 0,
  discoveryPath,
}: IdentityProviderOptions): Promise<IdentityProvider> {
  const server = new OAuth2Server(undefined, undefined, {
    endpoints: { jwks: KEYCLOAK_KEYS_PATH, ...(discoveryPath ? { wellKnownDocument: discoveryPath } : {}) },
  })
  await server.issuer.keys.generate('RS256')
  await server.start(port, '127.0.0.1')
  // The library names the issuer "localhost", which may resolve to ::1 where nothing listens.
  const url = `http://127.0.0.1:${server.address().port}`
  server.issuer.url = url
  // The ID token is the one addressed to the client; every other token is an access token for the API.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = email
    if (token.payload.aud !== clientId) token.payload.aud = audience
  })
  return {
    url,
    keysUrl: `${url}${KEYCLOAK_KEYS_PATH}`,
    accessToken: () =>
      server.issuer.buildToken({
        expiresIn: 300,
        scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: email, email, aud: audience }),
      }),
    stop: () => server.stop(),
  }
}
