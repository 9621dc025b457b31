/**
 * Express handlers for the provider's interactions (sign-in form) and the
 * account page. Registered before the provider itself is mounted at /oidc.
 */
import crypto from 'node:crypto'
import express, { type Request, type Response, type NextFunction } from 'express'
import type Provider from 'oidc-provider'
import { errors } from 'oidc-provider'
import type { Config } from '../config'
import type { Db } from '../../db/client'
import { authenticate, findActiveUser } from './accounts'
import { createSignInLimiter } from './rate-limit'
import { loginPage, messagePage, profilePage } from './views'
import { API_SCOPE, SCRIPT_CLIENT_ID } from './provider'

export const WRONG_CREDENTIALS = 'Incorrect email or password.'
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Try again in a few minutes.'

type Handler = (req: Request, res: Response) => Promise<void>
const wrap = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => fn(req, res).catch(next)

export function interactionRouter(provider: Provider, { config, db }: { config: Config; db: Db }) {
  const ownClient = (clientId: unknown) => clientId === config.oidcClientId || clientId === SCRIPT_CLIENT_ID
  const router = express.Router()
  const limiter = createSignInLimiter(db, config.signInRateLimit)
  const csrfKey = config.oidcCookieKeys[0] ?? config.sessionSecret
  const csrfFor = (uid: string) => crypto.createHmac('sha256', csrfKey).update(`login:${uid}`).digest('base64url')
  const loginAction = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/login`

  function send(res: Response, status: number, html: string) {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html)
  }

  function expired(res: Response) {
    send(
      res,
      400,
      messagePage({
        title: 'Sign-in expired',
        message: 'This sign-in request has expired or was already used. Start again from the portal.',
        link: { href: `${config.publicUrl}/auth/login`, text: 'Sign in to the Licensing Portal' },
        alert: true,
      }),
    )
  }

  /** The interaction of this browser, if it is the one in the URL. */
  async function details(req: Request, res: Response) {
    try {
      const found = await provider.interactionDetails(req, res)
      return found.uid === req.params.uid ? found : undefined
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined
      throw error
    }
  }

  router.get(
    '/oidc/interaction/:uid',
    wrap(async (req, res) => {
      const interaction = await details(req, res)
      if (!interaction) return expired(res)
      const { uid, prompt, params, session } = interaction
      if (prompt.name === 'login') {
        const hint = typeof params.login_hint === 'string' ? params.login_hint : ''
        return send(res, 200, loginPage({ action: loginAction(uid), csrf: csrfFor(uid), email: hint }))
      }
      if (prompt.name === 'consent' && session?.accountId && ownClient(params.client_id)) {
        // Our own portal, or a script whose code the user has just confirmed: grant what is missing without asking.
        const grant = interaction.grantId
          ? ((await provider.Grant.find(interaction.grantId)) ??
            new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) }))
          : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) })
        const d = prompt.details
        if (d.missingOIDCScope) grant.addOIDCScope((d.missingOIDCScope as string[]).join(' '))
        if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims as string[])
        grant.addResourceScope(config.apiAudience, API_SCOPE)
        const grantId = await grant.save()
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
      }
      send(
        res,
        400,
        messagePage({
          title: 'Sign-in problem',
          message: `This application cannot be signed in to here (${prompt.name}).`,
          link: { href: `${config.publicUrl}/auth/login`, text: 'Try again' },
          alert: true,
        }),
      )
    }),
  )

  router.post(
    '/oidc/interaction/:uid/login',
    express.urlencoded({ extended: false, limit: '10kb' }),
    wrap(async (req, res) => {
      const interaction = await details(req, res)
      if (!interaction || interaction.prompt.name !== 'login') return expired(res)
      const { uid } = interaction
      const body = (req.body ?? {}) as Record<string, unknown>
      const email = typeof body.email === 'string' ? body.email.trim().slice(0, 320) : ''
      const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : ''
      const csrf = typeof body.csrf === 'string' ? body.csrf : ''
      const render = (status: number, error: string) =>
        send(res, status, loginPage({ action: loginAction(uid), csrf: csrfFor(uid), email, error }))

      if (!sameToken(csrf, csrfFor(uid))) return render(403, 'Your sign-in form expired. Please try again.')
      const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown'
      if (await limiter.blocked(ip, email)) return render(429, TOO_MANY_ATTEMPTS)
      if (!email || !password) return render(401, WRONG_CREDENTIALS)

      const user = await authenticate(db, email, password)
      if (!user) {
        await limiter.recordFailure(ip, email)
        return render(401, WRONG_CREDENTIALS)
      }
      await limiter.recordSuccess(ip, email)
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: String(user.id), remember: true } },
        { mergeWithLastSubmission: false },
      )
    }),
  )

  router.get(
    '/oidc/me',
    wrap(async (req, res) => {
      const session = await provider.Session.get(provider.createContext(req, res))
      const user = session.accountId ? await findActiveUser(db, session.accountId) : undefined
      send(res, 200, profilePage(user, config.publicUrl))
    }),
  )

  return router
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}
