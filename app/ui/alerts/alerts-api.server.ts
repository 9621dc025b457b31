import type { AppLoadContext } from '@remix-run/node'
import { requireAuth } from '../../auth/guard.server'
import { withReauth } from '../../portal/context.server'
import { createApiClient, type ApiClient } from '../../upstream/client.server'

/** Runs an alerts screen's calls with the signed-in user's token; an API 401 signs in again. */
export async function withAlertsApi<T>(
  request: Request,
  context: AppLoadContext,
  fn: (api: ApiClient) => Promise<T>,
): Promise<T> {
  const { accessToken } = await requireAuth(request, context)
  const api = createApiClient(context.config, accessToken)
  return withReauth(request, context, () => fn(api))
}
