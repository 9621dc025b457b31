import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_LIST_MAX,
  CUSTOMER_SEARCH_MESSAGES,
  classifyCustomerCount,
  formatCustomer,
  parseCustomerSearch,
} from './customer-search'

const tokenFilter = (token: string) => ({
  ok: true,
  filter: {
    condition: 'ANY',
    criteria: [
      { name: 'AccountID', method: 'CONTAINS', value: token, casefold: true },
      { name: 'AccountName', method: 'CONTAINS', value: token, casefold: true },
    ],
  },
})

const nameFilter = (name: string) => ({
  ok: true,
  filter: { condition: 'ANY', criteria: [{ name: 'AccountName', method: 'CONTAINS', value: name, casefold: true }] },
})

const invalid = { ok: false, error: 'invalidFilter' }

describe('parseCustomerSearch', () => {
  describe('blank text', () => {
    it.each(['', '   ', null, undefined])('%j matches every account', (text) => {
      expect(parseCustomerSearch(text)).toEqual({ ok: true, filter: { condition: 'ALL', criteria: [] } })
    })
  })

  describe("'number (name)'", () => {
    it('matches both exactly, the name case-insensitively', () => {
      expect(parseCustomerSearch('1000001 (Acme Engineering)')).toEqual({
        ok: true,
        filter: {
          condition: 'ALL',
          criteria: [
            { name: 'AccountID', method: 'EQUALS', value: '1000001' },
            { name: 'AccountName', method: 'EQUALS', value: 'Acme Engineering', casefold: true },
          ],
        },
      })
    })

    it('trims the text and the name', () => {
      const result = parseCustomerSearch('  1000001   (  Acme  )  ')
      expect(result.ok && result.filter.criteria.map((c) => c.value)).toEqual(['1000001', 'Acme'])
    })

    it('round-trips the display format', () => {
      const result = parseCustomerSearch(formatCustomer('77', "O'Neil & Sons, Inc."))
      expect(result.ok && result.filter.condition).toBe('ALL')
      expect(result.ok && result.filter.criteria[1].value).toBe("O'Neil & Sons, Inc.")
    })

    it('searches by the number when the name is empty', () => {
      expect(parseCustomerSearch('1000001 ()')).toEqual(tokenFilter('1000001'))
      expect(parseCustomerSearch('1000001 (  )')).toEqual(tokenFilter('1000001'))
    })
  })

  describe('a single token', () => {
    it('searches the id and the name, so a number or a word both work', () => {
      expect(parseCustomerSearch('10000')).toEqual(tokenFilter('10000'))
      expect(parseCustomerSearch('acme')).toEqual(tokenFilter('acme'))
      expect(parseCustomerSearch('  acme  ')).toEqual(tokenFilter('acme'))
    })

    it('accepts the allowed punctuation', () => {
      for (const token of ["O'Neil", 'A&B', 'x.y,z', 'a-b_c', 'a/b+c', '#1', 'me@corp']) {
        expect(parseCustomerSearch(token)).toEqual(tokenFilter(token))
      }
    })

    it('accepts letters and digits of any script', () => {
      expect(parseCustomerSearch('Müller')).toEqual(tokenFilter('Müller'))
      expect(parseCustomerSearch('東京')).toEqual(tokenFilter('東京'))
      expect(parseCustomerSearch('Ελλάδα')).toEqual(tokenFilter('Ελλάδα'))
      expect(parseCustomerSearch('हिन्दी')).toEqual(tokenFilter('हिन्दी'))
      expect(parseCustomerSearch('١٢٣')).toEqual(tokenFilter('١٢٣'))
    })
  })

  describe('a name', () => {
    it('takes text with spaces as a name', () => {
      expect(parseCustomerSearch('Acme Engineering')).toEqual(nameFilter('Acme Engineering'))
    })

    it('takes a parenthesised name', () => {
      expect(parseCustomerSearch('(Acme Engineering)')).toEqual(nameFilter('Acme Engineering'))
      expect(parseCustomerSearch('( acme )')).toEqual(nameFilter('acme'))
    })

    it('takes text with a parenthesised part that is not the display format as a name', () => {
      expect(parseCustomerSearch('Acme (Europe) Ltd')).toEqual(nameFilter('Acme (Europe) Ltd'))
      expect(parseCustomerSearch('Acme(Europe)')).toEqual(nameFilter('Acme(Europe)'))
      expect(parseCustomerSearch('1000 2000 (Acme)')).toEqual(nameFilter('1000 2000 (Acme)'))
    })

    it('refuses empty parentheses alone', () => {
      expect(parseCustomerSearch('()')).toEqual(invalid)
      expect(parseCustomerSearch('(  )')).toEqual(invalid)
    })
  })

  describe('invalid text', () => {
    it.each([
      ['an unclosed parenthesis', '1000 (Acme'],
      ['a stray closing parenthesis', 'Acme)'],
      ['closing before opening', ')Acme('],
      ['nested parentheses', '1000 (Acme (Europe))'],
      ['a tab', 'acme\tcorp'],
      ['a newline', 'acme\n'],
      ['a leading control character', '\u0007acme'],
      ['a NUL', 'ac\u0000me'],
      ['a disallowed symbol', 'acme;drop'],
      ['a percent sign', '100%'],
      ['a star', 'acm*'],
      ['quotes', '"acme"'],
      ['an emoji', 'acme 🚀'],
    ])('refuses %s', (_, text) => {
      expect(parseCustomerSearch(text)).toEqual(invalid)
    })

    it('refuses more than 100 characters but accepts exactly 100', () => {
      expect(parseCustomerSearch('a'.repeat(101))).toEqual(invalid)
      expect(parseCustomerSearch('a'.repeat(100))).toEqual(tokenFilter('a'.repeat(100)))
    })

    it('counts the length after trimming', () => {
      expect(parseCustomerSearch(`  ${'a'.repeat(100)}  `)).toEqual(tokenFilter('a'.repeat(100)))
    })
  })
})

