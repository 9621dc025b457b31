import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { ErrorPage } from '../error-page'

/** Error boundary of the alerts screens: an unknown alert or category is a 404 inside the shell. */
export function AlertsErrorBoundary() {
  const error = useRouteError()
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} error={error} />
}
