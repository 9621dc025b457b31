import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireScreen } from '../portal/screen-guard.server'
import { notAvailablePage } from '../ui/not-available'
import { ScreenErrorBoundary } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenName } from '../domain/page-title'

const SCREEN = '/elastic'

/** Not built yet, but its rules apply already: a bookmark to it is refused as the screen will be. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireScreen(request, context, SCREEN)
  return null
}

export const meta = screenMeta(screenName(SCREEN))

export default notAvailablePage(screenName(SCREEN))

export const ErrorBoundary = ScreenErrorBoundary
