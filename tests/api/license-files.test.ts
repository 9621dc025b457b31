/**
 * Licence files on a real server and database: a customer's file and a host's
 * merged file read back line by line (SERVER, VENDOR, INCREMENT), the signature
 * checked with the server's key and broken by an edited count or host id, the
 * same text when nothing changed, a triad's three SERVER lines, a shared host's
 * file with both customers and the _shared name (and without the customers a
 * caller may not see), BORROW following the host flag and the entitlement, the
 * preview of changes, and the e-mail in the outbox with the file attached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { first } from '../../db/query'
import { accounts, auditLog, emailAttachments, emails, hosts } from '../../db/tables'
import { demoActivationId } from '../../db/seed-entitlements'
import { verifyLicense } from '../../api/license-signature'
import { LICENSE_EMAIL_KIND, licenseEmailSubject } from '../../api/license-files'
import {
  BORROWED_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  noDaemonsMessage,
  type LicenseEmailResult,
  type LicenseFile,
  type LicensePreview,
} from '../../app/domain/activation-types'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { itRefusesOtherAndExportControlledCustomers } from './support/refusals'
import {
  demoHost,
  fulfillmentBody,
  incrementOf,
  lastAudit,
  licenseLines,
  operations,
  withoutIssueDay,
} from './support/activations'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const GENERATOR = 'raj.patel@acme.example'
const BUSOPS = 'busops@vendor.example'
const PARTNER = 'partner@channel.example'
const BOREALIS_ADMIN = 'marta.lindqvist@borealis.example'
const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'
const LIC01 = demoHost('acme-lic01')
const TRIAD = demoHost('acme-triad')
const SHARED = demoHost('shared')

const ACTIVE_LEASE = demoActivationId('acme-lease-active')
const BORROW_LEASE = demoActivationId('acme-lease-last-weeks')

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const hostBody = (customerNumber: string, host: { serverId: string; serverIdType: string }, extra = {}) => ({
  customerNumber,
  serverId: host.serverId,
  serverIdType: host.serverIdType,
  ...extra,
})

async function file(email: string, path: string, body: Record<string, unknown>) {
  const r = await (await as(email)).post<LicenseFile>(path, body)
  expect(r.http, JSON.stringify(r.body)).toBe(200)
  return r.body.data!
}

/** Returns what the customer has on the host, then activates these counts. */
async function activate(email: string, customer: string, host: typeof LIC01, activations: Record<string, number>) {
  const api = await as(email)
  const on = await api.post<{ ActivationId: string; ansysActivated: number }[]>('/fulfillments/entitlements', {
    customerNumber: customer,
    ...host,
  })
  if (on.body.data!.length > 0) {
    const back = await api.post(
      '/fulfillments/return',
      fulfillmentBody(
        customer,
        host,
        Object.fromEntries(on.body.data!.map((r) => [r.ActivationId, -r.ansysActivated])),
      ),
    )
    expect(back.http, JSON.stringify(back.body)).toBe(200)
  }
  const r = await api.post('/fulfillments/create', fulfillmentBody(customer, host, activations))
  expect(r.http, JSON.stringify(r.body)).toBe(200)
}

const key = () => server.config.licenseSigningKey

