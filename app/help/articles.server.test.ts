import { describe, expect, it } from 'vitest'
import { helpArticle, helpArticles } from './articles.server'
import { NOTICE_PATHS } from '../screens/notice-pages'
import { SCREEN_IDS, screenDef, screenPath, type ScreenId } from '../screens/registry'

const ARTICLES = [...helpArticles().values()]

/** The portal paths an article's Markdown links to ('/ssl?x=1' is '/ssl'). */
const linkedPaths = (markdown: string) =>
  [...markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1].split(/[?#]/)[0])

const NOTICE = new Set<string>(Object.values(NOTICE_PATHS))
const HELP_SCREENS: readonly ScreenId[] = ['help', 'helpArticle']

/** The screens a user opens by name: every registry screen with a title but the notice pages and help itself. */
const NAMED_SCREENS = SCREEN_IDS.filter(
  (id) => screenDef(id).title && !NOTICE.has(screenPath(id)) && !HELP_SCREENS.includes(id),
)
/** The addresses an article may link to: the screens' own (not a record's) and the articles'. */
const SCREEN_PATHS = new Set(SCREEN_IDS.filter((id) => !screenDef(id).param).map(screenPath))

describe('the help articles', () => {
  it('are read from docs/help, each with a title, a one-sentence summary and keywords', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(30)
    for (const article of ARTICLES) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(article.href).toBe(`/help/${article.slug}`)
      expect(article.summary, article.slug).toMatch(/^[A-Z].*\.$/)
      expect(article.keywords.length, article.slug).toBeGreaterThan(2)
      expect(article.body.length, article.slug).toBeGreaterThan(200)
    }
  })

  it('name only screens of the registry', () => {
    for (const article of ARTICLES) {
      for (const screen of article.screens) expect(SCREEN_IDS, article.slug).toContain(screen)
    }
  })

  it('cover every screen with a title: a new screen without an article fails here', () => {
    const covered = new Set(ARTICLES.flatMap((article) => article.screens))
    expect(NAMED_SCREENS.length).toBeGreaterThan(20)
    expect(NAMED_SCREENS.filter((id) => !covered.has(id))).toEqual([])
  })

  it('link only to screens of the registry and to other articles', () => {
    for (const article of ARTICLES) {
      const paths = linkedPaths(article.body)
      for (const path of paths) {
        if (path.startsWith('/help/')) expect(helpArticle(path.slice('/help/'.length)), path).toBeDefined()
        else expect([...SCREEN_PATHS], `${article.slug} links to ${path}`).toContain(path)
      }
    }
  })

  it('say where a screen article’s screen is, with a link to it', () => {
    for (const article of ARTICLES.filter((a) => a.screens.length > 0)) {
      const where = article.body.split('\n').find((line) => line.startsWith('**Where:**'))
      expect(where, article.slug).toMatch(/\]\(\//)
    }
  })

  it('are British in their prose: the noun is licence (licensing is British too), outside names the portal shows', () => {
    for (const article of ARTICLES) {
      const prose = article.body
        .replace(/`[^`]*`/g, '')
        .replace(/\]\([^)]*\)/g, ']')
        .replace(/Elastic License Server|License Model|Upload from license/g, '')
      expect(prose.match(/\blicenses?\b/gi) ?? [], article.slug).toEqual([])
    }
  })

  it('is undefined for an unknown address', () => {
    expect(helpArticle('no-such-article')).toBeUndefined()
    expect(helpArticle('../package')).toBeUndefined()
  })
})
