import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireScreen } from '../guards/screen.server'
import { notAvailablePage } from '../ui/not-available'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'

/** Not built yet, but its rules apply already: a bookmark to it is refused as the screen will be. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireScreen(request, context, 'webTransactions')
  return null
}

export const meta = screenMeta(screenTitle('webTransactions'))

export default notAvailablePage(screenTitle('webTransactions'))

export const ErrorBoundary = RouteErrorPage
