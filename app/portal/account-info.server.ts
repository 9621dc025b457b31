/**
 * The selected customer's info, asked of the API once per request: the
 * shell's loader and a guarded screen's loader run side by side and both need
 * it, so they share the reply through the request's load context.
 */
import type { AppLoadContext } from '@remix-run/node'
import type { ApiClient } from '../upstream/client.server'

export function accountInfoFor(context: AppLoadContext, api: ApiClient, accessToken: string, customerNumber: string) {
  return context.requestMemo(`getaccountinfo ${accessToken} ${customerNumber}`, () => api.getAccountInfo(customerNumber))
}
