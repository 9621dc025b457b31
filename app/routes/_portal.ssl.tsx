import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireScreen } from '../portal/screen-guard.server'
import { notAvailablePage } from '../ui/not-available'
import { ScreenErrorBoundary } from '../ui/error-page'

/** Not built yet, but its rules apply already: a bookmark to it is refused as the screen will be. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireScreen(request, context, '/ssl')
  return null
}

export default notAvailablePage('Leases/Perpetuals')

export const ErrorBoundary = ScreenErrorBoundary
