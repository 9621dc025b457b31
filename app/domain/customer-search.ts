/**
 * Customer selection: parsing the text typed in the toolbar search box into an
 * account filter (for POST /api/getaccounts and /api/getaccounts/count), the
 * display format of a customer and the selector's messages.
 */

export type AccountField = 'AccountID' | 'AccountName'
export type AccountCriterion = {
  name: AccountField
  method: 'EQUALS' | 'CONTAINS'
  value: string
  casefold?: boolean
}
export type AccountFilter = { condition: 'ALL' | 'ANY'; criteria: AccountCriterion[] }

export type CustomerSearchResult = { ok: true; filter: AccountFilter } | { ok: false; error: 'invalidFilter' }

export const CUSTOMER_SEARCH_MESSAGES = {
  tooManyCustomers: 'Too many accounts found. Filter by account ID or name.',
  zeroCustomers: 'No account found.',
  invalidFilter: 'Invalid filter text. Filter by account ID or name.',
} as const

/** The service's customer list maximum: a count at or above it is too many. */
export const CUSTOMER_LIST_MAX = 500
export const CUSTOMER_SEARCH_MAX_LENGTH = 100
/** How many customers the search result page lists at most. */
export const CUSTOMER_RESULTS_SHOWN = 100
/** Pause before the typed text is checked (ms). */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 1000

/** Letters and marks of any script, digits, space and . , & ' - _ / + ( ) # @ */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} .,&'\-_/+()#@]*$/u
const CONTROL = /\p{Cc}/u
/** The display format: 'number (name)'. */
const DISPLAY_FORMAT = /^([^\s()]+)\s+\(([^()]*)\)$/u

function parenthesesValid(text: string): boolean {
  let depth = 0
  for (const ch of text) {
    if (ch === '(') {
      depth += 1
      if (depth > 1) return false
    } else if (ch === ')') {
      depth -= 1
      if (depth < 0) return false
    }
  }
  return depth === 0
}

const invalid: CustomerSearchResult = { ok: false, error: 'invalidFilter' }

function nameContains(value: string): CustomerSearchResult {
  return {
    ok: true,
    filter: { condition: 'ANY', criteria: [{ name: 'AccountName', method: 'CONTAINS', value, casefold: true }] },
  }
}

/**
 * Parses the customer search text.
 * - blank: no criteria (every account);
 * - 'number (name)': ALL of AccountID EQUALS number and AccountName EQUALS name (case-insensitive);
 * - a single token: ANY of AccountID CONTAINS and AccountName CONTAINS, case-insensitive,
 *   so both an account number and a word of the name find the account;
 * - text with spaces, or with a parenthesised part: AccountName CONTAINS the text, case-insensitive;
 * - longer than 100 characters, control characters, characters outside letters, digits,
 *   space and . , & ' - _ / + ( ) # @, or unbalanced or nested parentheses: invalidFilter.
 */
export function parseCustomerSearch(text: string | null | undefined): CustomerSearchResult {
  const raw = text ?? ''
  if (CONTROL.test(raw)) return invalid
  const value = raw.trim()
  if (value === '') return { ok: true, filter: { condition: 'ALL', criteria: [] } }
  if (value.length > CUSTOMER_SEARCH_MAX_LENGTH) return invalid
  if (!ALLOWED.test(value)) return invalid
  if (!parenthesesValid(value)) return invalid

  const display = DISPLAY_FORMAT.exec(value)
  if (display) {
    const [, number, rawName] = display
    const name = rawName.trim()
    // '12345 ()' (a display value with its name cleared) searches by the number part.
    if (name === '') return tokenSearch(number)
    return {
      ok: true,
      filter: {
        condition: 'ALL',
        criteria: [
          { name: 'AccountID', method: 'EQUALS', value: number },
          { name: 'AccountName', method: 'EQUALS', value: name, casefold: true },
        ],
      },
    }
  }

  if (value.includes(' ') || value.includes('(')) {
    const parenthesised = /^\(([^()]*)\)$/u.exec(value)
    const name = parenthesised ? parenthesised[1].trim() : value
    return name === '' ? invalid : nameContains(name)
  }

  return tokenSearch(value)
}

function tokenSearch(token: string): CustomerSearchResult {
  return {
    ok: true,
    filter: {
      condition: 'ANY',
      criteria: [
        { name: 'AccountID', method: 'CONTAINS', value: token, casefold: true },
        { name: 'AccountName', method: 'CONTAINS', value: token, casefold: true },
      ],
    },
  }
}

/** The display format of a customer: 'number (name)'; just the number when the name is blank. */
export function formatCustomer(number: string, name: string | null | undefined): string {
  const n = number.trim()
  const label = (name ?? '').trim()
  return label === '' ? n : `${n} (${label})`
}

/** Classifies an account count: none, too many (at or above the maximum) or fine (null). */
export function classifyCustomerCount(
  count: number,
  max: number = CUSTOMER_LIST_MAX,
): 'zeroCustomers' | 'tooManyCustomers' | null {
  if (!(count > 0)) return 'zeroCustomers'
  if (count >= max) return 'tooManyCustomers'
  return null
}
