import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import { fieldName, parseWithSchema, shapeFormValue } from './parse-with-schema'
import { portalAccessFormSchema } from '../domain/portal-access-form'
import { PORTAL_ACCESS_MESSAGES, type Contact, type PortalAccessAuthority } from '../domain/portal-access'
import { FREE_EMAIL_DOMAINS } from '../domain/free-email-domains.server'
import { IP_MESSAGES, whitelistFormSchema } from '../domain/ip-rules'
import {
  CREDENTIAL_MESSAGES,
  credentialsActionSchema,
  pinFormSchema,
  usernamesFormSchema,
} from '../domain/elastic-credentials'

/** A form's fields in order, as the browser submits them (a name may repeat). */
const form = (fields: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of fields) data.append(name, value)
  return data
}
const listIntent = (type: 'insert' | 'remove', name: string, index?: number) =>
  ['__intent__', JSON.stringify({ type, payload: index === undefined ? { name } : { name, index } })] as [
    string,
    string,
  ]

/**
 * The browser (parseWithSchema) and the server (conform's parseWithZod on the same
 * zod/mini schema) answer a submission alike: same status, same value, same reply.
 */
function expectSameOnBothSides(schema: z.core.$ZodType, data: FormData) {
  const browser = parseWithSchema(data, schema)
  const server = parseWithZod(data, { schema })
  expect(browser.status).toBe(server.status)
  expect(browser.reply()).toEqual(server.reply())
  if (server.status === 'success' && browser.status === 'success') expect(browser.value).toEqual(server.value)
  return server
}

describe('shapeFormValue and fieldName', () => {
  it('shapes the submitted value as conform’s zod adapter does', () => {
    const schema = z.object({
      text: z.string(),
      maybe: z.optional(z.string()),
      rows: z.array(z.object({ a: z.string() })),
      list: z._default(z.array(z.string()), []),
      piped: z.pipe(
        z.optional(z.string()),
        z.transform((v) => v ?? 'none'),
      ),
    })
    expect(
      shapeFormValue(schema, { text: '', maybe: '', rows: [undefined, { a: '' }], list: 'one', piped: '' }),
    ).toEqual({
      text: undefined,
      maybe: undefined,
      rows: [{ a: undefined }, { a: undefined }],
      list: ['one'],
      piped: undefined,
    })
    expect(shapeFormValue(schema, {})).toEqual({
      text: undefined,
      maybe: undefined,
      rows: [],
      list: undefined,
      piped: undefined,
    })
    expect(shapeFormValue(schema, undefined)).toEqual(shapeFormValue(schema, {}))
    expect(shapeFormValue(schema, null)).toBeNull()
  })

  it('writes issue paths as conform field names', () => {
    expect(fieldName([])).toBe('')
    expect(fieldName(['pin'])).toBe('pin')
    expect(fieldName(['contacts', 2, 'email'])).toBe('contacts[2].email')
    expect(fieldName(['rules', 0])).toBe('rules[0]')
  })
})

describe('portal access form', () => {
  const baseline: Contact[] = [
    { email: 'asc@acme.example', role: 'Support Coordinator' },
    { email: 'admin@acme.example', role: 'Administrator' },
  ]
  const authority: PortalAccessAuthority = { canEdit: true, canGrantAdmin: false, selfEmail: 'admin@acme.example' }
  const schema = (freeDomains: ReadonlySet<string>) => portalAccessFormSchema({ freeDomains, baseline, authority })
  const row = (i: number, email: string, role: string): [string, string][] => [
    [`contacts[${i}].email`, email],
    [`contacts[${i}].role`, role],
  ]

  it('accepts a valid list on both sides', () => {
    const data = form([
      ['baseline', '[]'],
      ...row(0, 'admin@acme.example', 'Administrator'),
      ...row(1, 'new@acme.example', 'Viewer'),
    ])
    const server = expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), data)
    expect(server.status === 'success' && server.value).toEqual([
      { email: 'asc@acme.example', role: 'Support Coordinator' },
      { email: 'admin@acme.example', role: 'Administrator' },
      { email: 'new@acme.example', role: 'Viewer' },
    ])
  })

  it('gives the same field messages for empty, malformed and refused rows', () => {
    const data = form([
      ...row(0, 'admin@acme.example', 'Administrator'),
      ...row(1, '', ''),
      ...row(2, 'not-an-address', 'Viewer'),
      ...row(3, 'boss@acme.example', 'Administrator'),
      ...row(4, 'admin@acme.example', 'Viewer'),
    ])
    const server = expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), data)
    expect(server.reply().error).toMatchObject({
      'contacts[1].email': [PORTAL_ACCESS_MESSAGES.emailRequired],
      'contacts[1].role': [PORTAL_ACCESS_MESSAGES.roleRequired],
      'contacts[2].email': [PORTAL_ACCESS_MESSAGES.emailFormat],
    })
  })

  it('refuses a free mail provider where the list is given: the server, not the browser', () => {
    const data = form([...row(0, 'admin@acme.example', 'Administrator'), ...row(1, 'someone@gmail.com', 'Viewer')])
    const server = expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), data)
    expect(server.reply().error).toEqual({ 'contacts[1].email': [PORTAL_ACCESS_MESSAGES.freeDomain] })
    expect(expectSameOnBothSides(schema(new Set()), data).status).toBe('success')
  })

  it('applies the list intents (add and remove a row) alike', () => {
    const rows = [...row(0, 'admin@acme.example', 'Administrator'), ...row(1, 'x@acme.example', 'Viewer')]
    expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), form([...rows, listIntent('insert', 'contacts')]))
    expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), form([...rows, listIntent('remove', 'contacts', 1)]))
    expectSameOnBothSides(schema(FREE_EMAIL_DOMAINS), form([listIntent('insert', 'contacts')]))
  })
})

