import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, parseWebUserCsv, splitGroups } from './web-user-import'

function parsed(text: string) {
  const result = parseWebUserCsv(text)
  if (!result.ok) throw new Error(result.message)
  return result
}

describe('parseWebUserCsv', () => {
  it('reads a header in any column order, with quoted fields, a BOM and CRLF line ends', () => {
    const text =
      '\uFEFFName,E-mail,Groups,Role\r\n"Okafor, Daniel",Daniel.Okafor@Acme.example,"Design; Simulation",admin\r\n'
    expect(parsed(text)).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          email: 'daniel.okafor@acme.example',
          name: 'Okafor, Daniel',
          role: 'admin',
          groups: ['Design', 'Simulation'],
        },
      ],
      problems: [],
    })
  })

  it('needs a header naming at least email and name; role and groups are optional', () => {
    const { rows } = parsed('Email,Full name\nb@acme.example,Ben\n')
    expect(rows.map((r) => [r.row, r.email, r.name, r.role, r.groups])).toEqual([
      [2, 'b@acme.example', 'Ben', 'member', []],
    ])
    expect(parseWebUserCsv('a@acme.example,Ann\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.noHeader })
    expect(parseWebUserCsv('e\nmail,name\na@acme.example,Ann')).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.noHeader,
    })
  })

  it('keeps doubled quotes and line breaks inside quotes, and skips blank lines', () => {
    const { rows } = parsed('email,name\n\n"q@acme.example","Quinn ""Q"" Harper"\r\nr@acme.example,Rosa\n')
    expect(rows.map((r) => [r.row, r.name])).toEqual([
      [3, 'Quinn "Q" Harper'],
      [4, 'Rosa'],
    ])
  })

  it('reports each bad row with its line and reason and keeps the good ones', () => {
    const text = [
      'email,name,role,groups',
      'good@acme.example,Good Person,member,Design',
      'not-an-email,No Email',
      'noname@acme.example,',
      'role@acme.example,Role Person,owner',
      'GOOD@acme.example,Again',
      'formula@acme.example,=HYPERLINK("x")',
      `group@acme.example,Group Person,,${'x'.repeat(101)}`,
    ].join('\n')
    const result = parsed(text)
    expect(result.rows.map((r) => r.email)).toEqual(['good@acme.example'])
    expect(result.problems).toEqual([
      { row: 3, email: 'not-an-email', reason: IMPORT_MESSAGES.email },
      { row: 4, email: 'noname@acme.example', reason: IMPORT_MESSAGES.name },
      { row: 5, email: 'role@acme.example', reason: 'Unknown role "owner": use Member or Customer Administrator.' },
      { row: 6, email: 'GOOD@acme.example', reason: 'The same e-mail address is already in row 2.' },
      { row: 7, email: 'formula@acme.example', reason: IMPORT_MESSAGES.nameText },
      { row: 8, email: 'group@acme.example', reason: IMPORT_MESSAGES.group('x'.repeat(101)) },
    ])
  })

  it('refuses a whole file it cannot read: empty, header without email, open quote, too many rows', () => {
    expect(parseWebUserCsv('')).toEqual({ ok: false, message: IMPORT_MESSAGES.empty })
    expect(parseWebUserCsv('\uFEFF\r\n\r\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.empty })
    expect(parseWebUserCsv('email,name\r\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.empty })
    expect(parseWebUserCsv('name,role\nAnn,member')).toEqual({ ok: false, message: IMPORT_MESSAGES.noHeader })
    expect(parseWebUserCsv('email,name\na@acme.example,"Ann')).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.unclosedQuote,
    })
    const many = ['email,name', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `u${i}@acme.example,U ${i}`)]
    expect(parseWebUserCsv(many.join('\n'))).toEqual({ ok: false, message: IMPORT_MESSAGES.tooMany })
    expect(parsed(many.slice(0, MAX_IMPORT_ROWS + 1).join('\n')).rows).toHaveLength(MAX_IMPORT_ROWS)
    expect(parseWebUserCsv(`email,name\n${'a'.repeat(1_000_001)}`)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.tooLarge,
    })
  })
})

describe('splitGroups', () => {
  it('splits on semicolons, trims, and keeps each group once whatever its case', () => {
    expect(splitGroups(' Design ;;design; All Users ')).toEqual(['Design', 'All Users'])
  })
})
