import { describe, expect, it } from 'vitest'
import { FREE_EMAIL_DOMAINS } from './free-email-domains.server'
import {
  changeProblems,
  contactProblems,
  diffContacts,
  emailFormatValid,
  emailProblem,
  isFreeEmailDomain,
  portalAccessAuthority,
  PORTAL_ACCESS_MESSAGES as M,
  roleFromStored,
  roleProblem,
  sameContacts,
  sortContacts,
  storedFromRole,
  type Contact,
  type PortalAccessAuthority,
} from './portal-access'
import { parseBaseline, portalAccessFormSchema } from './portal-access-form'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'

const free = FREE_EMAIL_DOMAINS

describe('roles', () => {
  it('maps stored roles to the wire names and back', () => {
    expect(roleFromStored('admin')).toBe('Administrator')
    expect(roleFromStored('viewer')).toBe('Viewer')
    expect(roleFromStored('asc')).toBe('Support Coordinator')
    expect(roleFromStored('')).toBeNull()
    expect(roleFromStored('toString')).toBeNull()
    expect(storedFromRole('Administrator')).toBe('admin')
    expect(storedFromRole('Viewer')).toBe('viewer')
    expect(storedFromRole('Support Coordinator')).toBe('asc')
  })

  it('requires a role and hides the coordinator role unless the row is locked', () => {
    expect(roleProblem('')).toBe(M.roleRequired)
    expect(roleProblem(undefined)).toBe(M.roleRequired)
    expect(roleProblem('Owner')).toBe(M.roleRequired)
    expect(roleProblem('administrator')).toBe(M.roleRequired)
    expect(roleProblem('Support Coordinator')).toBe(M.coordinatorGrant)
    expect(roleProblem('Support Coordinator', { allowCoordinator: true })).toBeNull()
    expect(roleProblem('Viewer')).toBeNull()
  })
})

describe('e-mail format', () => {
  it.each([
    'jane.doe@acme.example',
    'J.Doe+licences@Sub.Acme-Corp.com',
    "o'brien@acme.ie",
    'x@a.io',
    'user_1%team@xn--bcher-kva.example',
  ])('accepts %s', (email) => {
    expect(emailFormatValid(email)).toBe(true)
  })

  it.each([
    ['empty', ''],
    ['no @', 'jane.acme.example'],
    ['two @', 'jane@doe@acme.example'],
    ['no domain dot', 'jane@localhost'],
    ['trailing dot in local part', 'jane.@acme.example'],
    ['double dot', 'jane..doe@acme.example'],
    ['leading hyphen label', 'jane@-acme.example'],
    ['numeric top level', 'jane@acme.123'],
    ['space', 'jane doe@acme.example'],
    ['HTML', '<script>alert(1)</script>@acme.example'],
    ['HTML in domain', 'jane@acme.example<img src=x>'],
    ['quoted name', '"Jane" <jane@acme.example>'],
    ['CSV list', 'jane@acme.example,john@acme.example'],
    ['CSV formula', '=HYPERLINK("http://x")@acme.example'],
    ['leading plus', '+1@acme.example'],
    ['semicolon', 'jane@acme.example;drop'],
    ['Cyrillic look-alike', 'jane@gmaіl.com'],
    ['accented local part', 'josé@acme.example'],
    ['full-width @', 'jane＠acme.example'],
    ['zero-width space', 'jane\u200b@acme.example'],
    ['local part over 64', `${'a'.repeat(65)}@acme.example`],
    ['address over 254', `jane@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example`],
    ['label over 63', `jane@${'a'.repeat(64)}.example`],
    ['very long', `${'a'.repeat(100_000)}@acme.example`],
  ])('refuses %s', (_name, email) => {
    expect(emailFormatValid(email)).toBe(false)
  })
})