describe('POST /fulfillments/license', () => {
  it('writes the customer’s activations on the host as a FlexNet file the portal’s key verifies', async () => {
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 2, [BORROW_LEASE]: 1 })
    const f = await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01))
    expect(f).toMatchObject({
      licenseFileName: `license_${ACME}_${LIC01.serverId}.lic`,
      shared: false,
      customers: [ACME],
    })
    const lines = licenseLines(f.licenseText)
    expect(lines.filter((l) => l.startsWith('SERVER '))).toEqual([`SERVER acme-lic01 ${LIC01.serverId} 1055`])
    expect(lines.filter((l) => l.startsWith('VENDOR '))).toEqual(['VENDOR ansyslmd'])
    expect(lines).toContain('USE_SERVER')
    const increments = lines.filter((l) => l.startsWith('INCREMENT '))
    expect(increments).toHaveLength(2)
    const active = incrementOf(f.licenseText, ACTIVE_LEASE)!
    expect(active.split(' ').slice(1, 6)).toEqual([
      'Ansys_Mechanical_Enterprise',
      'ansyslmd',
      expect.stringMatching(/^\d{4}\.\d{4}$/),
      expect.stringMatching(/^\d{2}-[a-z]{3}-\d{4}$/),
      '2',
    ])
    expect(active).toContain(`VENDOR_STRING="customer=${ACME}"`)
    expect(active).toContain('NOTICE="Acme Aerospace"')
    expect(lines.filter((l) => /^# \d+\. /.test(l)).map((l) => l.split(' ')[1])).toEqual(['1.', '2.'])
    expect(f.licenseText).toContain("signed by this portal's licence key")

    expect(verifyLicense(f.licenseText, key())).toMatchObject({ ok: true, badLines: [] })
    const count = licenseLines(f.licenseText)
      .map((l) => (l === active ? l.split(' ').with(5, '3').join(' ') : l))
      .join('\n')
    expect(incrementOf(count, ACTIVE_LEASE)!.split(' ')[5]).toBe('3')
    expect(verifyLicense(count, key()).ok).toBe(false)
    const hostId = f.licenseText.replace(`SERVER acme-lic01 ${LIC01.serverId}`, 'SERVER acme-lic01 00155d0a1b2d')
    expect(verifyLicense(hostId, key()).ok).toBe(false)
    expect(verifyLicense(hostId, key()).badLines).toHaveLength(2)
    expect(verifyLicense(f.licenseText, 'another key of 16 chars').ok).toBe(false)
  })

  it('gives the same text when nothing changed, apart from the issue day', async () => {
    const first = await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01))
    const second = await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01))
    expect(withoutIssueDay(second.licenseText)).toBe(withoutIssueDay(first.licenseText))
    const download = await file(ADMIN, '/fulfillments/download', hostBody(ACME, LIC01))
    expect(withoutIssueDay(download.licenseText)).toBe(withoutIssueDay(first.licenseText))
  })

  it('borrows where the host is borrowable and the entitlement allows it; the flag is stored on the host', async () => {
    const borrowing = (text: string) => ({
      borrow: incrementOf(text, BORROW_LEASE)!.split(' ').includes('BORROW'),
      plain: incrementOf(text, ACTIVE_LEASE)!.split(' ').includes('BORROW'),
    })
    const on = await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01))
    expect(borrowing(on.licenseText)).toEqual({ borrow: true, plain: false })

    const viewer = await as(VIEWER)
    const refused = await viewer.post('/fulfillments/license', hostBody(ACME, LIC01, { [BORROWED_FIELD]: false }))
    expect([refused.http, refused.body.err]).toEqual([403, NOT_ENOUGH_PERMISSIONS])
    expect((await viewer.post('/fulfillments/license', hostBody(ACME, LIC01, { [BORROWED_FIELD]: true }))).http).toBe(
      200,
    )

    const off = await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01, { [BORROWED_FIELD]: false }))
    expect(borrowing(off.licenseText)).toEqual({ borrow: false, plain: false })
    const host = (await first(server.db.select().from(hosts).where(eq(hosts.hostIds, LIC01.serverId))))!
    expect(host.borrowable).toBe(0)
    const audit = await lastAudit(server.db, eq(auditLog.area, 'hosts'))
    expect(audit).toMatchObject({ actorEmail: ADMIN, action: 'borrowable', after: { [BORROWED_FIELD]: false } })
    expect(borrowing((await file(ADMIN, '/fulfillments/download', hostBody(ACME, LIC01))).licenseText).borrow).toBe(
      false,
    )
    await file(ADMIN, '/fulfillments/license', hostBody(ACME, LIC01, { [BORROWED_FIELD]: true }))
  })

  it('writes three SERVER lines for a triad, the master first', async () => {
    await activate(ADMIN, ACME, TRIAD, { [ACTIVE_LEASE]: 1 })
    const f = await file(ADMIN, '/fulfillments/license', hostBody(ACME, TRIAD))
    const ids = TRIAD.serverId.split(',')
    expect(licenseLines(f.licenseText).filter((l) => l.startsWith('SERVER '))).toEqual([
      `SERVER acme-lic-triad-a ${ids[0]} 1055`,
      `SERVER acme-lic-triad-b ${ids[1]} 1055`,
      `SERVER acme-lic-triad-c ${ids[2]} 1055`,
    ])
    expect(verifyLicense(f.licenseText, key()).ok).toBe(true)
  })

  it('answers 404 with the spec words for a host without the customer’s activations', async () => {
    const api = await as(ADMIN)
    await activate(ADMIN, ACME, TRIAD, { [ACTIVE_LEASE]: 1 })
    const back = await api.post('/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -1 }))
    expect(back.http).toBe(200)
    for (const path of ['/fulfillments/license', '/fulfillments/download']) {
      const r = await api.post(path, hostBody(ACME, TRIAD))
      expect([path, r.http, r.body.err]).toEqual([path, 404, noDaemonsMessage(TRIAD.serverId)])
    }
    const elsewhere = await api.post('/fulfillments/license', hostBody(ACME, SHARED))
    expect(elsewhere.http).toBe(404)
  })
})

