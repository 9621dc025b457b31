/**
 * How the help index reads a word, the same for articles and searches: lower
 * case, the US spelling of licence as the British one, and the little words of a
 * question ('how do I …') left out, so they neither match nor weigh.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from how i in into is it its me my of on or ' +
    'our the their this to was what when where which who why will with you your'
  ).split(' '),
)

export function searchTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/^licens/, 'licenc')
  return STOP_WORDS.has(word) ? null : word
}
