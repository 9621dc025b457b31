/**
 * What text the licensing API stores: never a control character (C0, DEL, C1),
 * so a NUL or a line break cannot end up in a list, a CSV file or a licence
 * file; and an identifier (a product, user, host or project a licence server
 * reports) never starts as a spreadsheet formula would (=, +, - or @), unless
 * it is a plain number.
 */

const CONTROL_CHARACTER = /\p{Cc}/u
const FORMULA_START = /^[=+\-@]/
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

export const FREE_TEXT_MESSAGES = {
  control: 'must not contain control characters (such as line breaks, tabs or NUL)',
  formula: 'must not start with =, +, - or @',
} as const

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

/** Whether a spreadsheet would read the text as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)
}
