import { describe, expect, it } from 'vitest'
import { takeLines } from './ndjson'

describe('newline-delimited JSON in pieces', () => {
  it('gives the complete lines and keeps a line cut in two for the next piece', () => {
    const first = takeLines('{"a":1}\n{"b":')
    expect(first).toEqual({ lines: ['{"a":1}'], rest: '{"b":' })
    expect(takeLines(`${first.rest}2}\n\n`)).toEqual({ lines: ['{"b":2}'], rest: '' })
  })

  it('gives nothing until a line ends', () => {
    expect(takeLines('{"a"')).toEqual({ lines: [], rest: '{"a"' })
  })
})
