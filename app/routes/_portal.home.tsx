/**
 * Home (spec 1 section 2.1), the landing page after sign-in and after a change
 * of customer. With a customer in hand: the cards that say what needs attention
 * this week, each leading to the view that explains it. For a user with several
 * customers and none chosen, or on request (`view=customers`): those customers
 * with a few figures each, or the customer search when there are too many.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { requireScreen } from '../guards/screen.server'
import { RouteErrorPage } from '../ui/error-page'
import { PortalLink } from '../ui/portal-link'
import { roleSentence, isStaff } from '../domain/permissions'
import { sortCustomerFigures } from '../domain/home-cards'
import type { loader as portalLoader } from './_portal'
import { withCustomer } from '../ui/customer-href'
import { screenMeta } from '../ui/screen-meta'
import { screenPath, screenTitle } from '../screens/registry'
import { homeCalls } from '../api-client/home.server'
import { homeView } from '../home/home-view'
import { HomeCards } from '../home/home-cards'
import { usageWeekChartMarkup } from '../ui/usage-week-chart.server'
import { CustomerList } from '../customers/customer-list'
import { parseCustomerSort } from '../customers/customer-sort.server'

const HOME = screenPath('home')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, info, api, customerNumber } = await requireScreen(request, context, 'home')
  const params = new URL(request.url).searchParams
  const calls = homeCalls(api)
  if (customerNumber && info && params.get('view') !== 'customers') {
    const summary = await calls.summary(customerNumber)
    const view = summary.status === 'SUCCESS' ? homeView(summary.data) : null
    const usage = view?.usage
    return {
      mode: 'cards' as const,
      roles: roleSentence(user, info),
      view,
      error: summary.status === 'SUCCESS' ? null : summary.err,
      chart: usage
        ? usageWeekChartMarkup({
            id: 'usage-week',
            title: `Usage cost per day, ${usage.previous.from} to ${usage.current.to}`,
            summary: usage.summary,
            days: usage.days,
          })
        : null,
      // Staff find other customers through the customer search.
      severalCustomers: !isStaff(user) && summary.status === 'SUCCESS' && summary.data.severalCustomers,
    }
  }
  const sort = parseCustomerSort(params)
  const reply = await calls.customers()
  const list = reply.status === 'SUCCESS' ? reply.data : null
  return {
    mode: 'customers' as const,
    sort,
    count: list?.count ?? null,
    customers: list?.customers ? sortCustomerFigures(list.customers, sort.key, sort.direction) : null,
    error: reply.status === 'SUCCESS' ? null : reply.err,
  }
}

export const meta = screenMeta(screenTitle('home'))

export default function Home() {
  const shell = useRouteLoaderData<typeof portalLoader>('routes/_portal')
  const page = useLoaderData<typeof loader>()
  if (!shell) return null
  const firstName = shell.user.name.split(' ')[0] || shell.user.email
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Welcome, {firstName}
      </h1>
      {page.mode === 'cards' && shell.customer ? (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
            <p>
              <span className="font-semibold" data-testid="selected-customer">
                {shell.customer.AccountID} ({shell.customer.AccountName})
              </span>
              <span className="block text-sm text-gray-700">{page.roles}</span>
            </p>
            {page.severalCustomers ? (
              <PortalLink to={withCustomer(`${HOME}?view=customers`, shell.customerNumber)}>
                All your customers
              </PortalLink>
            ) : null}
          </div>
          {page.error ? (
            <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
              {page.error}
            </p>
          ) : page.view && page.view.cards.length > 0 ? (
            <HomeCards view={page.view} chart={page.chart} />
          ) : (
            <p className="rounded border border-gray-300 bg-white p-4">There is nothing to show for this customer.</p>
          )}
        </>
      ) : page.mode === 'customers' ? (
        <CustomersSection page={page} customerNumber={shell.customerNumber} />
      ) : null}
    </section>
  )
}

type CustomersPage = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { mode: 'customers' }>

function CustomersSection({ page, customerNumber }: { page: CustomersPage; customerNumber: string | null }) {
  return (
    <section aria-labelledby="customers-title" className="space-y-3">
      <h2 id="customers-title" className="text-lg font-semibold">
        Your customers
      </h2>
      {page.error ? (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
          {page.error}
        </p>
      ) : page.customers ? (
        <>
          <p>Choose a customer to work on. Figures are for today; sort by any column.</p>
          <CustomerList
            rows={page.customers}
            sort={page.sort}
            base={HOME}
            customerHref={(number) => withCustomer(HOME, number)}
          />
        </>
      ) : (
        <Form method="get" action="/customers" className="space-y-2 rounded border border-gray-300 bg-white p-4">
          <p>You have access to {page.count?.toLocaleString('en-US')} customers. Find one by its number or name.</p>
          <label htmlFor="home-customer-search" className="block font-medium">
            Customer number or name
          </label>
          <div className="flex flex-wrap gap-2">
            <input id="home-customer-search" name="q" type="search" className="input" autoComplete="off" />
            <button type="submit" className="btn-primary">
              Search
            </button>
          </div>
        </Form>
      )}
      {customerNumber ? (
        <p>
          <PortalLink to={withCustomer(HOME, customerNumber)}>Back to the cards of {customerNumber}</PortalLink>
        </p>
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
