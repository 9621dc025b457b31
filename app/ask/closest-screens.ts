/**
 * The screens closest to a question's words, for an answer that is not sure: each screen of the
 * registry with a title (not the notice pages), scored by the question's words its title or menu
 * group holds, best first.
 */
import { NAV_GROUPS, SCREEN_IDS, screenDef, type ScreenId } from '../screens/registry'
import { NOTICE_PATHS } from '../screens/notice-pages'

const NOTICES = new Set<string>(Object.values(NOTICE_PATHS))
const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'how',
  'what',
  'who',
  'when',
  'where',
  'which',
  'show',
  'many',
  'much',
])

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w))

/** A word matches another when one starts with the other ('licence' and 'licensing' share 'licen'). */
const stemMatch = (a: string, b: string) => {
  const n = Math.min(a.length, b.length, 5)
  return a.slice(0, n) === b.slice(0, n)
}

export function closestScreens(question: string, limit = 3): ScreenId[] {
  const asked = words(question)
  if (asked.length === 0) return []
  const scored = SCREEN_IDS.flatMap((id) => {
    const def = screenDef(id)
    if (!def.title || def.param || NOTICES.has(def.path)) return []
    const group = NAV_GROUPS.find((g) => g.id === def.group)?.label ?? ''
    const own = words(`${def.title} ${group}`)
    const score = asked.filter((w) => own.some((o) => stemMatch(w, o))).length
    return score > 0 ? [{ id, score }] : []
  })
  return scored
    .sort((a, b) => b.score - a.score || SCREEN_IDS.indexOf(a.id) - SCREEN_IDS.indexOf(b.id))
    .slice(0, limit)
    .map((s) => s.id)
}