describe('free and consumer mail providers', () => {
  it('uses the maintained list, including subdomains, case-insensitively', () => {
    expect(free.size).toBeGreaterThan(1000)
    for (const domain of [
      'gmail.com',
      'GMAIL.com',
      'outlook.com',
      'yahoo.co.uk',
      'web.de',
      'mail.yahoo.co.uk',
      'eu.gmx.de',
    ]) {
      expect(isFreeEmailDomain(domain, free), domain).toBe(true)
    }
    for (const domain of ['acme.example', 'gmail.com.acme.example', 'notgmail.com', 'co.uk', 'com']) {
      expect(isFreeEmailDomain(domain, free), domain).toBe(false)
    }
  })

  it('reports the first problem of an address in the order of the spec', () => {
    expect(emailProblem('', free)).toBe(M.emailRequired)
    expect(emailProblem('   ', free)).toBe(M.emailRequired)
    expect(emailProblem(null, free)).toBe(M.emailRequired)
    expect(emailProblem('not-an-address', free)).toBe(M.emailFormat)
    expect(emailProblem('someone@gmail.com', free)).toBe(M.freeDomain)
    expect(emailProblem('Someone@Hotmail.COM', free)).toBe(M.freeDomain)
    expect(emailProblem('  jane@acme.example ', free)).toBeNull()
    // A look-alike of a free domain is refused as a format error, never mistaken for a corporate one.
    expect(emailProblem('someone@gmaіl.com', free)).toBe(M.emailFormat)
  })
})

describe('contact lists', () => {
  it('reports every field problem and duplicates case-insensitively', () => {
    const problems = contactProblems(
      [
        { email: 'jane@acme.example', role: 'Viewer' },
        { email: 'JANE@acme.example', role: 'Administrator' },
        { email: '', role: '' },
        { email: 'x@gmail.com', role: 'Support Coordinator' },
      ],
      free,
    )
    expect(problems).toEqual([
      { index: 1, field: 'email', message: M.duplicate },
      { index: 2, field: 'email', message: M.emailRequired },
      { index: 2, field: 'role', message: M.roleRequired },
      { index: 3, field: 'email', message: M.freeDomain },
      { index: 3, field: 'role', message: M.coordinatorGrant },
    ])
  })

  it('lets a locked coordinator keep its role', () => {
    const problems = contactProblems([{ email: 'asc@acme.example', role: 'Support Coordinator' }], free, {
      coordinators: new Set(['asc@acme.example']),
    })
    expect(problems).toEqual([])
  })

  it('checks only new addresses against the format and provider rules', () => {
    const known = new Set(['old@gmail.com'])
    expect(contactProblems([{ email: 'Old@Gmail.com', role: 'Viewer' }], free, { known })).toEqual([])
    expect(contactProblems([{ email: 'new@gmail.com', role: 'Viewer' }], free, { known })).toEqual([
      { index: 0, field: 'email', message: M.freeDomain },
    ])
    // A role is still required and duplicates are still refused.
    expect(
      contactProblems(
        [
          { email: 'old@gmail.com', role: '' },
          { email: 'old@gmail.com', role: 'Viewer' },
        ],
        free,
        { known },
      ),
    ).toEqual([
      { index: 0, field: 'role', message: M.roleRequired },
      { index: 1, field: 'email', message: M.duplicate },
    ])
  })

  it('compares lists as sets of e-mail and role', () => {
    const a: Contact[] = [
      { email: 'a@acme.example', role: 'Viewer' },
      { email: 'b@acme.example', role: 'Administrator' },
    ]
    expect(sameContacts(a, [...a].reverse())).toBe(true)
    expect(sameContacts(a, [{ email: 'A@ACME.example', role: 'Viewer' }, a[1]])).toBe(true)
    expect(sameContacts(a, [a[0], { email: 'b@acme.example', role: 'Viewer' }])).toBe(false)
    expect(sameContacts(a, [a[0]])).toBe(false)
    expect(sameContacts([], [])).toBe(true)
  })

  it('diffs two lists by e-mail', () => {
    const diff = diffContacts(
      [
        { email: 'keep@acme.example', role: 'Viewer' },
        { email: 'gone@acme.example', role: 'Viewer' },
        { email: 'up@acme.example', role: 'Viewer' },
      ],
      [
        { email: 'KEEP@acme.example', role: 'Viewer' },
        { email: 'up@acme.example', role: 'Administrator' },
        { email: 'new@acme.example', role: 'Viewer' },
      ],
    )
    expect(diff).toEqual({
      added: [{ email: 'new@acme.example', role: 'Viewer' }],
      removed: [{ email: 'gone@acme.example', role: 'Viewer' }],
      changed: [{ email: 'up@acme.example', from: 'Viewer', to: 'Administrator' }],
    })
  })

  it('sorts coordinators first, then administrators, then viewers', () => {
    const sorted = sortContacts([
      { email: 'b@x.example', role: 'Viewer' },
      { email: 'z@x.example', role: 'Administrator' },
      { email: 'a@x.example', role: 'Viewer' },
      { email: 'c@x.example', role: 'Support Coordinator' },
    ])
    expect(sorted.map((c) => c.email)).toEqual(['c@x.example', 'z@x.example', 'a@x.example', 'b@x.example'])
  })
})

