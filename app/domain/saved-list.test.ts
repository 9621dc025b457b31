import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseSavedList, SAVED_LIST_MAX_LENGTH } from './saved-list'

const rule = z.object({ name: z.string(), address: z.string() })

describe('parseSavedList', () => {
  it('reads the entries of a JSON array as the item schema outputs them', () => {
    const text = JSON.stringify([
      { name: 'a', address: '192.0.2.1', extra: true },
      { name: 'b', address: '::1' },
    ])
    expect(parseSavedList(text, rule)).toEqual([
      { name: 'a', address: '192.0.2.1' },
      { name: 'b', address: '::1' },
    ])
  })

  it('drops the entries that do not match', () => {
    const text = JSON.stringify([{ name: 'a', address: '192.0.2.1' }, { name: 1 }, null, 'x', ['a']])
    expect(parseSavedList(text, rule)).toEqual([{ name: 'a', address: '192.0.2.1' }])
    expect(parseSavedList(JSON.stringify(['alice', 7, 'bob']), z.string())).toEqual(['alice', 'bob'])
  })

  it('reads an empty list as an empty list', () => {
    expect(parseSavedList('[]', z.string())).toEqual([])
  })

  it('keeps at most maxItems entries', () => {
    expect(parseSavedList(JSON.stringify(['a', 1, 'b', 'c']), z.string(), 2)).toEqual(['a', 'b'])
  })

  it.each([
    ['a missing field', undefined],
    ['a file or other non-text value', 42],
    ['text that is not JSON', 'not json'],
    ['a JSON object', '{"a":1}'],
    ['a JSON string', '"[]"'],
    ['JSON null', 'null'],
    ['text over the length limit', JSON.stringify(['x'.repeat(SAVED_LIST_MAX_LENGTH)])],
  ])('gives undefined for %s', (_label, text) => {
    expect(parseSavedList(text, z.string())).toBeUndefined()
  })
})
