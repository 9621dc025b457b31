import { ScreenErrorBoundary } from '../ui/error-page'

/** Any path no screen claims: a 404 inside the shell. */
export function loader() {
  throw new Response('The page you asked for does not exist. Check the address or go back to the home page.', {
    status: 404,
  })
}

export default function NotFound() {
  return null
}

export const ErrorBoundary = ScreenErrorBoundary
