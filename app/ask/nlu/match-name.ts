/**
 * Finds which of the customer's names (products, hosts, users, projects, customers) a question
 * mentions, tolerating typos ('fluetn'), run-together words ('lsdyna'), a name without the words
 * every name of its kind shares ('Mechanical Pro' for 'Ansys Mechanical Pro') and the start of a
 * longer name ('Borealis' for 'Borealis Motors'). The longest match wins; two names matched
 * equally well are ambiguous and match neither.
 */
import type { NameEntry } from '../types'
import { tokens, wordSimilarity } from './text'

export interface NameMatch {
  /** The entry's canonical value. */
  value: string
  /** 1 for the whole name as written; less for a typo, an alias or only its first words. */
  score: number
  /** The question's words that named it: [start, end) in `tokens(question)`. */
  start: number
  end: number
}

/** Below this a match is not taken. */
const MIN_SCORE = 0.6
/** Two different names scored this close, over as many words, are ambiguous. */
const AMBIGUITY_MARGIN = 0.05
/** An alias, rather than the name itself, scores this much less. */
const ALIAS_PENALTY = 0.06
/** Words that never name something on their own, when they are only the start of a longer name. */
const WEAK_WORDS = new Set(
  'a an and all any are by do for from how i in is it me my new of old on our the to us we what who web user users host hosts seat seats lab ci elastic licence license licences licenses server servers account admin admins viewer viewers support sales operator'.split(
    ' ',
  ),
)

interface Phrase {
  entry: number
  words: string[]
  alias: boolean
}

function phrasesOf(entries: NameEntry[]): Phrase[] {
  // Words most names of this kind share ('ansys', 'acme') are not needed to name one of them.
  const counts = new Map<string, number>()
  for (const entry of entries) for (const w of new Set(tokens(entry.value))) counts.set(w, (counts.get(w) ?? 0) + 1)
  const shared = (w: string) => entries.length >= 3 && (counts.get(w) ?? 0) >= entries.length * 0.8
  const phrases: Phrase[] = []
  entries.forEach((entry, i) => {
    ;[entry.value, ...entry.aliases].forEach((text, k) => {
      const words = tokens(text)
      if (words.length === 0) return
      phrases.push({ entry: i, words, alias: k > 0 })
      const distinctive = words.filter((w) => !shared(w))
      if (distinctive.length > 0 && distinctive.length < words.length)
        phrases.push({ entry: i, words: distinctive, alias: k > 0 })
    })
  })
  return phrases
}

/** The best way `phrase` is named by the question's words starting at `at`, if at all. */
function matchAt(words: string[], at: number, phrase: Phrase): { score: number; length: number } | undefined {
  const p = phrase.words
  const penalty = phrase.alias ? ALIAS_PENALTY : 0
  let best: { score: number; length: number } | undefined
  // Run together: 'lsdyna', 'spaceclaim'.
  if (p.length > 1) {
    const sim = wordSimilarity(words[at], p.join(''))
    if (sim > 0) best = { score: sim - penalty, length: 1 }
  }
  let sum = 0
  let m = 0
  while (m < p.length && at + m < words.length) {
    const sim = wordSimilarity(words[at + m], p[m])
    if (sim === 0) break
    sum += sim
    m++
  }
  if (m === 0) return best
  const matched = words.slice(at, at + m)
  if (m < p.length && matched.every((w) => WEAK_WORDS.has(w) || /^\d+$/.test(w))) return best
  if (m === p.length && m === 1 && WEAK_WORDS.has(matched[0])) return best
  const score = (sum / m) * (m === p.length ? 1 : 0.5 + (0.5 * m) / p.length) - penalty
  if (!best || m > best.length || (m === best.length && score > best.score)) best = { score, length: m }
  return best
}

/**
 * The name the words mention best, skipping words already `taken` by another entity; undefined when
 * none is likely enough or two are equally likely.
 */
export function findName(words: string[], entries: NameEntry[], taken: boolean[] = []): NameMatch | undefined {
  const byEntry = new Map<number, NameMatch>()
  for (const phrase of phrasesOf(entries)) {
    for (let at = 0; at < words.length; at++) {
      if (taken[at]) continue
      const hit = matchAt(words, at, phrase)
      if (!hit || hit.score < MIN_SCORE) continue
      if (words.slice(at, at + hit.length).some((_, k) => taken[at + k])) continue
      const current = byEntry.get(phrase.entry)
      const length = current ? current.end - current.start : 0
      if (!current || hit.length > length || (hit.length === length && hit.score > current.score)) {
        byEntry.set(phrase.entry, {
          value: entries[phrase.entry].value,
          score: hit.score,
          start: at,
          end: at + hit.length,
        })
      }
    }
  }
  const ranked = [...byEntry.values()].sort((a, b) => b.end - b.start - (a.end - a.start) || b.score - a.score)
  const [best, second] = ranked
  if (!best) return undefined
  if (
    second &&
    second.value !== best.value &&
    second.end - second.start === best.end - best.start &&
    best.score - second.score < AMBIGUITY_MARGIN
  ) {
    return undefined
  }
  return best
}

/** The customer's name a question mentions (see findName). */
export function matchName(text: string, entries: NameEntry[]): NameMatch | undefined {
  return findName(tokens(text), entries)
}
