import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAuth } from '../guards/auth.server'
import { withReauth } from '../request/context.server'
import { pageApi } from '../request/request-scope.server'
import { searchCustomers } from '../customers/customer-search.server'

/** Customer search for the toolbar combobox (JSON); an outage is one of its messages, so the combobox shows it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { accessToken } = await requireAuth(request, context)
  const q = new URL(request.url).searchParams.get('q') ?? ''
  return withReauth(request, context, () => searchCustomers(pageApi(request, context, accessToken), q))
}
