/**
 * Replies the shell's loader and a screen's guard both need, asked of the API once
 * per request (they run side by side): the selected customer's info and the
 * user's feature flags. The replies include outages; each caller decides what
 * one means to it.
 */
import type { AppLoadContext } from '@remix-run/node'
import type { ApiClient } from '../api-client/client.server'
import { oncePerRequest, pageApi } from './request-scope.server'

export function accountInfoFor(
  request: Request,
  context: AppLoadContext,
  accessToken: string,
  customerNumber: string,
): ReturnType<ApiClient['getAccountInfo']> {
  return oncePerRequest(context, `accountInfo ${accessToken} ${customerNumber}`, () =>
    pageApi(request, context, accessToken).getAccountInfo(customerNumber),
  )
}

export function featuresFor(
  request: Request,
  context: AppLoadContext,
  accessToken: string,
): ReturnType<ApiClient['getFeatures']> {
  return oncePerRequest(context, `features ${accessToken}`, () => pageApi(request, context, accessToken).getFeatures())
}

/** Up to two of the user's customers: enough to tell none, one and several apart. */
export function reachableAccountsFor(
  request: Request,
  context: AppLoadContext,
  accessToken: string,
): ReturnType<ApiClient['getAccounts']> {
  return oncePerRequest(context, `accounts ${accessToken}`, () =>
    pageApi(request, context, accessToken).getAccounts({ limit: 2 }),
  )
}
