import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAuth } from '../auth/guard.server'
import { createApiClient } from '../upstream/client.server'
import { withReauth } from '../portal/context.server'
import { searchCustomers } from '../portal/customer-search.server'

/** Customer search for the toolbar combobox (JSON). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { accessToken } = await requireAuth(request, context)
  const q = new URL(request.url).searchParams.get('q') ?? ''
  const api = createApiClient(context.config, accessToken)
  return withReauth(request, context, () => searchCustomers(api, q))
}
