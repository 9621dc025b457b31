/**
 * CSV text as RFC 4180 describes it (comma separated, CRLF line ends, fields
 * with a comma, quote, CR or LF quoted and their quotes doubled), plus a guard
 * against spreadsheet formula injection: a cell starting with = + - @, a tab or
 * a carriage return gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it.
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** Neutralises text a spreadsheet would treat as a formula. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

export function csvCell(value: unknown): string {
  const text = guardFormula(value === null || value === undefined ? '' : String(value))
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** A whole CSV document (header row first). */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvRow).join('')
}
