import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireScreen } from '../guards/screen.server'
import { helpArticle } from '../help/articles.server'
import { renderArticle } from '../help/render.server'
import { helpPageName } from '../help/titles'
import { screenPath } from '../screens/registry'
import { withCustomer } from '../ui/customer-href'
import { PortalLink } from '../ui/portal-link'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

export const meta = screenMeta<typeof loader>((data) => helpPageName(data?.title))

const NOT_FOUND = 'There is no help article at this address. See the list of help articles.'

/** One article. Signed in is enough; its links to the screens keep the selected customer. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { customerNumber } = await requireScreen(request, context, 'helpArticle')
  const article = helpArticle(params.slug ?? '')
  if (!article) throw new Response(NOT_FOUND, { status: 404 })
  return {
    title: article.title,
    summary: article.summary,
    html: renderArticle(article.body, customerNumber),
    indexHref: withCustomer(screenPath('help'), customerNumber),
  }
}

export default function HelpArticle() {
  const { title, summary, html, indexHref } = useLoaderData<typeof loader>()
  return (
    <article aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="max-w-3xl text-lg text-gray-800">{summary}</p>
      {/* Rendered on the server from the portal's own articles, with HTML in them escaped (render.server.ts). */}
      <div className="help-article" dangerouslySetInnerHTML={{ __html: html }} />
      <p>
        <PortalLink to={indexHref}>All help articles</PortalLink>
      </p>
    </article>
  )
}

export const ErrorBoundary = RouteErrorPage
