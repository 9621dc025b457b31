/** Words of a question as the matchers compare them: lower case, no accents, split at anything but letters and digits. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b: optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array(rows * cols).fill(0)
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2] + 1)
      d[i * cols + j] = v
    }
  }
  return d[rows * cols - 1]
}

/** The numbers a word holds, leading zeros dropped: 'lic01' and 'lic1' hold the same one. */
const numbersIn = (word: string) => (word.match(/\d+/g) ?? []).map((n) => String(Number(n))).join(' ')

/**
 * How alike two words are, 0 to 1: 1 when equal; a typo's worth of edits (one in a word of 4 to 7
 * letters, two from 8) gives 1 - edits / length; anything more, and any other change to a word of 3 letters
 * or fewer or to its numbers ('lic01' is not 'lic02', but 'lic1' may be 'lic01'), gives 0.
 */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1
  const length = Math.max(a.length, b.length)
  // 'hfs' for 'hfss': a short word only as the name cut short by a letter.
  if (Math.min(a.length, b.length) <= 3) {
    const [short, long] = a.length < b.length ? [a, b] : [b, a]
    return short.length === 3 && long.length === 4 && long.startsWith(short) ? 0.75 : 0
  }
  if (numbersIn(a) !== numbersIn(b)) return 0
  const edits = editDistance(a, b)
  const allowed = length >= 8 ? 2 : 1
  return edits > allowed ? 0 : 1 - edits / length
}
