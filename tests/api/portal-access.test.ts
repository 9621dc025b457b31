import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { first } from '../../db/query'
import { accountAccess, auditLog, users } from '../../db/tables'
import { emailProblem, PORTAL_ACCESS_MESSAGES as M, type Contact } from '../../app/domain/portal-access'
import { FREE_EMAIL_DOMAINS } from '../../app/domain/free-email-domains.server'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'
import { startApiProcess, stopApiProcesses, type ApiProcess } from './support/api-processes'

let server: TestServer
const as = async (email: string, baseUrl = server.url) => apiClient(baseUrl, await getAccessToken(server.url, email))

const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'
const DELTA = '1000004'

const ACME_CONTACTS: Contact[] = [
  { email: 'asc@acme.example', role: 'Support Coordinator' },
  { email: 'admin@acme.example', role: 'Administrator' },
  { email: 'raj.patel@acme.example', role: 'Administrator' },
  { email: 'webmatrix.admin@acme.example', role: 'Administrator' },
  { email: 'former.employee@acme.example', role: 'Viewer' },
  { email: 'lena.fischer@acme.example', role: 'Viewer' },
  { email: 'viewer@acme.example', role: 'Viewer' },
  { email: 'webmatrix.viewer@acme.example', role: 'Viewer' },
]

async function contactsOf(customerNumber: string) {
  const r = await (await as('busops@vendor.example')).post<Contact[]>('/getportalaccess', { customerNumber })
  expect(r.body.status).toBe('SUCCESS')
  return r.body.data!
}

/** Saves as `email`, with the current list as oldContacts unless given. */
async function save(email: string, customerNumber: string, newContacts: unknown[], oldContacts?: unknown[]) {
  const old = oldContacts ?? (await contactsOf(customerNumber))
  return (await as(email)).post<Contact[]>('/setportalaccess', { customerNumber, newContacts, oldContacts: old })
}

const auditCount = async (customerNumber: string) =>
  Number(
    (await first(
      server.db
        .select({ n: sql<number>`count(*)` })
        .from(auditLog)
        .where(eq(auditLog.accountId, customerNumber)),
    ))!.n,
  )

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('POST /getportalaccess', () => {
  it('lists the contacts with their roles, coordinators first', async () => {
    const r = await (await as('admin@acme.example')).post('/getportalaccess', { customerNumber: ACME })
    expect(r.http).toBe(200)
    expect(r.body).toEqual({ status: 'SUCCESS', data: ACME_CONTACTS })
  })

  it('lets a view-only contact and vendor staff read the list', async () => {
    for (const email of ['viewer@acme.example', 'support@vendor.example', 'sales@vendor.example']) {
      const r = await (await as(email)).post<Contact[]>('/getportalaccess', { customerNumber: Number(ACME) })
      expect(r.body.data, email).toEqual(ACME_CONTACTS)
    }
  })

  it('refuses another customer, an unknown customer and a bad request', async () => {
    const partner = await as('partner@channel.example')
    const other = await partner.post('/getportalaccess', { customerNumber: ACME })
    expect(other.http).toBe(403)
    expect(other.body.status).toBe('FAILURE')
    expect((await partner.post('/getportalaccess', { customerNumber: '9999999' })).http).toBe(404)
    const bad = await partner.post('/getportalaccess', { customerNumber: "1' OR 1=1 --" })
    expect(bad.http).toBe(400)
    expect((await partner.post('/getportalaccess', {})).http).toBe(400)
  })
})