describe('IP whitelist form', () => {
  it('accepts and trims valid rules, and an empty list', () => {
    const data = form([
      ['baseline', '[]'],
      ['rules[0].rulename', ' Office '],
      ['rules[0].ipaddress', ' 203.0.113.7/32 '],
    ])
    const server = expectSameOnBothSides(whitelistFormSchema, data)
    expect(server.status === 'success' && server.value).toEqual({
      baseline: '[]',
      rules: [{ rulename: 'Office', ipaddress: '203.0.113.7/32' }],
    })
    const empty = expectSameOnBothSides(whitelistFormSchema, form([['baseline', '[]']]))
    expect(empty.status === 'success' && empty.value).toEqual({ baseline: '[]', rules: [] })
  })

  it('gives the same messages for missing and invalid values', () => {
    const data = form([
      ['rules[0].rulename', ''],
      ['rules[0].ipaddress', ''],
      ['rules[1].rulename', '<b>'],
      ['rules[1].ipaddress', '01.2.3.4'],
    ])
    const server = expectSameOnBothSides(whitelistFormSchema, data)
    expect(server.reply().error).toEqual({
      'rules[0].rulename': [IP_MESSAGES.ruleNameRequired],
      'rules[0].ipaddress': [IP_MESSAGES.addressRequired],
      'rules[1].rulename': [IP_MESSAGES.ruleNameCharacters],
      'rules[1].ipaddress': [IP_MESSAGES.addressLeadingZeros],
    })
    expectSameOnBothSides(whitelistFormSchema, form([listIntent('insert', 'rules')]))
  })
})

describe('Elastic credentials forms', () => {
  it('checks the PIN alike: valid, empty, too short', () => {
    expectSameOnBothSides(pinFormSchema, form([['pin', '012345']]))
    for (const pin of ['', '12345', '12a456']) {
      const server = expectSameOnBothSides(pinFormSchema, form([['pin', pin]]))
      expect(server.reply().error).toEqual({ pin: [CREDENTIAL_MESSAGES.pinInvalid] })
    }
  })

  it('reads the usernames and the list they started from alike', () => {
    const ok = expectSameOnBothSides(
      usernamesFormSchema,
      form([
        ['users', 'alice\r\nbob\r\n'],
        ['oldUsers', '["alice"]'],
      ]),
    )
    expect(ok.status === 'success' && ok.value).toEqual({ users: ['alice', 'bob'], oldUsers: ['alice'] })
    const none = expectSameOnBothSides(usernamesFormSchema, form([['users', '']]))
    expect(none.status === 'success' && none.value).toEqual({ users: [], oldUsers: undefined })
    const bad = expectSameOnBothSides(usernamesFormSchema, form([['users', 'alice\nALICE']]))
    expect(bad.reply().error?.users?.[0]).toMatch(new RegExp(`^${CREDENTIAL_MESSAGES.usernamesInvalid}`))
  })

  it('the action reads each intent with its own fields (server only)', () => {
    const change = parseWithZod(
      form([
        ['intent', 'changepin'],
        ['pin', '123456'],
      ]),
      { schema: credentialsActionSchema },
    )
    expect(change.status === 'success' && change.value).toEqual({ intent: 'changepin', pin: '123456' })
    const exportBad = parseWithZod(
      form([
        ['intent', 'export'],
        ['pin', ''],
      ]),
      { schema: credentialsActionSchema },
    )
    expect(exportBad.reply().error).toEqual({ pin: [CREDENTIAL_MESSAGES.pinExportInvalid] })
  })
})