describe('POST /fulfillments/download of a shared host', () => {
  const borealisLease = demoActivationId('borealis-lease-active')
  const cobaltLease = demoActivationId('cobalt-fluent-lease')

  it('is named after the customers whose lines it holds, not after the customer who asked', async () => {
    // Borealis, in the host's group, returns everything it had there; Cobalt alone has lines.
    const api = await as(PARTNER)
    const on = await api.post<{ ActivationId: string; ansysActivated: number }[]>('/fulfillments/entitlements', {
      customerNumber: BOREALIS,
      ...SHARED,
    })
    const held = Object.fromEntries(on.body.data!.map((r) => [r.ActivationId, -r.ansysActivated]))
    if (Object.keys(held).length > 0) {
      const back = await api.post('/fulfillments/return', fulfillmentBody(BOREALIS, SHARED, held))
      expect(back.http, JSON.stringify(back.body)).toBe(200)
    }
    await activate(PARTNER, COBALT, SHARED, { [cobaltLease]: 1 })
    const f = await file(PARTNER, '/fulfillments/download', hostBody(BOREALIS, SHARED))
    expect(f).toMatchObject({
      licenseFileName: `license_${COBALT}_${SHARED.serverId}.lic`,
      shared: false,
      customers: [COBALT],
    })
  })

  it('merges every customer’s activations into one _shared file, numbered through, signed', async () => {
    await activate(PARTNER, BOREALIS, SHARED, { [borealisLease]: 1 })
    await activate(PARTNER, COBALT, SHARED, { [cobaltLease]: 2 })
    const f = await file(PARTNER, '/fulfillments/download', hostBody(BOREALIS, SHARED))
    expect(f).toMatchObject({
      licenseFileName: `license_${BOREALIS}-${COBALT}_${SHARED.serverId}_shared.lic`,
      shared: true,
      customers: [BOREALIS, COBALT],
    })
    const lines = licenseLines(f.licenseText)
    expect(lines.filter((l) => l.startsWith('SERVER '))).toHaveLength(1)
    expect(lines.filter((l) => l === 'USE_SERVER')).toHaveLength(1)
    expect(incrementOf(f.licenseText, borealisLease)).toContain(`VENDOR_STRING="customer=${BOREALIS}"`)
    expect(incrementOf(f.licenseText, cobaltLease)).toContain(`VENDOR_STRING="customer=${COBALT}"`)
    const numbers = lines.filter((l) => /^# \d+\. /.test(l)).map((l) => Number(l.split(' ')[1].replace('.', '')))
    expect(numbers).toEqual(numbers.map((_, i) => i + 1))
    expect(f.licenseText).not.toMatch(/\n\n\n/)
    expect(verifyLicense(f.licenseText, key()).ok).toBe(true)
  })

  it('leaves out the customers the caller may not see', async () => {
    const f = await file(BOREALIS_ADMIN, '/fulfillments/download', hostBody(BOREALIS, SHARED))
    expect(f).toMatchObject({ licenseFileName: `license_${BOREALIS}_${SHARED.serverId}.lic`, customers: [BOREALIS] })
    expect(f.licenseText).not.toContain(`customer=${COBALT}`)
    expect(incrementOf(f.licenseText, cobaltLease)).toBeUndefined()
  })

  it('leaves out a customer whose export status is no longer approved', async () => {
    await server.db.update(accounts).set({ exportControlStatus: 'Denied' }).where(eq(accounts.accountId, COBALT))
    try {
      const f = await file(PARTNER, '/fulfillments/download', hostBody(BOREALIS, SHARED))
      expect(f.customers).toEqual([BOREALIS])
      expect(f.licenseText).not.toContain(`customer=${COBALT}`)
    } finally {
      await server.db.update(accounts).set({ exportControlStatus: '' }).where(eq(accounts.accountId, COBALT))
    }
  })
})

describe('POST /fulfillments/preview', () => {
  it('shows the merged file now and after the changes, writing nothing', async () => {
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 2, [BORROW_LEASE]: 1 })
    const subscription = demoActivationId('acme-subscription')
    const api = await as(VIEWER)
    const before = await file(ADMIN, '/fulfillments/download', hostBody(ACME, LIC01))
    const r = await api.post<LicensePreview>(
      '/fulfillments/preview',
      hostBody(ACME, LIC01, {
        changes: { [ACME]: operations({ [BORROW_LEASE]: -1, [subscription]: 3, [ACTIVE_LEASE]: 1 }) },
      }),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const { current, proposed } = r.body.data!
    expect(current).toBe(before.licenseText)
    expect(incrementOf(proposed, BORROW_LEASE)).toBeUndefined()
    expect(incrementOf(proposed, subscription)!.split(' ')[5]).toBe('3')
    expect(incrementOf(proposed, ACTIVE_LEASE)!.split(' ')[5]).toBe('3')
    expect((await file(ADMIN, '/fulfillments/download', hostBody(ACME, LIC01))).licenseText).toBe(before.licenseText)

    const everything = await api.post<LicensePreview>(
      '/fulfillments/preview',
      hostBody(ACME, LIC01, { changes: { [ACME]: operations({ [BORROW_LEASE]: -1, [ACTIVE_LEASE]: -2 }) } }),
    )
    expect(everything.body.data!.proposed).toBe('')
    const unknown = await api.post(
      '/fulfillments/preview',
      hostBody(ACME, LIC01, { changes: { [ACME]: operations({ 'NOT-AN-ID': 1 }) } }),
    )
    expect(unknown.http).toBe(404)
  })

  it('skips changes for customers the caller may not see', async () => {
    const r = await (
      await as(ADMIN)
    ).post<LicensePreview>(
      '/fulfillments/preview',
      hostBody(ACME, LIC01, {
        changes: { [BOREALIS]: operations({ [demoActivationId('borealis-lease-active')]: 1 }) },
      }),
    )
    expect(r.http).toBe(200)
    expect(r.body.data!.proposed).toBe(r.body.data!.current)
  })
})

