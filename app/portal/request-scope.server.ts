/**
 * What the loaders and the action of one request share: the page's deadline,
 * which ends every licensing API call of the request, and the replies more than
 * one of them needs (the selected customer's info, the feature flags). It is kept
 * per load context, the object Remix hands to every loader and action of one
 * request (the server makes a new one for each request).
 */
import type { AppLoadContext } from '@remix-run/node'
import { handleUnauthorized } from '../auth/guard.server'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../domain/service-status'
import { createApiClient, type ApiClient, type ServiceHealth } from '../upstream/client.server'

interface RequestScope {
  deadline: AbortSignal
  /** Once a call of the request found the service down, the others do not retry. */
  health: ServiceHealth
  replies: Map<string, Promise<unknown>>
}

const scopes = new WeakMap<AppLoadContext, RequestScope>()

function scopeOf(request: Request, context: AppLoadContext): RequestScope {
  let scope = scopes.get(context)
  if (!scope) {
    // The page stops waiting when its deadline passes or the browser goes away.
    const deadline = AbortSignal.any([request.signal, AbortSignal.timeout(context.config.pageDeadlineMs)])
    scopes.set(context, (scope = { deadline, health: { unavailable: false }, replies: new Map() }))
  }
  return scope
}

/** The page's deadline (one signal for every API call of this request) and what its calls learnt of the service. */
function clientOptions(request: Request, context: AppLoadContext) {
  const { deadline, health } = scopeOf(request, context)
  return { signal: deadline, health }
}

/** `load()` once per request and key; every loader and the action of the request get the same promise. */
export function oncePerRequest<T>(request: Request, context: AppLoadContext, key: string, load: () => Promise<T>): Promise<T> {
  const { replies } = scopeOf(request, context)
  let reply = replies.get(key) as Promise<T> | undefined
  if (!reply) replies.set(key, (reply = load()))
  return reply
}

/** The answer of a page whose licensing API does not answer: 503 with words the user can act on. */
export function serviceUnavailable(): Response {
  return new Response(SERVICE_UNAVAILABLE_MESSAGE, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60', 'Cache-Control': 'no-store' },
  })
}

/**
 * The API client of a page: the user's token and the page's deadline. Its FAILURE
 * replies include outages (see Failure.unavailable), for callers with a fallback.
 */
export function pageApi(request: Request, context: AppLoadContext, accessToken: string): ApiClient {
  return createApiClient(context.config, accessToken, clientOptions(request, context))
}

/**
 * The API client of a screen: as pageApi, but an outage throws the 503 page and a
 * refused token throws the redirect to sign in again, so every FAILURE a screen
 * sees is the API's answer.
 */
export function screenApi(request: Request, context: AppLoadContext, accessToken: string): ApiClient {
  return createApiClient(context.config, accessToken, {
    ...clientOptions(request, context),
    onUnauthorized: () => handleUnauthorized(request, context),
    onOutage: serviceUnavailable,
  })
}
