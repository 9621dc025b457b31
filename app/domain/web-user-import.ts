/**
 * The CSV file of web users an administrator imports: a header naming the columns, then one
 * user a row: `email,name,role,groups` (role and groups optional; groups separated by ';').
 * The header may order the columns freely and name them as people do (E-mail, Full name);
 * a file whose first line is not such a header is refused whole rather than guessed at.
 * Fields may be quoted as RFC 4180 writes them; a byte order mark and CR, LF or CRLF line
 * ends are accepted. Each row is checked on its own: the fine rows come back with the
 * problems of the others, so the import adds what it can and reports the rest.
 */
import { hasControlCharacter, startsLikeFormula } from './free-text'
import { emailFormatValid, normalizeEmail } from './portal-access'
import { parseWebRole, type WebRole } from './web-licenses'

export const MAX_IMPORT_ROWS = 5_000
export const MAX_IMPORT_BYTES = 1_000_000
export const MAX_WEB_NAME_LENGTH = 200
export const MAX_GROUP_NAME_LENGTH = 100

export const IMPORT_MESSAGES = {
  empty: 'The file has no users in it.',
  noHeader: 'The first line must name the columns: email,name,role,groups (role and groups may be left out).',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1_000_000} MB.`,
  tooMany: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} users; import it in parts.`,
  unclosedQuote: 'A quoted field is not closed.',
  email: 'The e-mail address is missing or not valid.',
  name: 'The name is missing.',
  nameTooLong: `The name is longer than ${MAX_WEB_NAME_LENGTH} characters.`,
  nameText: 'The name must not contain control characters or start with =, +, - or @.',
  role: (role: string) => `Unknown role "${role}": use Member or Customer Administrator.`,
  group: (group: string) =>
    `The group name "${group}" is longer than ${MAX_GROUP_NAME_LENGTH} characters or starts with =, +, - or @.`,
  duplicate: (row: number) => `The same e-mail address is already in row ${row}.`,
} as const

export interface ImportRow {
  /** The row's line in the file (1 is the first line, the header if there is one). */
  row: number
  email: string
  name: string
  role: WebRole
  groups: string[]
}

export interface ImportProblem {
  row: number
  /** As written in the file (trimmed), so the report can name it even when it is not valid. */
  email: string
  reason: string
}

export type ImportParse =
  | { ok: true; rows: ImportRow[]; problems: ImportProblem[] }
  /** The file as a whole cannot be read: nothing is imported. */
  | { ok: false; message: string }

interface Record_ {
  line: number
  cells: string[]
}

/** RFC 4180 records with the line each starts on. Null when a quote is left open. */
function records(text: string): Record_[] | null {
  const out: Record_[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    out.push({ line: start, cells })
    cells = []
    cell = ''
  }
  while (i < text.length) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++
        cell += ch
      }
      i++
      continue
    }
    if (ch === '"' && cell.trim() === '') {
      cell = ''
      quoted = true
    } else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
    } else {
      cell += ch
    }
    i++
  }
  if (quoted) return null
  if (cell !== '' || cells.length > 0) endRecord()
  return out
}

type Column = 'email' | 'name' | 'role' | 'groups'

const HEADER_NAMES: Record<string, Column> = {
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  'e-mail address': 'email',
  name: 'name',
  'full name': 'name',
  role: 'role',
  groups: 'groups',
  group: 'groups',
}

/** The column positions a header row names. */
function headerColumns(cells: string[]): Partial<Record<Column, number>> {
  const names = cells.map((c) => c.trim().toLowerCase())
  const columns: Partial<Record<Column, number>> = {}
  names.forEach((n, i) => {
    const column = HEADER_NAMES[n]
    if (column && columns[column] === undefined) columns[column] = i
  })
  return columns
}

/** A group list 'A; B;a' -> ['A', 'B'] (each once, ignoring case; the first spelling kept). */
export function splitGroups(text: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const part of text.split(';')) {
    const name = part.trim()
    if (name === '' || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    out.push(name)
  }
  return out
}

/** Whether a group name may be stored: a single line, not too long, not a spreadsheet formula. */
export function groupNameValid(name: string): boolean {
  const n = name.trim()
  return n !== '' && n.length <= MAX_GROUP_NAME_LENGTH && !hasControlCharacter(n) && !startsLikeFormula(n)
}

/** The problem of a web user's name, or null. */
export function webNameProblem(raw: string): string | null {
  const name = raw.trim()
  if (name === '') return IMPORT_MESSAGES.name
  if (name.length > MAX_WEB_NAME_LENGTH) return IMPORT_MESSAGES.nameTooLong
  if (hasControlCharacter(name) || startsLikeFormula(name)) return IMPORT_MESSAGES.nameText
  return null
}

export function parseWebUserCsv(input: string): ImportParse {
  if (new TextEncoder().encode(input).length > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const all = records(text)
  if (all === null) return { ok: false, message: IMPORT_MESSAGES.unclosedQuote }
  const nonEmpty = all.filter((r) => r.cells.some((c) => c.trim() !== ''))
  if (nonEmpty.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty }

  const columns = headerColumns(nonEmpty[0].cells)
  if (columns?.email === undefined || columns.name === undefined)
    return { ok: false, message: IMPORT_MESSAGES.noHeader }
  const data = nonEmpty.slice(1)
  if (data.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty }
  if (data.length > MAX_IMPORT_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooMany }

  const rows: ImportRow[] = []
  const problems: ImportProblem[] = []
  const firstRow = new Map<string, number>()
  for (const record of data) {
    const cell = (c: Column) => {
      const i = columns[c]
      return i === undefined ? '' : (record.cells[i] ?? '').trim()
    }
    const written = cell('email')
    const refuse = (reason: string) => problems.push({ row: record.line, email: written, reason })
    if (!emailFormatValid(written)) {
      refuse(IMPORT_MESSAGES.email)
      continue
    }
    const email = normalizeEmail(written)
    const earlier = firstRow.get(email)
    if (earlier !== undefined) {
      refuse(IMPORT_MESSAGES.duplicate(earlier))
      continue
    }
    firstRow.set(email, record.line)
    const nameProblem = webNameProblem(cell('name'))
    if (nameProblem) {
      refuse(nameProblem)
      continue
    }
    const role = parseWebRole(cell('role'))
    if (role === null) {
      refuse(IMPORT_MESSAGES.role(cell('role')))
      continue
    }
    const groups = splitGroups(cell('groups'))
    const badGroup = groups.find((g) => !groupNameValid(g))
    if (badGroup !== undefined) {
      refuse(IMPORT_MESSAGES.group(badGroup))
      continue
    }
    rows.push({ row: record.line, email, name: cell('name'), role, groups })
  }
  return { ok: true, rows, problems }
}
