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
import { FORM_MESSAGES, isFormContentType, readForm } from './form-body'
import { CallTable, queryOf, type Call } from './call-table'
import { checkedReply } from './reply-check'
import { openApiDocument } from './contract/openapi'
import { API_DOCS_CSP, apiDocsPage } from './api-docs'
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
import { metaCalls, packageVersion } from './meta'
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
import { hostCalls } from './hosts'
import { hostMoveCalls } from './host-moves'
import { fsaOrderCalls } from './fsa-orders'
import { fsaHistoryCalls } from './fsa-history'
import { homeCalls } from './home'
import { sharedServerCalls } from './shared-server'
import { uploadServerIdCalls } from './upload-server-id'
import { fulfillmentCalls } from './fulfillments'
import { licenseFileCalls } from './license-files'
import { licenseCheckCalls } from './license-check'
import { webEntitlementCalls } from './web-entitlements'
import { webUserCalls } from './web-users'
import { webGroupCalls } from './web-groups'
import { webAssignmentCalls } from './web-assignments'
import { webImportCalls } from './web-import'
import { webLicenseServiceCalls } from './web-service'
import { webTransactionCalls } from './web-transactions'
import { webReportCalls } from './web-report'
import { recordApiCall } from './call-metrics'
import { setRouteLabel } from '../server/metrics/http'
import { apiRouteLabel } from '../server/metrics/route-label'
import { secondsSince } from '../server/metrics/instruments'

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
  hostCalls(calls, deps)
  hostMoveCalls(calls, deps)
  fsaOrderCalls(calls, deps)
  fsaHistoryCalls(calls, deps)
  homeCalls(calls, deps)
  sharedServerCalls(calls, deps)
  uploadServerIdCalls(calls, deps)
  fulfillmentCalls(calls, deps)
  licenseFileCalls(calls, deps)
  licenseCheckCalls(calls, deps)
  webEntitlementCalls(calls, deps)
  webUserCalls(calls, deps)
  webGroupCalls(calls, deps)
  webAssignmentCalls(calls, deps)
  webImportCalls(calls, deps)
  webLicenseServiceCalls(calls, deps)
  webTransactionCalls(calls, deps)
  webReportCalls(calls, deps)
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

  /**
   * `url` is relative to the API (e.g. `/getaccountinfo/1000001`); `body` is the body's text, if any: JSON, or
   * a multipart/form-data body (its `contentType` names the boundary) for the calls registered for one. The
   * answer names the call it found, and its handling time is recorded under that call.
   */
  async function answer(
    user: ApiUser,
    method: string,
    url: string,
    body: string | undefined,
    contentType?: string,
  ): Promise<{ reply: ApiReply; call: Call | undefined }> {
    const started = performance.now()
    let call: Call | undefined
    let reply: ApiReply
    try {
      const queryAt = url.indexOf('?')
      const pathname = queryAt < 0 ? url : url.slice(0, queryAt)
      const query = queryAt < 0 ? {} : queryOf(url.slice(queryAt + 1))
      if (isFormContentType(contentType) && body) {
        const found = formCall(method, pathname)
        if (!found) throw badRequest(JSON_BODY_MESSAGE)
        call = found.call
        const form = await readForm(body, contentType, found.form)
        reply = checked(call, success(await call.handler({ body: {}, form, params: found.params, query, user })))
      } else {
        const input = parseJsonBody(body)
        const found = calls.find(method, pathname)
        if (!found) throw notFound('Unknown API call')
        call = found.call
        reply = checked(call, success(await call.handler({ body: input, params: found.params, query, user })))
      }
    } catch (error) {
      reply = failure(error)
    }
    recordApiCall(call, reply.status, secondsSince(started))
    return { reply, call }
  }

  function checked(call: Call, reply: ApiReply): ApiReply {
    return deps.config.checkApiReplies && call.declaration ? checkedReply(call.declaration, reply) : reply
  }

  /** The call at `pathname` when it takes a multipart/form-data body. */
  function formCall(method: string, pathname: string) {
    const found = calls.find(method, pathname)
    return found?.call.form ? { ...found, form: found.call.form } : undefined
  }

  const document = openApiDocument(
    calls.calls.flatMap((call) => (call.declaration ? [call.declaration] : [])),
    { serverUrl: `${deps.config.publicUrl}/api`, version: packageVersion() },
  )
  return { authenticate, answer, formCall, document, docsPage: apiDocsPage(document) }
}

const JSON_BODY_MESSAGE = 'Request body must be JSON (Content-Type: application/json)'

const hasBody = (req: express.Request) =>
  Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined

/** The body's text (inflated, charset decoded, at most BODY_LIMIT_BYTES); parseJsonBody or readForm does the rest. */
const readBodyText = express.text({ type: () => true, limit: BODY_LIMIT_BYTES })

export function createApiRouter(deps: ApiDeps) {
  const api = apiFor(deps)
  const router = express.Router()
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  // The API's description is public: what a script needs before it has a token.
  router.get('/openapi.json', (_req, res) => {
    res.json(api.document)
  })
  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', API_DOCS_CSP)
    res.type('html').send(api.docsPage)
  })
  router.use((req, res, next) => {
    api.authenticate(req.get('authorization')).then((user) => {
      res.locals.apiUser = user
      next()
    }, next)
  })
  // A body that is present must be JSON (an absent body counts as `{}`), or a form for a call that takes one.
  router.use((req, res, next) => {
    if (!hasBody(req) || req.is('application/json')) return next()
    const form = req.is('multipart/form-data') ? api.formCall(req.method, req.path)?.form : undefined
    if (!form) return sendReply(res, failure(badRequest(JSON_BODY_MESSAGE)))
    // A form over the body limit is a file too large for the call, as in process.
    readBodyText(req, res, (error?: unknown) => {
      const tooLarge = (error as { type?: unknown } | undefined)?.type === 'entity.too.large'
      if (tooLarge) return sendReply(res, failure(badRequest(FORM_MESSAGES.tooLarge(form.maxFileBytes))))
      next(error)
    })
  })
  router.use(readBodyText)
  router.use((req, res, next) => {
    const body = typeof req.body === 'string' ? req.body : undefined
    api
      .answer(res.locals.apiUser as ApiUser, req.method, req.url, body, req.get('content-type'))
      .then(({ reply, call }) => {
        if (call) setRouteLabel(res, apiRouteLabel(call.path))
        sendReply(res, reply)
      }, next)
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
  /** The body as text: JSON, or a multipart/form-data body for the calls that take one. */
  body: string | undefined
  /** The Content-Type header's value; a form's names its boundary. */
  contentType?: string
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
  return async ({ method, url, authorization, body, contentType }) => {
    let reply: ApiReply
    try {
      reply = (await api.answer(await api.authenticate(authorization), method, url, body, contentType)).reply
    } catch (error) {
      reply = failure(error)
    }
    if (reply.file) return { status: 406, json: { status: 'FAILURE', err: FILE_OVER_HTTP_ONLY } }
    // What goes over the wire: the caller gets its own copy, with JSON's types only.
    return { status: reply.status, json: JSON.parse(JSON.stringify(reply.envelope)) as Envelope }
  }
}