describe('POST /fulfillments/email', () => {
  const outbox = async (id: number) => (await first(server.db.select().from(emails).where(eq(emails.id, id))))!
  const attachmentsOf = async (id: number) =>
    await server.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, id))

  it('writes the host’s file into the outbox of the customer, to its administrators, attached as text', async () => {
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 1 })
    const r = await (
      await as(ADMIN)
    ).post<LicenseEmailResult>(
      '/fulfillments/email',
      hostBody(ACME, LIC01, { licenseText: 'INCREMENT forged', supportEmailTo: 'someone@else.example' }),
    )
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const { emailId, to } = r.body.data!
    expect(to).not.toContain('someone@else.example')
    expect(to).toContain(ADMIN)
    const mail = await outbox(emailId)
    expect(mail).toMatchObject({
      accountId: ACME,
      kind: LICENSE_EMAIL_KIND,
      subject: 'Licence file for acme-lic01',
      to: to.join(', '),
    })
    expect(mail.body).toContain(LIC01.serverId)
    expect(mail.body).toContain('Acme Aerospace')
    const [attachment] = await attachmentsOf(emailId)
    expect(attachment).toMatchObject({
      fileName: `license_${ACME}_${LIC01.serverId}.lic`,
      contentType: 'text/plain',
    })
    expect(attachment.content).not.toContain('forged')
    expect(verifyLicense(attachment.content, key()).ok).toBe(true)
    expect(incrementOf(attachment.content, ACTIVE_LEASE)).toBeDefined()
    const audit = await lastAudit(server.db, and(eq(auditLog.accountId, ACME), eq(auditLog.area, 'activations')))
    expect(audit).toMatchObject({ actorEmail: ADMIN, action: 'email licence', after: { emailId } })
  })

  it('refuses a view-only user with 403 and writes no e-mail, attachment or audit record', async () => {
    await activate(ADMIN, ACME, LIC01, { [ACTIVE_LEASE]: 1 })
    const count = async () => ({
      emails: (await server.db.select().from(emails)).length,
      attachments: (await server.db.select().from(emailAttachments)).length,
      audit: (await server.db.select().from(auditLog)).length,
    })
    const before = await count()
    for (const email of [VIEWER, 'support@vendor.example', 'sales@vendor.example']) {
      const r = await (await as(email)).post('/fulfillments/email', hostBody(ACME, LIC01))
      expect([email, r.http, r.body]).toEqual([email, 403, { status: 'FAILURE', err: NOT_ENOUGH_PERMISSIONS }])
    }
    expect(await count()).toEqual(before)
  })

  it('sends a shared host’s file to the support address first when the customer has the shared-licence permission', async () => {
    // Borealis activates on Acme's host, so it is shared (busops sees both customers).
    await activate(BUSOPS, BOREALIS, LIC01, { [demoActivationId('borealis-lease-active')]: 1 })
    const shared = await (await as(BUSOPS)).post<LicenseEmailResult>('/fulfillments/email', hostBody(ACME, LIC01))
    expect(shared.http, JSON.stringify(shared.body)).toBe(200)
    expect(shared.body.data!.to[0]).toBe('support@acme.example')
    expect(shared.body.data!.to).toContain(ADMIN)
    expect((await attachmentsOf(shared.body.data!.emailId))[0].fileName).toBe(
      `license_${ACME}-${BOREALIS}_${LIC01.serverId}_shared.lic`,
    )
    expect((await outbox(shared.body.data!.emailId)).body).toContain(BOREALIS)

    // Acme's administrator does not see Borealis: its file holds Acme alone and is not shared.
    const own = await (await as(ADMIN)).post<LicenseEmailResult>('/fulfillments/email', hostBody(ACME, LIC01))
    expect(own.body.data!.to).not.toContain('support@acme.example')
    expect((await outbox(own.body.data!.emailId)).body).not.toContain(BOREALIS)

    // Shared web seats (hasSharedLicense) are not the shared-licence-server permission.
    const permission = async (value: number) => {
      await server.db.update(accounts).set({ sharedServerSupport: value }).where(eq(accounts.accountId, ACME))
    }
    await permission(0)
    try {
      const without = await (await as(BUSOPS)).post<LicenseEmailResult>('/fulfillments/email', hostBody(ACME, LIC01))
      expect(without.http, JSON.stringify(without.body)).toBe(200)
      expect(without.body.data!.to).not.toContain('support@acme.example')
      expect(without.body.data!.to).toContain(ADMIN)
    } finally {
      await permission(1)
    }
  })

  it('keeps the subject within 50 characters', () => {
    expect(licenseEmailSubject('acme-lic01')).toBe('Licence file for acme-lic01')
    const long = licenseEmailSubject('a-very-long-licence-server-name-for-the-cluster-01')
    expect(long).toHaveLength(50)
    expect(long.endsWith('…')).toBe(true)
  })

  it('escapes what the body shows from the data', async () => {
    await server.db
      .update(accounts)
      .set({ accountName: 'Acme <script>alert(1)</script> & Co' })
      .where(eq(accounts.accountId, ACME))
    try {
      const r = await (await as(ADMIN)).post<LicenseEmailResult>('/fulfillments/email', hostBody(ACME, LIC01))
      const body = (await outbox(r.body.data!.emailId)).body
      expect(body).not.toContain('<script>')
      expect(body).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co')
    } finally {
      await server.db.update(accounts).set({ accountName: 'Acme Aerospace' }).where(eq(accounts.accountId, ACME))
    }
  })

  it('answers 404 and writes nothing for a host without activations', async () => {
    const before = (await server.db.select().from(emails)).length
    await activate(ADMIN, ACME, TRIAD, { [ACTIVE_LEASE]: 1 })
    const api = await as(ADMIN)
    await api.post('/fulfillments/return', fulfillmentBody(ACME, TRIAD, { [ACTIVE_LEASE]: -1 }))
    const r = await api.post('/fulfillments/email', hostBody(ACME, TRIAD))
    expect([r.http, r.body.err]).toEqual([404, noDaemonsMessage(TRIAD.serverId)])
    expect((await server.db.select().from(emails)).length).toBe(before)
  })
})

describe('who may generate', () => {
  it('refuses a user without the activations permission', async () => {
    const api = await as(GENERATOR)
    for (const path of ['/fulfillments/license', '/fulfillments/download', '/fulfillments/email']) {
      const r = await api.post(path, hostBody(ACME, LIC01))
      expect([path, r.http, r.body.err]).toEqual([path, 403, ACTIVATION_MESSAGES.noAccess])
    }
  })

  itRefusesOtherAndExportControlledCustomers(as, [
    ['/fulfillments/license', { ...LIC01 }],
    ['/fulfillments/download', { ...LIC01 }],
    ['/fulfillments/preview', { ...LIC01, changes: {} }],
    ['/fulfillments/email', { ...LIC01 }],
  ])
})
