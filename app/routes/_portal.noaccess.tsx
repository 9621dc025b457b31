import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireScreen } from '../guards/screen.server'
import { noticePage } from '../ui/notice'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'

/** The notice stays while its reason does; its exit rule is one of the screen rules. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireScreen(request, context, 'noaccess')
  return null
}

export const meta = screenMeta(screenTitle('noaccess'))

export default noticePage('noaccess')

export const ErrorBoundary = RouteErrorPage
