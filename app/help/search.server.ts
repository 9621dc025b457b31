/**
 * The help articles' full-text index (MiniSearch, decision 0031), built once per
 * process from the articles: ranked by BM25, the title and keywords weighing
 * most, with prefix search ('thresh') and typo tolerance ('licence fle').
 */
import MiniSearch from 'minisearch'
import { helpArticles } from './articles.server'
import { searchTerm } from './terms'

export interface HelpHit {
  slug: string
  title: string
  href: string
  summary: string
  /** MiniSearch's relevance: higher is better, comparable within one query only. */
  score: number
}

interface IndexedArticle {
  slug: string
  title: string
  summary: string
  keywords: string
  body: string
  href: string
}

let index: MiniSearch<IndexedArticle> | undefined

function helpIndex(): MiniSearch<IndexedArticle> {
  if (index) return index
  const built = new MiniSearch<IndexedArticle>({
    idField: 'slug',
    fields: ['title', 'keywords', 'summary', 'body'],
    storeFields: ['title', 'summary', 'href'],
    processTerm: searchTerm,
    searchOptions: {
      boost: { title: 4, keywords: 3, summary: 1.5 },
      prefix: (term) => term.length >= 3,
      // One typo in a word of 4 letters or more, two from 9 ('licence fle' still finds 'file').
      fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 3 ? 1 : false),
      combineWith: 'OR',
    },
  })
  built.addAll(
    [...helpArticles().values()].map((article) => ({
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      keywords: article.keywords.join(' '),
      body: plainText(article.body),
      href: article.href,
    })),
  )
  index = built
  return built
}

/** The articles that best answer a question or search, best first. */
export function searchHelp(query: string, limit = 5): HelpHit[] {
  if (query.trim() === '') return []
  return helpIndex()
    .search(query)
    .slice(0, limit)
    .map((hit) => ({
      slug: String(hit.id),
      title: String(hit.title),
      href: String(hit.href),
      summary: String(hit.summary),
      score: hit.score,
    }))
}

/** Markdown without its link targets and markup characters, for the index. */
function plainText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/[#*_`>[\]|]/g, ' ')
}
