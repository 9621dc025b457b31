import { describe, expect, it } from 'vitest'
import { diffChanges, licenseDiff } from './license-diff'

const file = (issued: string, lines: string[]) =>
  [`# Issued ${issued}; every INCREMENT line is signed by this portal's key.`, 'SERVER h 00155d0a1b2c 1055', ...lines]
    .join('\n')
    .concat('\n')

const inc = (feature: string, count: number, issued: string) =>
  `INCREMENT ${feature} ansyslmd 2027.1231 31-dec-2027 ${count} ISSUED=${issued} SIGN="${feature}${count}${issued}"`

describe('licenseDiff', () => {
  it('lists the removed and added lines in file order', () => {
    const before = file('24-nov-2026', ['# 1. A', inc('a', 2, '24-nov-2026'), '# 2. B', inc('b', 1, '24-nov-2026')])
    const after = file('24-nov-2026', ['# 1. A', inc('a', 3, '24-nov-2026'), '# 2. B', inc('b', 1, '24-nov-2026')])
    const changed = licenseDiff(before, after).filter((l) => l.kind !== 'same')
    expect(changed).toEqual([
      { kind: 'removed', text: inc('a', 2, '24-nov-2026') },
      { kind: 'added', text: inc('a', 3, '24-nov-2026') },
    ])
  })

  it('does not count another issue day or its signatures as a change', () => {
    const before = file('01-nov-2026', ['# 1. A', inc('a', 2, '01-nov-2026')])
    const after = file('24-nov-2026', ['# 1. A', inc('a', 2, '24-nov-2026')])
    expect(diffChanges(licenseDiff(before, after))).toBe(false)
  })

  it('shows a whole new file as added and a file emptied as removed', () => {
    const text = file('24-nov-2026', [inc('a', 1, '24-nov-2026')])
    expect(licenseDiff('', text).every((l) => l.kind === 'added')).toBe(true)
    expect(licenseDiff(text, '').every((l) => l.kind === 'removed')).toBe(true)
    expect(licenseDiff('', '')).toEqual([])
  })
})
