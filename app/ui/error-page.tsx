import { isRouteErrorResponse } from '@remix-run/react'

/** Title and default message by status; any other status is a failure. */
const PAGES: Record<number, { title: string; message: string }> = {
  404: {
    title: 'Page not found',
    message: 'The page you asked for does not exist. Check the address or go back to the home page.',
  },
  403: { title: 'Not available', message: 'You cannot open this page.' },
}

const FAILURE = { title: 'Something went wrong', message: 'The page could not be shown. Please try again in a moment.' }

/** The page shown for an unknown path (404) or a failed screen. A text the error response carries replaces the default message. */
export function ErrorPage({ status, error }: { status: number; error?: unknown }) {
  const detail =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : undefined
  const { title, message } = PAGES[status] ?? FAILURE
  return (
    <section aria-labelledby="error-title" className="space-y-3">
      <h1 id="error-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p>{detail ?? message}</p>
      <p>
        <a href="/home">Go to the home page</a>
      </p>
    </section>
  )
}
