import { NAV_GROUPS, SCREEN_IDS, screenDef, type NavGroupId, type ScreenId } from '../screens/registry'

/** The heading of articles about no screen of a menu group (home, the grids, the portal as a whole). */
export const GENERAL_AREA = 'General'

interface Grouped {
  title: string
  screens: readonly string[]
}

/** The menu group a screen sits in, or its parent's. */
function groupOf(id: ScreenId): NavGroupId | undefined {
  const def = screenDef(id)
  return def.group ?? (def.parent ? groupOf(def.parent) : undefined)
}

const isScreenId = (id: string): id is ScreenId => (SCREEN_IDS as readonly string[]).includes(id)

/** The articles by menu area, in menu order after the general ones; each area's articles in title order. */
export function helpAreas<A extends Grouped>(articles: readonly A[]): { label: string; articles: A[] }[] {
  const labelOf = (article: A) => {
    const first = article.screens[0]
    const group = first && isScreenId(first) ? groupOf(first) : undefined
    return NAV_GROUPS.find((g) => g.id === group)?.label ?? GENERAL_AREA
  }
  return [GENERAL_AREA, ...NAV_GROUPS.map((g) => g.label)]
    .map((label) => ({
      label,
      articles: articles
        .filter((article) => labelOf(article) === label)
        .sort((a, b) => a.title.localeCompare(b.title, 'en-GB')),
    }))
    .filter((area) => area.articles.length > 0)
}
