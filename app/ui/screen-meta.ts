import type { LoaderFunction, MetaArgs, MetaFunction } from '@remix-run/node'
import { pageTitle, type TitleCustomer } from '../view/page-title'
import { SERVICE_UNAVAILABLE_TITLE } from '../view/service-status'
import { errorPageTitle } from './error-page'

/** What a title needs of the shell's loader data (routes/_portal). */
type ShellTitleData = { customer?: TitleCustomer | null; unavailable?: boolean }

type ScreenName<Loader extends LoaderFunction | unknown> =
  string | ((data: MetaArgs<Loader>['data']) => string | null | undefined)

/**
 * A route's meta: the page title names the screen and the customer selected in
 * the shell. The screen is a name, or a function of the route's loader data
 * (e.g. an email's subject). An error the route's boundary shows names the page
 * instead (by `errorTitle`, the error page's heading unless given); so does the
 * shell's own 'service not answering' page.
 */
export function screenMeta<Loader extends LoaderFunction | unknown = unknown>(
  screen?: ScreenName<Loader>,
  errorTitle: (error: unknown) => string = errorPageTitle,
): MetaFunction<Loader> {
  return ({ data, matches, error }) => {
    const shell = matches.find((match) => match.id === 'routes/_portal')?.data as ShellTitleData | undefined
    const name =
      error != null
        ? errorTitle(error)
        : shell?.unavailable
          ? SERVICE_UNAVAILABLE_TITLE
          : typeof screen === 'function'
            ? screen(data)
            : screen
    return [{ title: pageTitle(name, shell?.customer) }]
  }
}
