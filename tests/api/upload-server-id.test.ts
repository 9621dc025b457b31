/**
 * Upload from license on a real server: POST /api/uploadserverid with a licence
 * file as multipart/form-data, over HTTP (as a browser or fetch sends the form)
 * and through the portal's client in process (callForm, no socket). A single
 * server and a triad are read; a missing, oversized, binary or unusable file,
 * a malformed form, a form sent to a call that takes JSON only and the wrong
 * customer are refused with the reason, the same both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_LIMIT_BYTES, type UploadedServer } from '../../app/domain/activation-types'
import { UPLOAD_MESSAGES } from '../../app/domain/license-upload'
import { createApiClient } from '../../app/api-client/client.server'
import type { AnyCall } from '../../api/contract/define'
import { emailCalls } from '../../api/contract/emails'
import { hostCalls } from '../../api/contract/hosts'
import { EXPORT_DENIED_MESSAGE } from '../../api/access'
import { ACTIVATION_MESSAGES } from '../../app/domain/activation-rules'
import { FORM_MESSAGES } from '../../api/form-body'
import { UPLOAD_REFUSALS } from '../../api/upload-server-id'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { startTestServer, type TestServer } from './support/server'

let server: TestServer
let httpRequests: string[] = []

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const ACME = '1000001'
const TOO_LARGE = FORM_MESSAGES.tooLarge(UPLOAD_LIMIT_BYTES)
const JSON_ONLY = 'Request body must be JSON (Content-Type: application/json)'

const SINGLE = [
  '# Licence file of acme-lic09',
  'SERVER acme-lic09 00155D0A9F01 1055',
  'VENDOR ansyslmd',
  'USE_SERVER',
  'INCREMENT mech ansyslmd 2026.1231 permanent 4 \\',
  '\tVENDOR_STRING=1000001 SIGN=0',
  '',
].join('\n')

const TRIAD = [
  'SERVER head DISK_SERIAL_NUM=0A0B0C01 27000',
  'SERVER second DISK_SERIAL_NUM=0a0b0c02 27000',
  'SERVER third DISK_SERIAL_NUM=0a0b0c03 27000',
  'VENDOR ansyslmd',
].join('\r\n')

beforeAll(async () => {
  server = await startTestServer()
  server.server.on('request', (req: { url?: string }) => httpRequests.push(req.url ?? ''))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

function licenseForm(content: BlobPart | null, customerNumber: string | null = ACME, fileName = 'license.lic') {
  const form = new FormData()
  if (customerNumber !== null) form.set('customerNumber', customerNumber)
  if (content !== null) form.set('file', new File([content], fileName, { type: 'text/plain' }))
  return form
}

/** The form over HTTP, as fetch (or a browser) sends it. */
async function overHttp(form: FormData, email = ADMIN, path = '/uploadserverid') {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await getAccessToken(server.url, email)}` },
    body: form,
  })
  return { status: res.status, json: (await res.json()) as { status: string; data?: unknown; err?: string } }
}

/** The form through the portal's client, in this process. */
async function inProcess(form: FormData, email = ADMIN, call: AnyCall = hostCalls.upload) {
  httpRequests = []
  const reply = await createApiClient(server.config, await getAccessToken(server.url, email)).sendForm(call, form)
  expect(httpRequests).toEqual([])
  return reply
}

/** The same form both ways: the same envelope and status. */
async function bothWays(form: () => FormData, email = ADMIN, call: AnyCall = hostCalls.upload) {
  const http = await overHttp(form(), email, call.path)
  const local = await inProcess(form(), email, call)
  if (http.json.status === 'SUCCESS') expect(local).toEqual(http.json)
  else expect(local).toEqual({ ...http.json, httpStatus: http.status })
  return http
}

const refused = (err: string) => ({ status: 'FAILURE', err })

describe('POST /api/uploadserverid', () => {
  it('reads the host of a single-server licence file, both ways', async () => {
    const r = await bothWays(() => licenseForm(SINGLE))
    expect(r.status).toBe(200)
    expect(r.json.data).toEqual({
      serverName: 'acme-lic09',
      serverId: '00155d0a9f01',
      serverIdType: 'ETHERNET',
      quorum: 1,
      numServers: 1,
    } satisfies UploadedServer)
  })

  it('reads a triad, its master first, and is open to view-only users', async () => {
    const r = await bothWays(() => licenseForm(TRIAD), VIEWER)
    expect(r.json.data).toEqual({
      serverName: 'head,second,third',
      serverId: '0a0b0c01,0a0b0c02,0a0b0c03',
      serverIdType: 'DISK_SERIAL_NUM,DISK_SERIAL_NUM,DISK_SERIAL_NUM',
      quorum: 2,
      numServers: 3,
    })
  })

  it('accepts a file of exactly the limit and refuses one byte more, both ways', async () => {
    const padded = (size: number) => SINGLE + '#'.repeat(size - SINGLE.length)
    expect((await bothWays(() => licenseForm(padded(UPLOAD_LIMIT_BYTES)))).status).toBe(200)
    const r = await bothWays(() => licenseForm(padded(UPLOAD_LIMIT_BYTES + 1)))
    expect([r.status, r.json]).toEqual([400, refused(TOO_LARGE)])
  })

  it('refuses a form larger than any request body with the same words', async () => {
    const huge = () => licenseForm('#'.repeat(2 * 1024 * 1024))
    const r = await bothWays(huge)
    expect([r.status, r.json]).toEqual([400, refused(TOO_LARGE)])
  })

  it('refuses a file that is not text, both ways', async () => {
    const png = () => licenseForm(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))
    expect((await bothWays(png)).json).toEqual(refused(UPLOAD_REFUSALS.notText))
    const nul = await bothWays(() => licenseForm(`${SINGLE}\u0000`))
    expect([nul.status, nul.json]).toEqual([400, refused(UPLOAD_REFUSALS.notText)])
  })

  it('says why a text file names no usable host', async () => {
    const none = await bothWays(() => licenseForm('INCREMENT a b 1.0 permanent 1\n'))
    expect([none.status, none.json]).toEqual([400, refused(UPLOAD_MESSAGES.noServer)])
    const two = await bothWays(() => licenseForm('SERVER a 001122aabbcc\nSERVER b 001122aabbcd\n'))
    expect(two.json).toEqual(refused(UPLOAD_MESSAGES.serverCount(2)))
    const badId = await bothWays(() => licenseForm('SERVER a DISK_SERIAL_NUM=12 1055\n'))
    expect(badId.json.err).toMatch(/^Invalid DISK_SERIAL_NUM server id: 12\./)
    expect((await bothWays(() => licenseForm(''))).json).toEqual(refused(UPLOAD_MESSAGES.noServer))
  })

  it('refuses a form without a file, or with the empty file part of a form where none was chosen', async () => {
    expect((await bothWays(() => licenseForm(null))).json).toEqual(refused(UPLOAD_REFUSALS.noFile))
    expect((await bothWays(() => licenseForm('', ACME, ''))).json).toEqual(refused(UPLOAD_REFUSALS.noFile))
    const text = () => {
      const form = licenseForm(null)
      form.set('file', SINGLE)
      return form
    }
    expect((await bothWays(text)).json).toEqual(refused(UPLOAD_REFUSALS.noFile))
  })

  it('refuses without a customer, for another customer, under export control and without the activations permission', async () => {
    const missing = await bothWays(() => licenseForm(SINGLE, null))
    expect(missing.status).toBe(400)
    expect(missing.json.err).toMatch(/^customerNumber: /)
    const other = await bothWays(() => licenseForm(SINGLE, '1000002'))
    expect(other.status).toBe(403)
    const denied = await bothWays(() => licenseForm(SINGLE, '1000005'), 'busops@vendor.example')
    expect([denied.status, denied.json]).toEqual([403, refused(EXPORT_DENIED_MESSAGE)])
    const generator = await bothWays(() => licenseForm(SINGLE), 'raj.patel@acme.example')
    expect([generator.status, generator.json]).toEqual([403, refused(ACTIVATION_MESSAGES.noAccess)])
  })

  it('asks for a form when sent JSON', async () => {
    const res = await fetch(`${server.url}/api/uploadserverid`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await getAccessToken(server.url, ADMIN)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ customerNumber: ACME, file: SINGLE }),
    })
    expect([res.status, await res.json()]).toEqual([400, refused(UPLOAD_REFUSALS.notForm)])
  })

  it('refuses a multipart body it cannot read', async () => {
    const res = await fetch(`${server.url}/api/uploadserverid`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await getAccessToken(server.url, ADMIN)}`,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: 'this is no form',
    })
    expect([res.status, await res.json()]).toEqual([400, refused(FORM_MESSAGES.malformed)])
  })
})

describe('forms to the other calls', () => {
  it('are refused as not JSON, over HTTP and in process alike', async () => {
    const r = await bothWays(() => licenseForm(SINGLE), ADMIN, emailCalls.list.page)
    expect([r.status, r.json]).toEqual([400, refused(JSON_ONLY)])
  })
})
