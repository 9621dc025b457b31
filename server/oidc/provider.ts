/**
 * Configuration of the embedded OpenID Connect provider (oidc-provider 9).
 * Access tokens are JWTs for the licensing API (resource indicator =
 * API_AUDIENCE), applied by default when the client names no resource.
 */
import crypto from 'node:crypto'
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider'
import type { Config } from '../config'
import type { Db } from '../../db/client'
import { createAdapterFactory } from './adapter'
import { loadSigningKeys } from './keys'
import { accountFinder, findActiveUser } from './accounts'
import { deviceCodePage, deviceConfirmPage, logoutPage, messagePage } from './views'

const HOUR = 3600
/** The single scope of the licensing API resource server. */
export const API_SCOPE = 'api'

export const interactionPath = (uid: string) => `/oidc/interaction/${uid}`

/** The public client a script signs in with, by the device authorisation grant (README: calling the API from a script). */
export const SCRIPT_CLIENT_ID = 'licensing-scripts'
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

/** Why the code page is shown again, in the user's words. */
function deviceCodeError(error: { name?: string; userCode?: unknown } | undefined): string | undefined {
  if (!error) return undefined
  if (error.userCode || error.name === 'NoCodeError')
    return 'That code is not valid or has expired. Check it and try again.'
  if (error.name === 'AbortedError') return 'The sign-in was cancelled.'
  return 'The code could not be checked. Try again.'
}

export async function createProvider(config: Config, db: Db): Promise<Provider> {
  const jwks = await loadSigningKeys(db, config.oidcJwks)
  const isPortal = (clientId: string | undefined) => clientId === config.oidcClientId
  /** The portal and the script client: their grants hold the API's scope without a consent screen. */
  const isOwn = (clientId: string | undefined) => isPortal(clientId) || clientId === SCRIPT_CLIENT_ID

  const provider = new Provider(config.oidcIssuer, {
    adapter: createAdapterFactory(db),
    jwks,
    cookies: { keys: config.oidcCookieKeys },
    clients: [
      {
        client_id: config.oidcClientId,
        client_secret: config.oidcClientSecret,
        client_name: 'Licensing Portal',
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/auth/signed-out`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        client_id: SCRIPT_CLIENT_ID,
        client_name: 'A script of yours',
        grant_types: [DEVICE_CODE_GRANT],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'none',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    findAccount: accountFinder(db),
    // /oidc/me is the account page (PROFILE_URL); userinfo lives elsewhere.
    routes: { userinfo: '/userinfo' },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: async (ctx: KoaContextWithOIDC, form: string, _out: unknown, error?: Error) => {
          ctx.type = 'html'
          ctx.body = deviceCodePage(form, deviceCodeError(error))
        },
        userCodeConfirmSource: async (
          ctx: KoaContextWithOIDC,
          form: string,
          client: { clientName?: string; clientId: string },
          _deviceInfo: unknown,
          userCode: string,
        ) => {
          ctx.type = 'html'
          ctx.body = deviceConfirmPage(form, userCode, client.clientName ?? client.clientId)
        },
        successSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html'
          ctx.body = messagePage({
            title: 'Your script is signed in.',
            message: 'Your script can now call the Licensing API as you. You can close this page.',
          })
        },
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) =>
          token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html'
          ctx.body = logoutPage(form, scriptNonce(ctx))
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html'
          ctx.body = messagePage({
            title: 'You have signed out.',
            message: 'You have signed out of the Licensing Portal.',
            link: { href: `${config.publicUrl}/auth/login`, text: 'Sign in again' },
          })
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== config.apiAudience) throw new errors.InvalidTarget()
          return {
            scope: API_SCOPE,
            audience: config.apiAudience,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }
        },
      },
    },
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined
      const user = await findActiveUser(db, token.accountId)
      return user ? { [config.apiEmailClaim]: user.email } : undefined
    },
    // OIDC Core drops offline_access unless prompt=consent; the portal always gets a refresh
    // token instead, one that ends with the provider session (8 h) and so with sign-out.
    issueRefreshToken: async (_ctx: unknown, client: { clientId: string; grantTypeAllowed(t: string): boolean }) =>
      isPortal(client.clientId) && client.grantTypeAllowed('refresh_token'),
    // Refresh tokens live no longer than the session, so rotating them buys nothing and would
    // turn two parallel refreshes into a revoked grant.
    rotateRefreshToken: false,
    // Our own portal needs no consent screen: grant what it asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx
      const grantId: string | undefined = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId)
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined
      if (!isOwn(oidc.client.clientId)) return existing
      const grant =
        existing ?? new oidc.provider.Grant({ accountId: oidc.account.accountId, clientId: oidc.client.clientId })
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '))
      if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims])
      grant.addResourceScope(config.apiAudience, API_SCOPE)
      await grant.save()
      return grant
    },
    ttl: {
      AccessToken: HOUR,
      IdToken: HOUR,
      Session: 8 * HOUR,
      RefreshToken: 8 * HOUR,
      Grant: 14 * 24 * HOUR,
      Interaction: HOUR,
      AuthorizationCode: 60,
      DeviceCode: 10 * 60,
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      ctx.type = 'html'
      ctx.body = messagePage({
        title: 'Sign-in problem',
        message: out.error_description || out.error,
        link: { href: `${config.publicUrl}/auth/login`, text: 'Try again' },
        alert: true,
      })
    },
  })
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to set secure cookies.
  provider.proxy = true
  return provider
}

/**
 * The nonce the CSP header of this response allows. Inside Express it is
 * res.locals.cspNonce; otherwise a fresh one is added to the header.
 */
function scriptNonce(ctx: KoaContextWithOIDC): string {
  const existing = ctx.res.locals?.cspNonce
  if (typeof existing === 'string' && existing) return existing
  const nonce = crypto.randomBytes(16).toString('base64')
  const csp = ctx.response.get('content-security-policy')
  ctx.set(
    'content-security-policy',
    csp ? csp.replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`) : `script-src 'nonce-${nonce}'`,
  )
  return nonce
}
