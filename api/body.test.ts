import { describe, expect, it } from 'vitest'
import { jsonDepth, parseJsonBody } from './body'
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from './constants'

const status = (text: string | undefined) => {
  try {
    parseJsonBody(text)
    return 200
  } catch (error) {
    return (error as { status: number }).status
  }
}

describe('the body rules', () => {
  it('counts how deeply objects and arrays nest, not brackets inside strings', () => {
    expect(jsonDepth('{}')).toBe(1)
    expect(jsonDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4)
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1)
    expect(jsonDepth('{"a":"quote \\" then [[[","b":[[]]}')).toBe(3)
    expect(jsonDepth('["\\\\",[["x"]]]')).toBe(3)
  })

  it('takes a JSON object or array nested to the limit; no body is {}', () => {
    expect(parseJsonBody(undefined)).toEqual({})
    expect(parseJsonBody('')).toEqual({})
    expect(parseJsonBody(' \n{"a":[1]}')).toEqual({ a: [1] })
    expect(status('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(200)
  })

  it('refuses deeper nesting, other top-level values, broken JSON (400) and too large a body (413)', () => {
    expect(status('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(400)
    expect(status('['.repeat(5000))).toBe(400)
    for (const text of ['"a"', '42', 'null', 'true', '   ', '{"a":']) expect(status(text), text).toBe(400)
    expect(status(`{"a":"${'é'.repeat(BODY_LIMIT_BYTES / 2)}"}`)).toBe(413)
  })
})
