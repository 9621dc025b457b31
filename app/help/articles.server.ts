/**
 * The help articles, read from docs/help once per process and kept: they ship
 * with the portal and hold no user data. Found from the project's folder, so the
 * compiled server reads the same files as the TypeScript source.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { projectPath } from '../../server/project-root'
import { parseArticle, type ArticleMeta } from './front-matter'
import { helpHref } from './links'

export interface HelpArticle extends ArticleMeta {
  /** The file's name without '.md': the article's address is /help/<slug>. */
  slug: string
  href: string
  /** The Markdown body. */
  body: string
}

const HELP_DIR = projectPath('docs', 'help')

let loaded: ReadonlyMap<string, HelpArticle> | undefined

/** Every article by slug, in title order. */
export function helpArticles(): ReadonlyMap<string, HelpArticle> {
  loaded ??= readArticles(HELP_DIR)
  return loaded
}

/** The article at /help/<slug>, or undefined. */
export function helpArticle(slug: string): HelpArticle | undefined {
  return helpArticles().get(slug)
}

function readArticles(dir: string): ReadonlyMap<string, HelpArticle> {
  const articles = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const slug = file.slice(0, -'.md'.length)
      try {
        const { meta, body } = parseArticle(readFileSync(`${dir}/${file}`, 'utf8'))
        return { ...meta, slug, href: helpHref(slug), body }
      } catch (error) {
        throw new Error(`docs/help/${file}: ${(error as Error).message}`)
      }
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'en-GB'))
  return new Map(articles.map((article) => [article.slug, article]))
}