describe('POST /setportalaccess: who may write', () => {
  const withNew = [...ACME_CONTACTS, { email: 'wei.chen@cobalt.example', role: 'Viewer' }]

  it('refuses a view-only user, and staff other than business operations, changing nothing', async () => {
    for (const email of [
      'viewer@acme.example',
      'lena.fischer@acme.example',
      'support@vendor.example',
      'sales@vendor.example',
    ]) {
      const r = await save(email, ACME, withNew, ACME_CONTACTS)
      expect(r.http, email).toBe(403)
      expect(r.body).toEqual({ status: 'FAILURE', err: M.viewOnly })
    }
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })

  it('refuses a user of another customer', async () => {
    const r = await save('partner@channel.example', ACME, withNew, ACME_CONTACTS)
    expect(r.http).toBe(403)
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })

  it('refuses taking or granting the Support Coordinator role', async () => {
    const removed = await save('busops@vendor.example', ACME, ACME_CONTACTS.slice(1))
    expect(removed.http).toBe(403)
    expect(removed.body.err).toBe(M.coordinatorLocked)
    const changed = await save('admin@acme.example', ACME, [
      { email: 'asc@acme.example', role: 'Viewer' },
      ...ACME_CONTACTS.slice(1),
    ])
    expect(changed.body.err).toBe(M.coordinatorLocked)
    const granted = await save('busops@vendor.example', ACME, [
      ...ACME_CONTACTS,
      { email: 'wei.chen@cobalt.example', role: 'Support Coordinator' },
    ])
    expect(granted.http).toBe(400)
    expect(granted.body.err).toBe(
      `Contact ${ACME_CONTACTS.length + 1} (wei.chen@cobalt.example): ${M.coordinatorGrant}`,
    )
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })

  it("refuses changing or removing one's own row", async () => {
    const r = await save(
      'admin@acme.example',
      ACME,
      ACME_CONTACTS.filter((c) => c.email !== 'admin@acme.example'),
    )
    expect(r.http).toBe(403)
    expect(r.body.err).toBe(M.self)
  })

  it('lets only an Administrator, a Support Coordinator or business operations grant Administrator', async () => {
    // Wei Chen becomes a viewer with the licence-generator flag on Cobalt: not view-only, but no Administrator.
    const wei = (await first(server.db.select().from(users).where(eq(users.email, 'wei.chen@cobalt.example'))))!
    await server.db
      .update(accountAccess)
      .set({ isFnpLicenseGenerator: 1 })
      .where(and(eq(accountAccess.userId, wei.id), eq(accountAccess.accountId, COBALT)))
    const cobalt = await contactsOf(COBALT)
    expect(cobalt).toEqual([
      { email: 'partner@channel.example', role: 'Administrator' },
      { email: 'wei.chen@cobalt.example', role: 'Viewer' },
    ])
    const grant = await save('wei.chen@cobalt.example', COBALT, [
      ...cobalt,
      { email: 'ole.hansen@borealis.example', role: 'Administrator' },
    ])
    expect(grant.http).toBe(403)
    expect(grant.body.err).toBe(M.grantAdmin)
    const demote = await save('wei.chen@cobalt.example', COBALT, [
      { email: 'partner@channel.example', role: 'Viewer' },
      cobalt[1],
    ])
    expect(demote.body.err).toBe(M.changeAdmin)
    expect(await contactsOf(COBALT)).toEqual(cobalt)

    const viewerAdded = await save('wei.chen@cobalt.example', COBALT, [
      ...cobalt,
      { email: 'ole.hansen@borealis.example', role: 'Viewer' },
    ])
    expect(viewerAdded.http).toBe(200)

    // The coordinator of Acme may grant Administrator.
    const byCoordinator = await save('asc@acme.example', ACME, [
      ...ACME_CONTACTS.filter((c) => c.email !== 'lena.fischer@acme.example'),
      { email: 'lena.fischer@acme.example', role: 'Administrator' },
    ])
    expect(byCoordinator.http).toBe(200)
    const back = await save('admin@acme.example', ACME, ACME_CONTACTS)
    expect(back.http).toBe(200)
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })
})

