import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import stylesheet from './tailwind.css'
import './load-context'
import { ErrorPage, errorStatus } from './ui/error-page'
import { screenMeta } from './ui/screen-meta'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }]

/** The portal's name; the error page's heading before it when this route's boundary shows. */
export const meta = screenMeta()

export async function loader({ context }: LoaderFunctionArgs) {
  return { nonce: context.cspNonce }
}

function Document({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-gray-50 text-gray-900">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { nonce } = useLoaderData<typeof loader>()
  return (
    <Document nonce={nonce}>
      <Outlet />
    </Document>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  const status = errorStatus(error)
  return (
    <Document nonce={data?.nonce}>
      <main className="mx-auto max-w-2xl p-8">
        <ErrorPage status={status} error={error} />
      </main>
    </Document>
  )
}
