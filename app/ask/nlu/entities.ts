/**
 * What a question names: a period, a breakdown ('by product'), the customer's products, hosts,
 * users and projects and the customers the user may select, and the words left over (the topic of
 * e-mails and how-to questions).
 */
import type { AskEntities, AskNames, NameEntry } from '../types'
import { findName } from './match-name'
import { findPeriod } from './period'
import { tokens } from './text'

export interface FoundEntities {
  entities: AskEntities
  /** The question's words that named nothing and are not filler: what is left to classify or to search. */
  rest: string[]
}

const GROUP_BY = /\b(?:by|per|for each|each|broken down by|split by|grouped by)\s+(product|user|project)s?\b/i

const NAME_KINDS: [keyof AskNames, 'product' | 'host' | 'user' | 'project' | 'customer'][] = [
  ['customers', 'customer'],
  ['products', 'product'],
  ['hosts', 'host'],
  ['users', 'user'],
  ['projects', 'project'],
]

/** Words that say nothing of the topic. */
const FILLER = new Set(
  `a about also an and any are as at be by can could did do does for from get got had has have how i in is it me my
  of on or our please regarding sent send show some that the then there these this to us was we were what whats when
  where which who why will with you your e email emails mail mails message messages steps instructions help find search
  what's about same but now ok okay`.split(/\s+/),
)

const blank = (text: string, index: number, length: number) =>
  text.slice(0, index) + ' '.repeat(length) + text.slice(index + length)

export function findEntities(question: string, names: AskNames, now: number): FoundEntities {
  const entities: AskEntities = {}
  let text = question
  const period = findPeriod(text, now)
  if (period) {
    entities.period = period.period
    text = blank(text, period.index, period.length)
  }
  const group = GROUP_BY.exec(text)
  if (group) {
    entities.groupBy = group[1].toLowerCase() as AskEntities['groupBy']
    text = blank(text, group.index, group[0].length)
  }
  const words = tokens(text)
  const taken: boolean[] = words.map(() => false)
  const open = new Map(NAME_KINDS.filter(([list]) => names[list].length > 0))
  // The longest, then best, match of any kind first; the others may not reuse its words.
  while (open.size > 0) {
    let best: { list: keyof AskNames; start: number; end: number; score: number; value: string } | undefined
    for (const [list] of open) {
      const hit = findName(words, names[list] as NameEntry[], taken)
      if (!hit) continue
      const length = hit.end - hit.start
      if (!best || length > best.end - best.start || (length === best.end - best.start && hit.score > best.score)) {
        best = { list, ...hit }
      }
    }
    if (!best) break
    entities[open.get(best.list)!] = best.value
    open.delete(best.list)
    for (let i = best.start; i < best.end; i++) taken[i] = true
  }
  const rest = words.filter((w, i) => !taken[i] && !FILLER.has(w))
  if (rest.length > 0) entities.topic = rest.join(' ')
  return { entities, rest }
}
