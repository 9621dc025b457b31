/**
 * The selected customer's info, asked of the API once per page request: the
 * shell's loader and a guarded screen's loader run side by side on the same
 * Request (see patches/@remix-run+server-runtime) and both need it.
 */
import type { ApiClient } from '../upstream/client.server'

type Reply = ReturnType<ApiClient['getAccountInfo']>

const replies = new WeakMap<Request, Map<string, Reply>>()

export function accountInfoFor(request: Request, api: ApiClient, accessToken: string, customerNumber: string): Reply {
  let forRequest = replies.get(request)
  if (!forRequest) replies.set(request, (forRequest = new Map()))
  const key = `${accessToken} ${customerNumber}`
  let reply = forRequest.get(key)
  if (!reply) forRequest.set(key, (reply = api.getAccountInfo(customerNumber)))
  return reply
}