describe('formatCustomer', () => {
  it("formats 'number (name)'", () => {
    expect(formatCustomer('1000001', 'Acme Engineering')).toBe('1000001 (Acme Engineering)')
    expect(formatCustomer(' 1000001 ', ' Acme ')).toBe('1000001 (Acme)')
  })

  it('shows just the number without a name', () => {
    expect(formatCustomer('1000001', '')).toBe('1000001')
    expect(formatCustomer('1000001', null)).toBe('1000001')
    expect(formatCustomer('1000001', undefined)).toBe('1000001')
  })
})

describe('classifyCustomerCount', () => {
  it('reports zero customers', () => {
    expect(classifyCustomerCount(0)).toBe('zeroCustomers')
    expect(classifyCustomerCount(-1)).toBe('zeroCustomers')
    expect(classifyCustomerCount(Number.NaN)).toBe('zeroCustomers')
  })

  it('reports too many at or above the maximum', () => {
    expect(classifyCustomerCount(CUSTOMER_LIST_MAX)).toBe('tooManyCustomers')
    expect(classifyCustomerCount(CUSTOMER_LIST_MAX + 1)).toBe('tooManyCustomers')
    expect(classifyCustomerCount(Number.POSITIVE_INFINITY)).toBe('tooManyCustomers')
  })

  it('accepts counts in between', () => {
    expect(classifyCustomerCount(1)).toBeNull()
    expect(classifyCustomerCount(CUSTOMER_LIST_MAX - 1)).toBeNull()
  })

  it('takes another maximum', () => {
    expect(classifyCustomerCount(10, 10)).toBe('tooManyCustomers')
    expect(classifyCustomerCount(9, 10)).toBeNull()
  })

  it('has the selector messages', () => {
    expect(CUSTOMER_LIST_MAX).toBe(500)
    expect(CUSTOMER_SEARCH_MESSAGES).toEqual({
      tooManyCustomers: 'Too many accounts found. Filter by account ID or name.',
      zeroCustomers: 'No account found.',
      invalidFilter: 'Invalid filter text. Filter by account ID or name.',
    })
  })
})