describe('POST /setportalaccess: validation', () => {
  const one = (contact: unknown) => save('busops@vendor.example', ACME, [...ACME_CONTACTS, contact])
  const refusedWith = async (contact: unknown, message: string) => {
    const r = await one(contact)
    expect(r.http, JSON.stringify(contact).slice(0, 80)).toBe(400)
    expect(r.body.status).toBe('FAILURE')
    expect(r.body.err).toContain(message)
    expect(r.body.err).toMatch(new RegExp(`^Contact ${ACME_CONTACTS.length + 1}\\b`))
  }

  it('requires an e-mail', async () => {
    await refusedWith({ email: '', role: 'Viewer' }, M.emailRequired)
    await refusedWith({ email: '   ', role: 'Viewer' }, M.emailRequired)
    await refusedWith({ role: 'Viewer' }, M.emailRequired)
  })

  it('requires a valid, plain ASCII e-mail', async () => {
    for (const email of [
      'not-an-address',
      'jane@localhost',
      '<img src=x onerror=alert(1)>@acme.example',
      'jane@acme.example,evil@acme.example',
      '=HYPERLINK("http://x")@acme.example',
      'someone@gmaіl.com',
      'jöe@acme.example',
      `${'a'.repeat(5000)}@acme.example`,
    ]) {
      await refusedWith({ email, role: 'Viewer' }, M.emailFormat)
    }
  })

  it('refuses free and consumer mail providers, subdomains included', async () => {
    await refusedWith({ email: 'someone@gmail.com', role: 'Viewer' }, M.freeDomain)
    await refusedWith({ email: 'Someone@Mail.Yahoo.co.uk', role: 'Viewer' }, M.freeDomain)
    await refusedWith({ email: 'nobody@example.com', role: 'Viewer' }, M.freeDomain)
  })

  it('needs an existing active account', async () => {
    await refusedWith({ email: 'ghost@acme.example', role: 'Viewer' }, M.noAccount)
    // Frank Morgan's account is inactive: he stays on Acme's list but cannot be added elsewhere.
    const borealis = await contactsOf(BOREALIS)
    const r = await save('marta.lindqvist@borealis.example', BOREALIS, [
      ...borealis,
      { email: 'former.employee@acme.example', role: 'Viewer' },
    ])
    expect(r.http).toBe(400)
    expect(r.body.err).toBe(`Contact ${borealis.length + 1} (former.employee@acme.example): ${M.noAccount}`)
  })

  it('requires a known role', async () => {
    await refusedWith({ email: 'wei.chen@cobalt.example', role: '' }, M.roleRequired)
    await refusedWith({ email: 'wei.chen@cobalt.example' }, M.roleRequired)
    await refusedWith({ email: 'wei.chen@cobalt.example', role: 'Owner' }, M.roleRequired)
  })

  it('refuses duplicates, case-insensitively', async () => {
    await refusedWith({ email: 'Lena.Fischer@ACME.example', role: 'Administrator' }, M.duplicate)
  })

  it('refuses malformed bodies and oversize lists', async () => {
    const api = await as('busops@vendor.example')
    const missing = await api.post('/setportalaccess', { customerNumber: ACME, newContacts: ACME_CONTACTS })
    expect(missing.http).toBe(400)
    expect((await api.post('/setportalaccess', { customerNumber: ACME, newContacts: 'x', oldContacts: [] })).http).toBe(
      400,
    )
    const many = Array.from({ length: 501 }, (_, i) => ({ email: `u${i}@acme.example`, role: 'Viewer' }))
    const tooMany = await api.post('/setportalaccess', {
      customerNumber: ACME,
      newContacts: many,
      oldContacts: ACME_CONTACTS,
    })
    expect(tooMany.http).toBe(400)
    expect(tooMany.body.err).toContain(M.tooMany)
    const huge = await api.post('/setportalaccess', {
      customerNumber: ACME,
      newContacts: [{ email: `${'a'.repeat(2_000_000)}@acme.example`, role: 'Viewer' }],
      oldContacts: ACME_CONTACTS,
    })
    expect(huge.http).toBe(413)
    const badOld = await api.post('/setportalaccess', {
      customerNumber: ACME,
      newContacts: ACME_CONTACTS,
      oldContacts: [{ email: 'a@acme.example', role: 'Boss' }],
    })
    expect(badOld.http).toBe(400)
    expect(badOld.body.err).toMatch(/^oldContacts: /)
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })
})

