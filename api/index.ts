/**
 * The licensing API, mounted at /api. Every call needs a bearer access token;
 * replies use the SUCCESS/FAILURE envelope. The calls are registered once in a
 * call table; the Express router serves them over HTTP and createApiDispatch
 * to the portal in this process, through the same authentication, body rules
 * and handlers.
 */
import express from 'express'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { createAuthenticator, type ApiUser } from './auth'
import { parseJsonBody } from './body'
import { CallTable, queryOf } from './call-table'
import { BODY_LIMIT_BYTES } from './constants'
import {
  badRequest,
  errorHandler,
  failure,
  notFound,
  sendReply,
  success,
  type ApiReply,
  type Envelope,
} from './envelope'
import { accountCalls } from './accounts'
import { userCalls } from './users'
import { featureFlagCalls } from './featureflags'
import { preferenceCalls } from './preferences'
import { metaCalls } from './meta'
import { emailCalls } from './emails'
import { notificationCalls } from './notifications'
import { portalAccessCalls } from './portal-access'
import { elasticCalls } from './elastic'
import { auditCalls } from './audit'
import { entitlementCalls } from './entitlements'
import { elasticCreditCalls } from './elastic-credit'
import { usageSessionCalls } from './usage-sessions'
import { usageCalls } from './usage'
import { statementCalls } from './statements'
import { fulfilmentCalls } from './fulfillments'
import { licenceFileCalls } from './licence-files'

export interface ApiDeps {
  config: Config
  db: Db
}

/** Every call of the API. */
export function apiCallTable(deps: ApiDeps): CallTable {
  const calls = new CallTable()
  userCalls(calls)
  accountCalls(calls, deps)
  featureFlagCalls(calls, deps)
  preferenceCalls(calls, deps)
  metaCalls(calls, deps)
  emailCalls(calls, deps)
  notificationCalls(calls, deps)
  portalAccessCalls(calls, deps)
  elasticCalls(calls, deps)
  auditCalls(calls, deps)
  entitlementCalls(calls, deps)
  elasticCreditCalls(calls, deps)
  usageSessionCalls(calls, deps)
  usageCalls(calls, deps)
  statementCalls(calls, deps)
  fulfilmentCalls(calls, deps)
  licenceFileCalls(calls, deps)
  return calls
}

/**
 * One API per configuration and database: the router and the in-process dispatch
 * made from the same ones share their call table and their token verification
 * (signing keys and verified tokens).
 */
const apis = new WeakMap<Config, WeakMap<Db, ReturnType<typeof buildApi>>>()

function apiFor(deps: ApiDeps) {
  let byDb = apis.get(deps.config)
  if (!byDb) apis.set(deps.config, (byDb = new WeakMap()))
  let api = byDb.get(deps.db)
  if (!api) byDb.set(deps.db, (api = buildApi(deps)))
  return api
}

/** The API's two steps: who is calling, then the call a request names, answered for that user. */
function buildApi(deps: ApiDeps) {
  const calls = apiCallTable(deps)
  const authenticate = createAuthenticator(deps)

  /** `url` is relative to the API (e.g. `/getaccountinfo/1000001`); `body` is the JSON text, if any. */
  async function answer(user: ApiUser, method: string, url: string, body: string | undefined): Promise<ApiReply> {
    try {
      const input = parseJsonBody(body)
      const queryAt = url.indexOf('?')
      const pathname = queryAt < 0 ? url : url.slice(0, queryAt)
      const found = calls.find(method, pathname)
      if (!found) throw notFound('Unknown API call')
      const query = queryAt < 0 ? {} : queryOf(url.slice(queryAt + 1))
      return success(await found.call.handler({ body: input, params: found.params, query, user }))
    } catch (error) {
      return failure(error)
    }
  }

  return { authenticate, answer }
}

/** A body that is present must be JSON; an absent body counts as `{}`. */
const requireJsonBody: express.RequestHandler = (req, res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined
  if (hasBody && !req.is('application/json')) {
    return sendReply(res, failure(badRequest('Request body must be JSON (Content-Type: application/json)')))
  }
  next()
}

export function createApiRouter(deps: ApiDeps) {
  const api = apiFor(deps)
  const router = express.Router()
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  router.use((req, res, next) => {
    api.authenticate(req.get('authorization')).then((user) => {
      res.locals.apiUser = user
      next()
    }, next)
  })
  router.use(requireJsonBody)
  // The body as text (inflated, charset decoded, at most BODY_LIMIT_BYTES); parseJsonBody does the rest.
  router.use(express.text({ type: () => true, limit: BODY_LIMIT_BYTES }))
  router.use((req, res, next) => {
    const body = typeof req.body === 'string' ? req.body : undefined
    api.answer(res.locals.apiUser as ApiUser, req.method, req.url, body).then((reply) => sendReply(res, reply), next)
  })
  router.use(errorHandler)
  return router
}

/** A call to the API from this process: what an HTTP request would carry, without the socket. */
export interface ApiRequest {
  method: string
  /** Path and query relative to the API, e.g. `/getaccountinfo/1000001`. */
  url: string
  /** The Authorization header's value. */
  authorization: string | undefined
  /** The JSON body as text. */
  body: string | undefined
}

/** The HTTP status and the JSON an HTTP client would have read. */
export interface ApiResponse {
  status: number
  json: Envelope
}

export type ApiDispatch = (request: ApiRequest) => Promise<ApiResponse>

/** The in-process answer to a call whose reply is a file: the dispatch carries JSON only. */
export const FILE_OVER_HTTP_ONLY = 'This call answers a file; call it over HTTP.'

/** The API called in process: the same steps and handlers as over HTTP, with a plain function boundary. */
export function createApiDispatch(deps: ApiDeps): ApiDispatch {
  const api = apiFor(deps)
  return async ({ method, url, authorization, body }) => {
    let reply: ApiReply
    try {
      reply = await api.answer(await api.authenticate(authorization), method, url, body)
    } catch (error) {
      reply = failure(error)
    }
    if (reply.file) return { status: 406, json: { status: 'FAILURE', err: FILE_OVER_HTTP_ONLY } }
    // What goes over the wire: the caller gets its own copy, with JSON's types only.
    return { status: reply.status, json: JSON.parse(JSON.stringify(reply.envelope)) as Envelope }
  }
}
