/**
 * What the loaders and the action of one request share, kept in the request's
 * load context (a new one for every request): the page's deadline, which ends
 * every licensing API call of the request, what those calls learnt of the
 * service, and the replies more than one of them needs.
 */
import type { AppLoadContext } from '@remix-run/node'
import { handleUnauthorized } from '../guards/auth.server'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../view/service-status'
import { createApiClient, type ApiClient, type ServiceHealth } from '../api-client/client.server'
import { deadlineSignal } from '../api-client/deadline-signal'

/** The page's deadline (one signal for every API call of this request) and what its calls learnt of the service. */
function clientOptions(request: Request, context: AppLoadContext): { signal: AbortSignal; health: ServiceHealth } {
  return context.requestMemo('page API calls', () => ({
    // The page stops waiting when its deadline passes or the browser goes away.
    signal: deadlineSignal(context.config.pageDeadlineMs, request.signal),
    health: { unavailable: false },
  }))
}

/** `load()` once per request and key; every loader and the action of the request get the same promise. */
export function oncePerRequest<T>(context: AppLoadContext, key: string, load: () => Promise<T>): Promise<T> {
  return context.requestMemo(key, load)
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