describe('POST /setportalaccess: the contacts are the access list', () => {
  it('gives an added contact access with that role, and takes it away when removed', async () => {
    const newcomer = await as('dana.levi@deltalabs.example')
    expect((await newcomer.get('/getaccountinfo/1000001')).http).toBe(403)

    const added = await save('admin@acme.example', ACME, [
      ...ACME_CONTACTS,
      { email: ' Dana.Levi@DeltaLabs.example ', role: 'Viewer' },
    ])
    expect(added.http).toBe(200)
    expect(added.body.data).toContainEqual({ email: 'dana.levi@deltalabs.example', role: 'Viewer' })

    const info = await newcomer.get<Record<string, number>>('/getaccountinfo/1000001')
    expect(info.http).toBe(200)
    expect(info.body.data).toMatchObject({ isPortalView: 1, isPortalEdit: 0, isAsc: 0 })
    const accounts = await newcomer.post<{ AccountID: string }[]>('/getaccounts', {})
    expect(accounts.body.data!.map((a) => a.AccountID)).toEqual([ACME, DELTA])

    const promoted = await save('admin@acme.example', ACME, [
      ...ACME_CONTACTS,
      { email: 'dana.levi@deltalabs.example', role: 'Administrator' },
    ])
    expect(promoted.http).toBe(200)
    expect((await newcomer.get<Record<string, number>>('/getaccountinfo/1000001')).body.data).toMatchObject({
      isPortalView: 0,
      isPortalEdit: 1,
    })

    const removed = await save('admin@acme.example', ACME, ACME_CONTACTS)
    expect(removed.http).toBe(200)
    expect(removed.body.data).toEqual(ACME_CONTACTS)
    // The same token, the next request: access is gone.
    expect((await newcomer.get('/getaccountinfo/1000001')).http).toBe(403)
    expect((await newcomer.post('/getportalaccess', { customerNumber: ACME })).http).toBe(403)
  })

  it('records each change in the audit trail, and nothing for a save without changes', async () => {
    const before = await auditCount(ACME)
    const same = await save('admin@acme.example', ACME, [...ACME_CONTACTS].reverse())
    expect(same.http).toBe(200)
    expect(await auditCount(ACME)).toBe(before)

    await save('admin@acme.example', ACME, [...ACME_CONTACTS, { email: 'ole.hansen@borealis.example', role: 'Viewer' }])
    expect(await auditCount(ACME)).toBe(before + 1)
    const last = (await first(
      server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.accountId, ACME))
        .orderBy(sql`id desc`),
    ))!
    expect(last).toMatchObject({
      actorEmail: 'admin@acme.example',
      area: 'portalaccess',
      action: 'update',
      before: ACME_CONTACTS,
    })
    expect(last.after).toContainEqual({ email: 'ole.hansen@borealis.example', role: 'Viewer' })
    await save('admin@acme.example', ACME, ACME_CONTACTS)
  })

  it('refuses a stale save with a clear message and changes nothing', async () => {
    const loaded = await contactsOf(ACME)
    // Someone else saves first.
    const first = await save(
      'raj.patel@acme.example',
      ACME,
      [...loaded, { email: 'ole.hansen@borealis.example', role: 'Viewer' }],
      loaded,
    )
    expect(first.http).toBe(200)
    const afterFirst = await contactsOf(ACME)
    const audits = await auditCount(ACME)

    const stale = await save(
      'admin@acme.example',
      ACME,
      [...loaded, { email: 'wei.chen@cobalt.example', role: 'Administrator' }],
      loaded,
    )
    expect(stale.http).toBe(409)
    expect(stale.body).toEqual({ status: 'FAILURE', err: M.stale })
    expect(await contactsOf(ACME)).toEqual(afterFirst)
    expect(await auditCount(ACME)).toBe(audits)

    // With the current list as the baseline the save goes through.
    const fresh = await save('admin@acme.example', ACME, ACME_CONTACTS, afterFirst)
    expect(fresh.http).toBe(200)
    expect(await contactsOf(ACME)).toEqual(ACME_CONTACTS)
  })
})

/**
 * Several API processes on the same database file, as in production (a cluster
 * of workers on one SQLite file): requests really run at the same time.
 */
