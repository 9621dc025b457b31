/**
 * An independent OpenID Connect provider for tests (oauth2-mock-server): it
 * publishes its signing keys where Keycloak does, not at `/jwks`, and signs
 * in every authorisation request at once as the given user. Its access tokens
 * carry the licensing API's audience and the user's e-mail; its ID tokens the
 * e-mail too.
 *
 * It can rotate its keys (the old ones are no longer published) and move them
 * to another address, as providers do between two sign-ins.
 */
import { HttpServer, OAuth2Issuer, OAuth2Service, type MutableToken } from 'oauth2-mock-server'

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
  /** Publish the issuer with a trailing slash, as Auth0 does. */
  trailingSlash?: boolean
}

export interface IdentityProvider {
  /** The issuer as the provider publishes it, e.g. http://127.0.0.1:41234 (or with a trailing slash). */
  url: string
  /** Where the keys are published now. */
  readonly keysUrl: string
  /** An access token for the API, as the token endpoint issues it. */
  accessToken(): Promise<string>
  /** New signing keys; the old ones are no longer published. Returns the new key's id. */
  rotateKeys(): Promise<string>
  /** New signing keys, published at another address (the discovery document names it). */
  moveKeys(path: string): Promise<void>
  stop(): Promise<void>
}

export async function startIdentityProvider({
  email,
  clientId = 'licensing-portal',
  audience = 'urn:licensing-api',
  port = 0,
  discoveryPath,
  trailingSlash = false,
}: IdentityProviderOptions): Promise<IdentityProvider> {
  // Requests go to the provider of the moment: rotating its keys replaces it, with the same issuer.
  let current: OAuth2Service | undefined
  let keysPath = KEYCLOAK_KEYS_PATH
  const server = new HttpServer((req, res) => {
    if (current) current.requestHandler(req, res)
    else res.writeHead(503).end()
  })
  await server.start(port, '127.0.0.1')
  // Not "localhost", which may resolve to ::1 where nothing listens.
  const origin = `http://127.0.0.1:${server.address().port}`
  const url = trailingSlash ? `${origin}/` : origin

  async function serve() {
    const issuer = new OAuth2Issuer()
    issuer.url = url
    const key = await issuer.keys.generate('RS256')
    const service = new OAuth2Service(issuer, {
      jwks: keysPath,
      ...(discoveryPath ? { wellKnownDocument: discoveryPath } : {}),
    })
    // The ID token is the one addressed to the client; every other token is an access token for the API.
    service.on('beforeTokenSigning', (token: MutableToken) => {
      token.payload.email = email
      if (token.payload.aud !== clientId) token.payload.aud = audience
    })
    current = service
    return String(key.kid)
  }
  await serve()

  return {
    url,
    get keysUrl() {
      return `${origin}${keysPath}`
    },
    accessToken: () =>
      current!.issuer.buildToken({
        expiresIn: 300,
        scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: email, email, aud: audience }),
      }),
    rotateKeys: serve,
    async moveKeys(path) {
      keysPath = path
      await serve()
    },
    stop: () => server.stop(),
  }
}