describe('who may change what', () => {
  const admin = portalAccessAuthority(
    makeUser(['user'], { email: 'Admin@acme.example' }),
    makeInfo({ isPortalEdit: 1 }),
  )
  const coordinator = portalAccessAuthority(makeUser(['user'], { email: 'asc@acme.example' }), makeInfo({ isAsc: 1 }))
  const busops = portalAccessAuthority(makeUser(['user', 'busops']), makeInfo())
  const viewer = portalAccessAuthority(
    makeUser(['user'], { email: 'viewer@acme.example' }),
    makeInfo({ isPortalView: 1 }),
  )
  const support = portalAccessAuthority(makeUser(['user', 'support']), makeInfo())
  // A licence generator is not view-only but holds no Administrator role.
  const generator = portalAccessAuthority(
    makeUser(['user'], { email: 'gen@acme.example' }),
    makeInfo({ isPortalView: 1, isFNPLicenseGenerator: 1 }),
  )

  it('derives the authority from the shared permission rules', () => {
    expect(admin).toEqual({ canEdit: true, canGrantAdmin: true, selfEmail: 'admin@acme.example' })
    expect(coordinator).toEqual({ canEdit: true, canGrantAdmin: true, selfEmail: 'asc@acme.example' })
    expect(busops).toEqual({ canEdit: true, canGrantAdmin: true, selfEmail: null })
    expect(viewer).toEqual({ canEdit: false, canGrantAdmin: false, selfEmail: 'viewer@acme.example' })
    expect(support).toEqual({ canEdit: false, canGrantAdmin: false, selfEmail: null })
    expect(generator).toEqual({ canEdit: true, canGrantAdmin: false, selfEmail: 'gen@acme.example' })
  })

  const base: Contact[] = [
    { email: 'asc@acme.example', role: 'Support Coordinator' },
    { email: 'admin@acme.example', role: 'Administrator' },
    { email: 'other.admin@acme.example', role: 'Administrator' },
    { email: 'viewer@acme.example', role: 'Viewer' },
    { email: 'gen@acme.example', role: 'Viewer' },
  ]
  const without = (email: string) => base.filter((c) => c.email !== email)
  const withRole = (email: string, role: Contact['role']) => base.map((c) => (c.email === email ? { ...c, role } : c))

  it('refuses every write of a view-only user', () => {
    expect(changeProblems(base, [...base, { email: 'new@acme.example', role: 'Viewer' }], viewer)).toEqual([M.viewOnly])
    expect(changeProblems(base, base, support)).toEqual([M.viewOnly])
  })

  it('lets an Administrator, a Support Coordinator and business operations grant Administrator', () => {
    const next = [...base, { email: 'new@acme.example', role: 'Administrator' as const }]
    expect(changeProblems(base, next, admin)).toEqual([])
    expect(changeProblems(base, next, coordinator)).toEqual([])
    expect(changeProblems(base, next, busops)).toEqual([])
    expect(changeProblems(base, withRole('viewer@acme.example', 'Administrator'), busops)).toEqual([])
  })

  it('refuses granting or taking away Administrator to anyone else', () => {
    expect(changeProblems(base, [...base, { email: 'new@acme.example', role: 'Administrator' }], generator)).toEqual([
      M.grantAdmin,
    ])
    expect(changeProblems(base, withRole('viewer@acme.example', 'Administrator'), generator)).toEqual([M.grantAdmin])
    expect(changeProblems(base, withRole('other.admin@acme.example', 'Viewer'), generator)).toEqual([M.changeAdmin])
    expect(changeProblems(base, without('other.admin@acme.example'), generator)).toEqual([M.changeAdmin])
    // Viewers they may add and remove.
    expect(
      changeProblems(
        base,
        [...without('viewer@acme.example'), { email: 'new@acme.example', role: 'Viewer' }],
        generator,
      ),
    ).toEqual([])
  })

  it('locks Support Coordinator rows and never grants the role', () => {
    expect(changeProblems(base, without('asc@acme.example'), busops)).toEqual([M.coordinatorLocked])
    expect(changeProblems(base, withRole('asc@acme.example', 'Administrator'), admin)).toEqual([M.coordinatorLocked])
    expect(changeProblems(base, withRole('viewer@acme.example', 'Support Coordinator'), busops)).toEqual([
      M.coordinatorGrant,
    ])
    expect(changeProblems(base, [...base, { email: 'n@acme.example', role: 'Support Coordinator' }], admin)).toEqual([
      M.coordinatorGrant,
    ])
  })

  it("protects the actor's own row", () => {
    expect(changeProblems(base, without('admin@acme.example'), admin)).toEqual([M.self])
    expect(changeProblems(base, withRole('admin@acme.example', 'Viewer'), admin)).toEqual([M.self])
    expect(changeProblems(base, without('other.admin@acme.example'), admin)).toEqual([])
  })
})

