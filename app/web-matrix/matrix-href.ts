/** The matrix's address: the customer, the users' search and the page. */

export interface MatrixQuery {
  /** Finds users by name, e-mail or group. */
  q: string
  page: number
}

const MAX_QUERY_LENGTH = 200

export function matrixQuery(url: URL): MatrixQuery {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  const page = Number.parseInt(url.searchParams.get('page') ?? '', 10)
  return { q, page: Number.isSafeInteger(page) && page > 1 ? page : 1 }
}

/** `href` (the screen's address with the customer) with the search and the page. */
export function matrixPageHref(href: string, query: MatrixQuery): string {
  const url = new URL(href, 'http://portal')
  if (query.q) url.searchParams.set('q', query.q)
  if (query.page > 1) url.searchParams.set('page', String(query.page))
  return url.pathname + url.search
}
