/**
 * The licence file a change will give, against the current one: the lines
 * removed and added, in file order (a line diff by longest common subsequence).
 * The issue day and the signatures that depend on it are not differences: a
 * file generated today for the same activations counts as unchanged.
 */

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string }

/** A line as compared: without its ISSUED day and SIGN value. */
function comparable(line: string): string {
  return line
    .replace(/ISSUED=\S+/g, 'ISSUED=')
    .replace(/SIGN=("[^"]*"|\S+)/g, 'SIGN=')
    .replace(/^# Issued \S+;/, '# Issued;')
}

export function licenseDiff(current: string, proposed: string): DiffLine[] {
  const a = current ? current.replace(/\n$/, '').split('\n') : []
  const b = proposed ? proposed.replace(/\n$/, '').split('\n') : []
  const ka = a.map(comparable)
  const kb = b.map(comparable)
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] = ka[i] === kb[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  const lines: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && ka[i] === kb[j]) {
      lines.push({ kind: 'same', text: b[j] })
      i++
      j++
    } else if (i < a.length && (j === b.length || lengths[i + 1][j] >= lengths[i][j + 1])) {
      lines.push({ kind: 'removed', text: a[i++] })
    } else {
      lines.push({ kind: 'added', text: b[j++] })
    }
  }
  return lines
}

/** Whether a diff changes anything. */
export const diffChanges = (lines: readonly DiffLine[]) => lines.some((line) => line.kind !== 'same')