describe('the form schema', () => {
  const baseline: Contact[] = [
    { email: 'asc@acme.example', role: 'Support Coordinator' },
    { email: 'admin@acme.example', role: 'Administrator' },
    { email: 'viewer@acme.example', role: 'Viewer' },
  ]
  const busops: PortalAccessAuthority = { canEdit: true, canGrantAdmin: true, selfEmail: null }
  const generator: PortalAccessAuthority = { canEdit: true, canGrantAdmin: false, selfEmail: 'gen@acme.example' }
  const parse = (contacts: unknown[], authority = busops) =>
    portalAccessFormSchema({ freeDomains: free, baseline, authority }).safeParse({ contacts })
  const issues = (r: ReturnType<typeof parse>) =>
    r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))

  it('gives the full new list, coordinators included, e-mails normalised', () => {
    const r = parse([
      { email: ' Admin@Acme.example ', role: 'Administrator' },
      { email: 'new@acme.example', role: 'Viewer' },
    ])
    expect(r.success && r.data).toEqual([
      { email: 'asc@acme.example', role: 'Support Coordinator' },
      { email: 'admin@acme.example', role: 'Administrator' },
      { email: 'new@acme.example', role: 'Viewer' },
    ])
  })

  it('puts each problem on its field with the spec messages', () => {
    const r = parse([
      { role: 'Viewer' },
      { email: 'bad', role: 'Viewer' },
      { email: 'x@gmail.com' },
      { email: 'ASC@acme.example', role: 'Viewer' },
      { email: 'a@acme.example', role: 'Support Coordinator' },
    ])
    expect(issues(r)).toEqual([
      { path: 'contacts.0.email', message: M.emailRequired },
      { path: 'contacts.1.email', message: M.emailFormat },
      { path: 'contacts.2.email', message: M.freeDomain },
      { path: 'contacts.2.role', message: M.roleRequired },
      { path: 'contacts.3.email', message: M.duplicate },
      { path: 'contacts.4.role', message: M.coordinatorGrant },
    ])
  })

  it('checks the Administrator rule and the own row in the browser too', () => {
    expect(
      issues(
        parse(
          [
            { email: 'admin@acme.example', role: 'Administrator' },
            { email: 'viewer@acme.example', role: 'Administrator' },
          ],
          generator,
        ),
      ),
    ).toEqual([{ path: 'contacts.1.role', message: M.grantAdmin }])
    expect(issues(parse([{ email: 'viewer@acme.example', role: 'Viewer' }], generator))).toEqual([
      { path: 'contacts', message: `admin@acme.example: ${M.changeAdmin}` },
    ])
  })

  it('refuses more rows than a customer may have', () => {
    const rows = Array.from({ length: 501 }, (_, i) => ({ email: `u${i}@acme.example`, role: 'Viewer' }))
    expect(issues(parse(rows))[0]).toEqual({ path: 'contacts', message: M.tooMany })
  })
})

describe('the baseline field', () => {
  it('reads a list and drops anything else', () => {
    expect(
      parseBaseline(
        JSON.stringify([
          { email: 'a@acme.example', role: 'Viewer', extra: 1 },
          { email: 1 },
          { email: 'b@x.example', role: 'Boss' },
        ]),
      ),
    ).toEqual([{ email: 'a@acme.example', role: 'Viewer' }])
    expect(parseBaseline('not json')).toEqual([])
    expect(parseBaseline('{"a":1}')).toEqual([])
    expect(parseBaseline(undefined)).toEqual([])
    expect(parseBaseline('x'.repeat(300_000))).toEqual([])
  })
})
