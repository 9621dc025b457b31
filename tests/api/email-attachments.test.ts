/**
 * E-mail attachments on the whole server: /getemail lists an e-mail's files
 * (name, type, size in bytes), /getemail/attachment reads one, and the portal's
 * download route answers it as a plain-text file under its own name. An
 * attachment of another e-mail, of a deleted e-mail or of a customer the caller
 * may not see is not found or refused, like its e-mail.
 *
 * The e-mails are written here on 1000002, as the licence e-mail writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailAttachments, emails } from '../../db/tables'
import { clearTokenCache, getAccessToken, portalSignIn } from '../support/tokens'
import { startPortalTestServer } from './support/portal'
import { apiClient, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const PARTNER = 'partner@channel.example'
const BUSOPS = 'busops@vendor.example'
const BOREALIS = '1000002'
const FILE_NAME = 'license_1000002_00155d0a7e01.lic'
const LICENSE = 'SERVER bm-lic 00155d0a7e01 1055\nVENDOR ansyslmd\n# 1. Motoröl Pro (A-1)\n'
const NOTE = '<script>alert(1)</script>'

let withFiles: number
let withoutFiles: number
let licenseId: number
let noteId: number

async function insertEmail(subject: string, files: { fileName: string; contentType: string; content: string }[]) {
  const [email] = await server.db
    .insert(emails)
    .values({
      accountId: BOREALIS,
      date: '2026-01-15 10:00:00',
      subject,
      to: 'marta.lindqvist@borealis.example',
      body: '<p>Your licence file is attached.</p>',
      kind: 'licence-file',
    })
    .returning()
  const ids: number[] = []
  for (const f of files) {
    const [attachment] = await server.db
      .insert(emailAttachments)
      .values({ emailId: email.id, ...f })
      .returning()
    ids.push(attachment.id)
  }
  return { id: email.id, ids }
}

beforeAll(async () => {
  server = await startPortalTestServer()
  const license = await insertEmail('Licence file for bm-lic', [
    { fileName: FILE_NAME, contentType: 'text/plain', content: LICENSE },
    { fileName: 'note "1".html', contentType: 'text/html', content: NOTE },
  ])
  withFiles = license.id
  ;[licenseId, noteId] = license.ids
  withoutFiles = (await insertEmail('No files here', [])).id
}, 240_000)

afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('POST /api/getemail', () => {
  it('lists the e-mail’s attachments with their size in bytes, and none for an e-mail without', async () => {
    const api = await as(PARTNER)
    const r = await api.post<{ attachments: unknown[] }>('/getemail', { customerNumber: BOREALIS, id: withFiles })
    expect(r.body.data!.attachments).toEqual([
      { id: licenseId, fileName: FILE_NAME, contentType: 'text/plain', size: Buffer.byteLength(LICENSE) },
      { id: noteId, fileName: 'note "1".html', contentType: 'text/html', size: NOTE.length },
    ])
    // The ö is two bytes.
    expect(Buffer.byteLength(LICENSE)).toBe(LICENSE.length + 1)
    const none = await api.post<{ attachments: unknown[] }>('/getemail', { customerNumber: BOREALIS, id: withoutFiles })
    expect(none.body.data!.attachments).toEqual([])
  })
})

describe('POST /api/getemail/attachment', () => {
  it('reads one attachment', async () => {
    const r = await (
      await as(PARTNER)
    ).post('/getemail/attachment', { customerNumber: BOREALIS, emailId: withFiles, attachmentId: licenseId })
    expect([r.http, r.body]).toEqual([
      200,
      { status: 'SUCCESS', data: { fileName: FILE_NAME, contentType: 'text/plain', content: LICENSE } },
    ])
  })

  it('does not find it under another e-mail, under a deleted e-mail, or for another of the caller’s customers', async () => {
    const partner = await as(PARTNER)
    const read = (body: Record<string, unknown>) => partner.post('/getemail/attachment', body)
    const other = await read({ customerNumber: BOREALIS, emailId: withoutFiles, attachmentId: licenseId })
    expect([other.http, other.body]).toEqual([404, { status: 'FAILURE', err: 'Attachment not found' }])
    expect((await read({ customerNumber: '1000003', emailId: withFiles, attachmentId: licenseId })).http).toBe(404)
    const deleted = await insertEmail('Deleted', [{ fileName: 'x.lic', contentType: 'text/plain', content: 'x' }])
    await server.db.update(emails).set({ deletedAt: Date.now() }).where(eq(emails.id, deleted.id))
    expect((await read({ customerNumber: BOREALIS, emailId: deleted.id, attachmentId: deleted.ids[0] })).http).toBe(404)
  })

  it('refuses a customer the caller may not see, and bad ids', async () => {
    const admin = await as('admin@acme.example')
    const body = { customerNumber: BOREALIS, emailId: withFiles, attachmentId: licenseId }
    expect((await admin.post('/getemail/attachment', body)).http).toBe(403)
    const partner = await as(PARTNER)
    expect((await partner.post('/getemail/attachment', { ...body, attachmentId: 'x' })).http).toBe(400)
    expect((await partner.post('/getemail/attachment', { ...body, emailId: 0 })).http).toBe(400)
  })
})

describe('GET /emails/:id/attachments/:attachmentId (the portal)', () => {
  const cookies = new Map<string, string>()
  beforeAll(async () => {
    for (const email of [PARTNER, BUSOPS]) cookies.set(email, (await portalSignIn(server.url, email)).cookie)
  })
  const download = (emailId: number, attachmentId: number | string, customer = BOREALIS, email = PARTNER) =>
    fetch(`${server.url}/emails/${emailId}/attachments/${attachmentId}?customer=${customer}`, {
      headers: { cookie: cookies.get(email)! },
      redirect: 'manual',
    })

  it('answers the file as a plain-text download under its name', async () => {
    const res = await download(withFiles, licenseId)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${FILE_NAME}"`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe(LICENSE)
  })

  it('answers a stored HTML file as text too, with a name that cannot break the header', async () => {
    const res = await download(withFiles, noteId)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="note__1_.html"; filename*=UTF-8''note%20%221%22.html`,
    )
    expect(await res.text()).toBe(NOTE)
  })

  it('answers 404 for an attachment of another e-mail or customer, and for a malformed id', async () => {
    expect((await download(withoutFiles, licenseId)).status).toBe(404)
    expect((await download(withFiles, licenseId, '1000001', BUSOPS)).status).toBe(404)
    expect((await download(withFiles, licenseId, BOREALIS, BUSOPS)).status).toBe(200)
    expect((await download(withFiles, 'abc')).status).toBe(404)
  })
})
