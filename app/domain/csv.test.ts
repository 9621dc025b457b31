import { describe, expect, it } from 'vitest'
import { csvCell, csvDocument, csvRow, guardFormula } from './csv'

describe('CSV quoting (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Licence file for host 7')).toBe('Licence file for host 7')
    expect(csvCell(42)).toBe('42')
  })

  it('writes null and undefined as empty fields', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes fields with a comma, a quote, CR or LF and doubles the quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"')
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"')
  })

  it('ends every row with CRLF and joins fields with commas', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n')
    expect(csvDocument(['Date', 'Subject'], [['05-Mar-2026', 'Hello']])).toBe('Date,Subject\r\n05-Mar-2026,Hello\r\n')
  })
})

describe('formula guard', () => {
  it.each(['=SUM(A1:A9)', '+1+1', '-2+3', '@cmd', '\tTAB', '\rCR'])('prefixes %j with an apostrophe', (text) => {
    expect(guardFormula(text)).toBe(`'${text}`)
  })

  it('leaves other text alone, including signs later in the text', () => {
    expect(guardFormula('a=b')).toBe('a=b')
    expect(guardFormula(' =1')).toBe(' =1')
    expect(guardFormula('')).toBe('')
  })

  it('guards before quoting, so the apostrophe sits inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe('"\'=HYPERLINK(""http://x.example"",""click"")"')
    expect(csvCell('\rline')).toBe('"\'\rline"')
  })

  it('guards numbers that start with a minus sign as text too', () => {
    expect(csvCell(-5)).toBe("'-5")
  })
})
