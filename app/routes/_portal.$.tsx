import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { withoutMatrixParams } from '../web/web-paths'

/** Any path no screen claims: a 404 inside the shell. A web assignments address with matrix parameters goes to the same one without. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const plain = withoutMatrixParams(url.pathname)
  if (plain !== null) throw redirect(`${plain}${url.search}`)
  throw new Response('The page you asked for does not exist. Check the address or go back to the home page.', {
    status: 404,
  })
}

/** Its loader always throws: the title is the error page's. */
export const meta = screenMeta()

export default function NotFound() {
  return null
}

export const ErrorBoundary = RouteErrorPage