describe('concurrent saves', () => {
  const extra: ApiProcess[] = []

  beforeAll(async () => {
    extra.push(...(await Promise.all([startApiProcess(server), startApiProcess(server)])))
  }, 90_000)
  afterAll(() => stopApiProcesses(extra))

  /** Active users who are not contacts of the customer. */
  async function outsiders(customerNumber: string, n: number): Promise<string[]> {
    return (
      await server.db
        .select({ email: users.email })
        .from(users)
        .where(
          sql`${users.active} = 1 AND ${users.email} NOT LIKE '%@vendor.example' AND NOT EXISTS (SELECT 1 FROM ${accountAccess} WHERE ${accountAccess.userId} = ${users.id} AND ${accountAccess.accountId} = ${customerNumber})`,
        )
        .orderBy(users.id)
    )
      .map((r) => r.email)
      .filter((email) => emailProblem(email, FREE_EMAIL_DOMAINS) === null)
      .slice(0, n)
  }

  it('lets exactly one of many parallel saves win each round; no contact is lost or duplicated', async () => {
    const ROUNDS = 8
    const PARALLEL = 12
    const urls = [server.url, ...extra.map((e) => e.url)]
    const clients = await Promise.all(urls.map((u) => as('busops@vendor.example', u)))
    const candidates = await outsiders(DELTA, ROUNDS * PARALLEL)
    expect(candidates).toHaveLength(ROUNDS * PARALLEL)

    for (let round = 0; round < ROUNDS; round++) {
      const old = await contactsOf(DELTA)
      const audits = await auditCount(DELTA)
      const viewers = old.filter((c) => c.role === 'Viewer')
      // Each request adds its own newcomer and, from the second round on, removes a different viewer.
      const lists = Array.from({ length: PARALLEL }, (_, i) => {
        const leaving = round > 0 && viewers.length > 0 ? viewers[i % viewers.length].email : null
        return [
          ...old.filter((c) => c.email !== leaving),
          { email: candidates[round * PARALLEL + i], role: i % 3 === 0 ? 'Administrator' : 'Viewer' },
        ]
      })
      const replies = await Promise.all(
        lists.map((list, i) =>
          clients[i % clients.length].post('/setportalaccess', {
            customerNumber: DELTA,
            newContacts: list,
            oldContacts: old,
          }),
        ),
      )
      const statuses = replies.map((r) => r.http)
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1)
      for (const r of replies.filter((x) => x.http === 409)) expect(r.body.err).toBe(M.stale)

      const winner = lists[statuses.indexOf(200)]
      const now = await contactsOf(DELTA)
      expect(new Set(now.map((c) => c.email)).size).toBe(now.length)
      expect([...now].sort((a, b) => a.email.localeCompare(b.email))).toEqual(
        winner.map((c) => ({ email: c.email, role: c.role })).sort((a, b) => a.email.localeCompare(b.email)),
      )
      const rows = (await first(
        server.db
          .select({ n: sql<number>`count(*)` })
          .from(accountAccess)
          .where(eq(accountAccess.accountId, DELTA)),
      ))!
      expect(Number(rows.n)).toBe(now.length)
      expect(await auditCount(DELTA)).toBe(audits + 1)
    }
  }, 120_000)

  it('lets exactly one of many identical saves win', async () => {
    const urls = [server.url, ...extra.map((e) => e.url)]
    const clients = await Promise.all(urls.map((u) => as('busops@vendor.example', u)))
    for (let round = 0; round < 3; round++) {
      const old = await contactsOf(DELTA)
      const [newcomer] = await outsiders(DELTA, 1)
      const list = [...old, { email: newcomer, role: 'Viewer' }]
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          clients[i % clients.length].post('/setportalaccess', {
            customerNumber: DELTA,
            newContacts: list,
            oldContacts: old,
          }),
        ),
      )
      expect(replies.filter((r) => r.http === 200)).toHaveLength(1)
      expect(replies.filter((r) => r.http === 409)).toHaveLength(9)
      const now = await contactsOf(DELTA)
      expect(now.filter((c) => c.email === newcomer)).toHaveLength(1)
      expect(now).toHaveLength(old.length + 1)
    }
  }, 60_000)
})
