import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAuth } from '../guards/auth.server'

/**
 * '/' opens Elastic Licensing (spec 1 section 2.1), keeping the customer.
 * Signed-out visitors sign in first and land on /home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAuth(request, context)
  const url = new URL(request.url)
  return redirect(`/elastic${url.search}`)
}
