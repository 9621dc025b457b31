/**
 * The licensing API, mounted at /api. Every call needs a bearer access token;
 * replies use the SUCCESS/FAILURE envelope.
 */
import express from 'express'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { bearerAuth } from './auth'
import { BODY_LIMIT } from './constants'
import { errorHandler, sendFailure } from './envelope'
import { accountsRouter } from './accounts'
import { usersRouter } from './users'
import { featureFlagsRouter } from './featureflags'
import { preferencesRouter } from './preferences'
import { metaRouter } from './meta'
import { emailsRouter } from './emails'
import { notificationsRouter } from './notifications'
import { portalAccessRouter } from './portal-access'
import { elasticRouter } from './elastic'
import { auditRouter } from './audit'

export interface ApiDeps {
  config: Config
  db: Db
}

/** A body that is present must be JSON; an absent body counts as `{}`. */
const requireJsonBody: express.RequestHandler = (req, res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined
  if (hasBody && !req.is('application/json')) {
    return sendFailure(res, 400, 'Request body must be JSON (Content-Type: application/json)')
  }
  next()
}

export function createApiRouter(deps: ApiDeps) {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  router.use(bearerAuth(deps))
  router.use(requireJsonBody)
  router.use(express.json({ limit: BODY_LIMIT, strict: true }))

  router.use(usersRouter())
  router.use(accountsRouter(deps))
  router.use(featureFlagsRouter(deps))
  router.use(preferencesRouter(deps))
  router.use(metaRouter(deps))
  router.use(emailsRouter(deps))
  router.use(notificationsRouter(deps))
  router.use(portalAccessRouter(deps))
  router.use(elasticRouter(deps))
  router.use(auditRouter(deps))

  router.use((_req, res) => sendFailure(res, 404, 'Unknown API call'))
  router.use(errorHandler)
  return router
}
