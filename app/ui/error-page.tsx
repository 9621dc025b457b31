import { isRouteErrorResponse } from '@remix-run/react'

/** The page shown for an unknown path (404) or a failed screen. */
export function ErrorPage({ status, error }: { status: number; error?: unknown }) {
  const detail =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : undefined
  if (status === 404) {
    return (
      <section aria-labelledby="error-title" className="space-y-3">
        <h1 id="error-title" className="text-2xl font-semibold">
          Page not found
        </h1>
        <p>{detail ?? 'The page you asked for does not exist. Check the address or go back to the home page.'}</p>
        <p>
          <a href="/home">Go to the home page</a>
        </p>
      </section>
    )
  }
  if (status === 403) {
    return (
      <section aria-labelledby="error-title" className="space-y-3">
        <h1 id="error-title" className="text-2xl font-semibold">
          Not available
        </h1>
        <p>{detail ?? 'You cannot open this page.'}</p>
        <p>
          <a href="/home">Go to the home page</a>
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="error-title" className="space-y-3">
      <h1 id="error-title" className="text-2xl font-semibold">
        Something went wrong
      </h1>
      <p>{detail ?? 'The page could not be shown. Please try again in a moment.'}</p>
      <p>
        <a href="/home">Go to the home page</a>
      </p>
    </section>
  )
}
