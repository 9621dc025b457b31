import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from '../view/service-status'

/** Title and default message by status; any other status is a failure. */
const PAGES: Record<number, { title: string; message: string }> = {
  404: {
    title: 'Page not found',
    message: 'The page you asked for does not exist. Check the address or go back to the home page.',
  },
  403: { title: 'Not available', message: 'You cannot open this page.' },
  503: { title: SERVICE_UNAVAILABLE_TITLE, message: SERVICE_UNAVAILABLE_MESSAGE },
}

const FAILURE = { title: 'Something went wrong', message: 'The page could not be shown. Please try again in a moment.' }

/** The status an error page shows for a caught error: a thrown response's, else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500
}

/** The heading of the error page of a caught error, which also names the page in its title. */
export function errorPageTitle(error: unknown): string {
  return (PAGES[errorStatus(error)] ?? FAILURE).title
}

/**
 * The page shown for an unknown path (404), a refusal or a failed screen. A text the
 * error response carries (or a text given as the error) replaces the default message.
 */
export function ErrorPage({ status, error }: { status: number; error?: unknown }) {
  const detail =
    typeof error === 'string' && error
      ? error
      : isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
        ? error.data
        : undefined
  const { title, message } = PAGES[status] ?? FAILURE
  return (
    <section aria-labelledby="error-title" className="space-y-3">
      <h1 id="error-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p data-testid="error-message">{detail ?? message}</p>
      <p>
        <a href="/home">Go to the home page</a>
      </p>
    </section>
  )
}

/**
 * The ErrorPage of the error the route caught, and every screen's ErrorBoundary:
 * a refusal or a failure thrown by the screen's loader or action shows in the
 * screen's place, so the shell (navigation, customer search, breadcrumbs) stays around it.
 */
export function RouteErrorPage() {
  const error = useRouteError()
  return <ErrorPage status={errorStatus(error)} error={error} />
}
