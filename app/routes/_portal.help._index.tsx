import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { requireScreen } from '../guards/screen.server'
import { helpArticles } from '../help/articles.server'
import { searchHelp } from '../help/search.server'
import { helpAreas } from '../help/areas'
import { helpPageName } from '../help/titles'
import { withCustomer } from '../ui/customer-href'
import { PortalLink } from '../ui/portal-link'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

export const meta = screenMeta(helpPageName())

/** Results shown for one search. */
const RESULTS_SHOWN = 10
/** The longest search read: a question, not a document. */
const QUERY_MAX = 200

/** The articles by menu area, and the ranked results of `?q=`. Signed in is enough; a selected customer is kept. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { customerNumber } = await requireScreen(request, context, 'help')
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, QUERY_MAX)
  const link = (article: { href: string; title: string; summary: string }) => ({
    href: withCustomer(article.href, customerNumber),
    title: article.title,
    summary: article.summary,
  })
  return {
    q,
    customerNumber,
    results: q ? searchHelp(q, RESULTS_SHOWN).map(link) : null,
    areas: helpAreas([...helpArticles().values()]).map((area) => ({
      label: area.label,
      articles: area.articles.map(link),
    })),
  }
}

type ArticleLink = { href: string; title: string; summary: string }

export default function HelpIndex() {
  const { q, customerNumber, results, areas } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-3xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Help
      </h1>
      <p>How each screen of the portal works, and step-by-step guides to common tasks.</p>
      <Form method="get" role="search" aria-label="Help articles" className="flex flex-wrap items-end gap-2">
        {customerNumber ? <input type="hidden" name="customer" value={customerNumber} /> : null}
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">Search the help articles</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={QUERY_MAX}
            className="input w-full"
            placeholder="e.g. rehost a licence server"
          />
        </label>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {results ? (
        <section aria-labelledby="results-title" className="space-y-2">
          <h2 id="results-title" className="text-lg font-semibold">
            Results for ‘{q}’
          </h2>
          {results.length === 0 ? (
            <p role="status">No article matches ‘{q}’. Try other words, or browse the articles below.</p>
          ) : (
            <ArticleList articles={results} ordered />
          )}
        </section>
      ) : null}
      {areas.map((area, index) => (
        <section key={area.label} aria-labelledby={`area-${index}`} className="space-y-2">
          <h2 id={`area-${index}`} className="text-lg font-semibold">
            {area.label}
          </h2>
          <ArticleList articles={area.articles} />
        </section>
      ))}
    </section>
  )
}

function ArticleList({ articles, ordered = false }: { articles: ArticleLink[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul'
  return (
    <List className="space-y-2">
      {articles.map((article) => (
        <li key={article.href}>
          <PortalLink to={article.href} className="font-medium">
            {article.title}
          </PortalLink>
          <p className="text-sm text-gray-700">{article.summary}</p>
        </li>
      ))}
    </List>
  )
}

export const ErrorBoundary = RouteErrorPage
