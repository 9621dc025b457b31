import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

/** Any path no screen claims: a 404 inside the shell. */
export function loader() {
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
