import { Link, useLoaderData } from '@remix-run/react'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { readOrThrow, requireWebScreen } from '../web/web-screen.server'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { webPageName } from '../web/web-titles'

export const meta = screenMeta(webPageName())

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webAssignments')
  const [entitlements, groups, users] = await Promise.all([
    screen.calls.entitlements.count(screen.customerNumber),
    screen.calls.groups.count(screen.customerNumber),
    screen.calls.users.count(screen.customerNumber),
  ])
  return {
    sections: [
      {
        label: 'Entitlements',
        count: readOrThrow(entitlements),
        text: 'web licences: seats, who may use them and what is left',
        href: screen.href('entitlements'),
      },
      {
        label: 'Groups',
        count: readOrThrow(groups),
        text: 'groups of web users, to give a licence to many people at once',
        href: screen.href('groups'),
      },
      {
        label: 'Users',
        count: readOrThrow(users),
        text: 'the people who may use the web licences, and their roles',
        href: screen.href('users'),
      },
    ],
  }
}

export default function WebAssignmentsOverview() {
  const { sections } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Assignments
      </h1>
      <p className="text-gray-700">Who may use this customer’s web licences: by group, or by a named seat.</p>
      <ul className="grid gap-4 sm:grid-cols-3">
        {sections.map((s) => (
          <li key={s.label} className="rounded border border-gray-300 bg-white p-4">
            <h2 className="text-lg font-semibold">
              <Link to={s.href}>{s.label}</Link>
            </h2>
            <p className="text-3xl font-semibold">{s.count}</p>
            <p className="text-sm text-gray-700">{s.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
