import { describe, expect, it } from 'vitest'
import { hasControlCharacter, startsLikeFormula } from './free-text'

describe('hasControlCharacter', () => {
  it('finds C0 controls, DEL and C1 controls anywhere', () => {
    for (const text of ['a\u0000b', 'line\nbreak', 'tab\there', 'cr\r', '\u001bescape', 'del\u007f', 'c1\u0085'])
      expect([text, hasControlCharacter(text)]).toEqual([text, true])
  })

  it('passes printable text in any script, spaces included', () => {
    for (const text of ['Ansys Fluent', 'j.müller', 'ws-01.example', '東京', 'a b', '', 'x\u00a0y'])
      expect([text, hasControlCharacter(text)]).toEqual([text, false])
  })
})

describe('startsLikeFormula', () => {
  it('refuses a leading =, +, - or @', () => {
    for (const text of ['=1+1', '=HYPERLINK("x")', '+cmd', '-cmd', '@SUM(A1)', '-', '@'])
      expect([text, startsLikeFormula(text)]).toEqual([text, true])
  })

  it('passes plain numbers and those characters further in', () => {
    for (const text of ['-5', '+12', '-0.5', 'a=b', 'user@example.com', 'ws-01', 'C++', ''])
      expect([text, startsLikeFormula(text)]).toEqual([text, false])
  })
})
