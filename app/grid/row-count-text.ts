/** The grid's row count in words: '1 email', '3 emails', '1 email matches the filters'. */
export function rowCountText(total: number, pluralNoun: string, filtered: boolean): string {
  const one = total === 1
  const noun = one ? pluralNoun.replace(/s$/, '') : pluralNoun
  const count = `${total.toLocaleString('en-US')} ${noun}`
  if (!filtered) return count
  return `${count} ${one ? 'matches' : 'match'} the filters`
}
