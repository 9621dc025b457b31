/**
 * Start-up configuration. Every value comes from the environment and has a
 * working default, so `npm start` runs the whole product on one machine.
 * Every variable is documented in the README.
 */
import path from 'node:path'
import { parseAllowList, type AllowList } from './metrics/allow-list'
import { postgresUrl } from '../db/engine'

export type Environment = 'dev' | 'uat' | 'prod'

export interface Config {
  port: number
  host: string
  /** The address users reach the portal at, without a trailing slash. */
  publicUrl: string
  production: boolean
  environment: Environment
  databasePath: string
  /** A PostgreSQL database (`DATABASE_URL`) that holds every piece of state instead of the SQLite file; null: the file. */
  databaseUrl: string | null
  sessionSecret: string
  /**
   * Issuer of the identity provider, exactly as its discovery document names it (a trailing
   * slash included, as Auth0 publishes it). The embedded provider is mounted when it is ours.
   */
  oidcIssuer: string
  embeddedOidc: boolean
  oidcClientId: string
  oidcClientSecret: string
  /** Where the provider publishes its signing keys; unset: the `jwks_uri` of its discovery document. */
  oidcJwksUri: string | undefined
  /** Extra scopes the company's provider needs for API tokens (e.g. Entra's `api://.../.default`). */
  oidcScopes: string[]
  /** Audience (resource indicator) of access tokens for the licensing API. */
  apiAudience: string
  /** Claim of the access token that carries the user's e-mail. */
  apiEmailClaim: string
  /** Base address of the licensing API, e.g. http://127.0.0.1:3000/api. */
  apiBaseUrl: string
  embeddedApi: boolean
  /** The user's profile page at the identity provider ('Manage account'); none unless known. */
  profileUrl: string | undefined
  documentationUrl: string
  supportUrl: string
  privacyUrl: string
  /** The terms page of the elastic rate tables (the Rate Table column links to it). */
  rateTableTermsUrl: string
  buildInfo: string
  /** JSON Web Key Set (private keys) for the embedded provider; generated and stored when empty. */
  oidcJwks: string | undefined
  oidcCookieKeys: string[]
  logRequests: boolean
  /** How long a page may wait for the licensing API, all its calls together. */
  pageDeadlineMs: number
  signInRateLimit: number
  /** The key of the HMAC that signs every INCREMENT line of a generated licence file. */
  licenseSigningKey: string
  /** Whether the API checks each reply against its declaration (API_CHECK_REPLIES=1; the tests turn it on). */
  checkApiReplies: boolean
  /** The addresses that may read /metrics (METRICS_ALLOW; loopback by default, nobody when set empty). */
  metricsAllow: AllowList
  /** E-mail delivery over SMTP (SMTP_URL); undefined keeps the e-mails in the portal's outbox only. */
  mail: MailConfig | undefined
}

export interface MailConfig {
  /** nodemailer's connection URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
  url: string
  /** The From address, e.g. `Licensing Portal <no-reply@portal.example>`. */
  from: string
  /** The domain of every Message-ID: the From address's. */
  messageIdDomain: string
  /** How often each serving process looks for e-mails that are due. */
  pollMs: number
}

const DEFAULT_MAIL_POLL_MS = 5_000

/** The delivery settings, or undefined without SMTP_URL; a URL that is not smtp:// or smtps:// stops the start. */
function mailConfig(env: Record<string, string | undefined>, publicUrl: string): MailConfig | undefined {
  const url = env.SMTP_URL?.trim()
  if (!url) return undefined
  const protocol = URL.canParse(url) ? new URL(url).protocol : ''
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example:587')
  }
  const from = env.SMTP_FROM?.trim() || `Licensing Portal <no-reply@${new URL(publicUrl).hostname}>`
  const domain = /@([^@\s<>]+)>?\s*$/.exec(from)?.[1] ?? new URL(publicUrl).hostname
  const pollMs = Number(env.SMTP_POLL_MS ?? DEFAULT_MAIL_POLL_MS)
  return {
    url,
    from,
    messageIdDomain: domain,
    pollMs: Number.isFinite(pollMs) && pollMs > 0 ? pollMs : DEFAULT_MAIL_POLL_MS,
  }
}

function trimSlash(s: string) {
  return s.replace(/\/+$/, '')
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  const host = env.HOST ?? '0.0.0.0'
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${port}`)
  const production = env.NODE_ENV === 'production'
  const environmentRaw = (env.PORTAL_ENVIRONMENT ?? 'dev').toLowerCase()
  const environment: Environment = environmentRaw === 'dev' || environmentRaw === 'uat' ? environmentRaw : 'prod'
  const embeddedIssuer = `${publicUrl}/oidc`
  const oidcIssuer = env.OIDC_ISSUER || embeddedIssuer
  const embeddedOidc = oidcIssuer === embeddedIssuer
  const embeddedApiBase = `http://127.0.0.1:${port}/api`
  const apiBaseUrl = trimSlash(env.API_BASE_URL ?? embeddedApiBase)
  const sessionSecret = env.SESSION_SECRET ?? 'dev-only-session-secret-change-me'
  return {
    port,
    host,
    publicUrl,
    production,
    environment,
    databasePath: path.resolve(env.DATABASE_PATH ?? 'data/portal.db'),
    databaseUrl: postgresUrl(env.DATABASE_URL),
    sessionSecret,
    oidcIssuer,
    embeddedOidc,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'licensing-portal',
    oidcClientSecret: env.OIDC_CLIENT_SECRET ?? 'licensing-portal-secret',
    oidcJwksUri: env.OIDC_JWKS_URI || undefined,
    oidcScopes: (env.OIDC_SCOPES ?? '').split(/[\s,]+/).filter(Boolean),
    apiAudience: env.API_AUDIENCE ?? 'urn:licensing-api',
    apiEmailClaim: env.API_EMAIL_CLAIM ?? 'email',
    apiBaseUrl,
    embeddedApi: apiBaseUrl === embeddedApiBase || env.API_EMBEDDED === '1',
    // Only the embedded provider is known to have a profile page: the others' are configured.
    profileUrl: env.PROFILE_URL || (embeddedOidc ? `${oidcIssuer}/me` : undefined),
    documentationUrl: env.DOCUMENTATION_URL ?? 'https://docs.example.com/licensing',
    supportUrl: env.SUPPORT_URL ?? 'https://support.example.com/requests/new',
    privacyUrl: env.PRIVACY_URL ?? 'https://www.example.com/privacy',
    rateTableTermsUrl: env.RATE_TABLE_TERMS_URL ?? 'https://www.example.com/legal/elastic-rate-tables',
    buildInfo: env.BUILD_INFO ?? '',
    oidcJwks: env.OIDC_JWKS || undefined,
    oidcCookieKeys: (env.OIDC_COOKIE_KEYS ?? `${sessionSecret}-oidc`).split(',').filter(Boolean),
    logRequests: env.LOG_REQUESTS !== '0',
    pageDeadlineMs: Number(env.PAGE_DEADLINE_MS ?? 10_000),
    signInRateLimit: Number(env.SIGNIN_RATE_LIMIT ?? 10),
    licenseSigningKey: env.LICENSE_SIGNING_KEY ?? `${sessionSecret}-licence-signing`,
    checkApiReplies: env.API_CHECK_REPLIES === '1',
    mail: mailConfig(env, publicUrl),
    metricsAllow: parseAllowList(env.METRICS_ALLOW),
  }
}
