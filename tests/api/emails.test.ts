import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { emails } from '../../db/tables'
import { first } from '../../db/query'
import { HOSTILE_SUBJECT } from '../../db/seed-emails'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

type Summary = {
  id: number
  date: string
  subject: string
  to: string
  customerNumber: string
  customerName: string
  deliveryState: string | null
}
type Full = Summary & { body: string }

async function idOf(accountId: string, subject: string, deleted = false) {
  const row = await first(
    server.db
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(
          eq(emails.accountId, accountId),
          eq(emails.subject, subject),
          deleted ? isNotNull(emails.deletedAt) : undefined,
        ),
      )
      .orderBy(emails.id),
  )
  if (!row) throw new Error(`no demo e-mail ${accountId} ${subject}`)
  return row.id
}

async function liveCount(accountId: string) {
  const rows = await server.db
    .select({ id: emails.id, deletedAt: emails.deletedAt })
    .from(emails)
    .where(eq(emails.accountId, accountId))
  return rows.filter((r) => r.deletedAt === null).length
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('POST /api/getemails', () => {
  it('lists the customer’s e-mails newest first, without bodies', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<Summary[]>('/getemails', { customerNumber: '1000001' })
    expect(r.http).toBe(200)
    expect(r.body.status).toBe('SUCCESS')
    const rows = r.body.data!
    expect(rows).toHaveLength(await liveCount('1000001'))
    expect(Object.keys(rows[0]).sort()).toEqual([
      'customerName',
      'customerNumber',
      'date',
      'deliveryState',
      'id',
      'subject',
      'to',
    ])
    // Written before delivery (none is configured here): kept in the portal only.
    expect(rows.every((row) => row.deliveryState === null)).toBe(true)
    expect(rows.every((row) => row.customerNumber === '1000001' && row.customerName === 'Acme Aerospace')).toBe(true)
    const dates = rows.map((row) => row.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(dates[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('leaves deleted e-mails out', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<Summary[]>('/getemails', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'subject', method: 'CONTAINS', value: 'acme-old-server' }] },
    })
    expect(r.body.data).toEqual([])
  })

  it('pages with offset and limit and with the continuation token', async () => {
    const api = await as('admin@acme.example')
    const first = await api.post<Summary[]>('/getemails', { customerNumber: '1000001', limit: 20 })
    expect(first.body.data).toHaveLength(20)
    expect(first.body.token).toBeTruthy()
    const next = await api.post<Summary[]>('/getemails', {
      customerNumber: '1000001',
      limit: 20,
      token: first.body.token,
    })
    const byOffset = await api.post<Summary[]>('/getemails', { customerNumber: '1000001', limit: 20, offset: 20 })
    expect(next.body.data).toEqual(byOffset.body.data)
    expect(next.body.data!.length).toBe((await liveCount('1000001')) - 20)
    expect(next.body.token).toBeUndefined()
  })

  it('filters (case-insensitive contains, IN) and sorts', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<Summary[]>('/getemails', {
      customerNumber: '1000001',
      filter: {
        condition: 'ALL',
        criteria: [
          { name: 'subject', method: 'CONTAINS', value: 'LICENCE FILE', casefold: true },
          { name: 'to', method: 'IN', value: ['raj.patel@acme.example'] },
        ],
      },
      sorting: [
        { name: 'subject', direction: 'asc' },
        { name: 'date', direction: 'desc' },
      ],
    })
    const rows = r.body.data!
    expect(rows.length).toBeGreaterThan(2)
    expect(rows.every((row) => row.subject.startsWith('Licence file') && row.to === 'raj.patel@acme.example')).toBe(
      true,
    )
    expect(rows.map((row) => row.subject)).toEqual([...rows.map((row) => row.subject)].sort())
  })

  it('refuses an unknown column and an unknown method', async () => {
    const api = await as('admin@acme.example')
    const unknown = await api.post('/getemails', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'body', method: 'CONTAINS', value: 'x' }] },
    })
    expect(unknown.http).toBe(400)
    expect(unknown.body.err).toMatch(/Unknown column 'body'/)
    const method = await api.post('/getemails', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'subject', method: 'LIKE', value: 'x' }] },
    })
    expect(method.http).toBe(400)
  })

  it('IN: a list of values, case-insensitive with casefold, negated with not, under ALL and ANY', async () => {
    const api = await as('admin@acme.example')
    const list = async (filter: unknown) => {
      const r = await api.post<Summary[]>('/getemails', { customerNumber: '1000001', filter, limit: 1000 })
      expect(r.http).toBe(200)
      return r.body.data!
    }
    const all = await list(undefined)
    const raj = ['raj.patel@acme.example', 'lena.fischer@acme.example']
    const inRaj = await list({ criteria: [{ name: 'to', method: 'IN', value: raj }] })
    expect(inRaj.length).toBeGreaterThan(2)
    expect(inRaj).toEqual(all.filter((row) => raj.includes(row.to)))
    expect(await list({ criteria: [{ name: 'to', method: 'IN', value: raj.map((v) => v.toUpperCase()) }] })).toEqual([])
    expect(
      await list({ criteria: [{ name: 'to', method: 'in', value: raj.map((v) => v.toUpperCase()), casefold: true }] }),
    ).toEqual(inRaj)
    expect(await list({ criteria: [{ name: 'to', method: 'IN', value: raj, not: true }] })).toEqual(
      all.filter((row) => !raj.includes(row.to)),
    )
    const renewal = { name: 'subject', method: 'CONTAINS', value: 'renewal', casefold: true }
    const any = await list({ condition: 'ANY', criteria: [{ name: 'to', method: 'IN', value: raj }, renewal] })
    expect(any).toEqual(all.filter((row) => raj.includes(row.to) || /renewal/i.test(row.subject)))
    const count = await api.post<number>('/getemails/count', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'to', method: 'IN', value: raj }] },
    })
    expect(count.body.data).toBe(inRaj.length)
  })

  it('IN: an empty list matches nothing (negated, everything); more than 500 values or a non-list is refused with 400', async () => {
    const api = await as('admin@acme.example')
    const empty = await api.post<Summary[]>('/getemails', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'to', method: 'IN', value: [] }] },
    })
    expect(empty.http).toBe(200)
    expect(empty.body.data).toEqual([])
    const notEmpty = await api.post<number>('/getemails/count', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'to', method: 'IN', value: [], not: true }] },
    })
    expect(notEmpty.body.data).toBe(await liveCount('1000001'))

    const many = Array.from({ length: 501 }, (_, i) => `user${i}@acme.example`)
    const tooMany = await api.post('/getemails', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'to', method: 'IN', value: many }] },
    })
    expect(tooMany.http).toBe(400)
    expect(tooMany.body).toEqual({ status: 'FAILURE', err: 'filter.criteria.0.value: IN takes at most 500 values' })
    const fiveHundred = await api.post('/getemails/count', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'to', method: 'IN', value: many.slice(0, 500) }] },
    })
    expect(fiveHundred.http).toBe(200)
    const notAList = await api.post('/getemails/distinct', {
      customerNumber: '1000001',
      key: 'to',
      filter: { criteria: [{ name: 'to', method: 'IN', value: 'a' }] },
    })
    expect(notAList.http).toBe(400)
    expect(notAList.body.err).toBe('filter.criteria.0.value: IN needs a list of texts or numbers')
  })

  it('answers 403 for a customer the user cannot see and 400 without a customer number', async () => {
    const api = await as('admin@acme.example')
    const other = await api.post('/getemails', { customerNumber: '1000002' })
    expect(other.http).toBe(403)
    expect(other.body.status).toBe('FAILURE')
    const none = await api.post('/getemails', {})
    expect(none.http).toBe(400)
  })

  it('lets staff read any customer’s outbox', async () => {
    const api = await as('support@vendor.example')
    const r = await api.post<Summary[]>('/getemails', { customerNumber: '1000002' })
    expect(r.body.data).toHaveLength(await liveCount('1000002'))
  })
})

describe('count and distinct', () => {
  it('counts with the same filter as the list', async () => {
    const api = await as('admin@acme.example')
    const all = await api.post<number>('/getemails/count', { customerNumber: '1000001' })
    expect(all.body.data).toBe(await liveCount('1000001'))
    const filtered = await api.post<number>('/getemails/count', {
      customerNumber: '1000001',
      filter: { criteria: [{ name: 'subject', method: 'CONTAINS', value: 'renewal', casefold: true }] },
    })
    expect(filtered.body.data).toBe(4)
  })

  it('lists distinct recipients, refusing when there are more than the limit', async () => {
    const api = await as('admin@acme.example')
    const r = await api.post<string[]>('/getemails/distinct', { customerNumber: '1000001', key: 'to' })
    expect(r.body.data).toContain('admin@acme.example')
    expect(r.body.data).toEqual([...r.body.data!].sort())
    const searched = await api.post<string[]>('/getemails/distinct', {
      customerNumber: '1000001',
      key: 'to',
      filter: { criteria: [{ name: 'to', method: 'CONTAINS', value: 'RAJ', casefold: true }] },
    })
    expect(searched.body.data).toEqual([
      'admin@acme.example, raj.patel@acme.example, webmatrix.admin@acme.example',
      'raj.patel@acme.example',
    ])
    const tooMany = await api.post('/getemails/distinct', { customerNumber: '1000001', key: 'to', limit: 2 })
    expect(tooMany.http).toBe(400)
    expect(tooMany.body.err).toBe('Too many distinct values')
  })

  it('answers 403 for another customer', async () => {
    const api = await as('admin@acme.example')
    expect((await api.post('/getemails/count', { customerNumber: '1000002' })).http).toBe(403)
    expect((await api.post('/getemails/distinct', { customerNumber: '1000002', key: 'to' })).http).toBe(403)
  })
})

describe('POST /api/getemail', () => {
  it('returns the full record with its HTML body', async () => {
    const api = await as('admin@acme.example')
    const id = await idOf('1000001', HOSTILE_SUBJECT)
    const r = await api.post<Full>('/getemail', { customerNumber: '1000001', id })
    expect(r.http).toBe(200)
    expect(r.body.data).toMatchObject({
      id,
      subject: HOSTILE_SUBJECT,
      to: 'admin@acme.example',
      customerNumber: '1000001',
      customerName: 'Acme Aerospace',
    })
    // The API hands out the body as sent; the portal sanitises it for display.
    expect(r.body.data!.body).toContain('<script>')
  })

  it('answers 404, exactly as for a missing one, for an e-mail of another customer, visible or not', async () => {
    const missing = await (await as('admin@acme.example')).post('/getemail', { customerNumber: '1000001', id: 999999 })
    expect(missing.http).toBe(404)
    const borealisId = await idOf('1000002', 'Licence file for host borealis-lic')
    const invisible = await (
      await as('admin@acme.example')
    ).post('/getemail', { customerNumber: '1000001', id: borealisId })
    expect({ http: invisible.http, body: invisible.body }).toEqual({ http: missing.http, body: missing.body })
    const cobaltId = await idOf('1000003', 'Licence file for host cobalt-lic')
    const visible = await (
      await as('partner@channel.example')
    ).post('/getemail', { customerNumber: '1000002', id: cobaltId })
    expect({ http: visible.http, body: visible.body }).toEqual({ http: missing.http, body: missing.body })
    // Naming a customer the user cannot see is refused as such.
    expect(
      (await (await as('admin@acme.example')).post('/getemail', { customerNumber: '1000002', id: borealisId })).http,
    ).toBe(403)
  })

  it('answers 404 for a deleted or unknown e-mail and 400 for a bad id', async () => {
    const api = await as('admin@acme.example')
    const deleted = await api.post('/getemail', {
      customerNumber: '1000001',
      id: await idOf('1000001', 'Licence file for host acme-old-server', true),
    })
    expect(deleted.http).toBe(404)
    expect(deleted.body.err).toBe('Email not found')
    expect((await api.post('/getemail', { customerNumber: '1000001', id: 999999 })).http).toBe(404)
    expect((await api.post('/getemail', { customerNumber: '1000001', id: 'abc' })).http).toBe(400)
  })

  it.each(['0x10', '1e1', '016', '+16', ' 16', '16.0', ''])(
    'refuses the id %j: ids are decimal digits only',
    async (id) => {
      const r = await (await as('busops@vendor.example')).post('/getemail', { customerNumber: '1000001', id })
      expect(r.http).toBe(400)
      expect(r.body).toEqual({ status: 'FAILURE', err: 'id: id must be a positive whole number in decimal digits' })
    },
  )
})

describe('DELETE /api/emails/:id', () => {
  it('refuses view-only users and users of other customers, and leaves the e-mail', async () => {
    const id = await idOf('1000001', 'Elastic credentials changed')
    const viewer = await as('viewer@acme.example')
    const refused = await viewer.call('DELETE', `/emails/${id}`)
    expect(refused.http).toBe(403)
    expect(refused.body.err).toBe('View-only users cannot delete emails')
    const support = await as('support@vendor.example')
    expect((await support.call('DELETE', `/emails/${id}`)).http).toBe(403)
    // A user who cannot see the customer is told what a missing e-mail gets.
    const partner = await as('partner@channel.example')
    const hidden = await partner.call('DELETE', `/emails/${id}`)
    const missing = await partner.call('DELETE', '/emails/999999')
    expect({ http: hidden.http, body: hidden.body }).toEqual({
      http: 404,
      body: { status: 'FAILURE', err: 'Email not found' },
    })
    expect({ http: missing.http, body: missing.body }).toEqual({ http: hidden.http, body: hidden.body })
    const admin = await as('admin@acme.example')
    expect((await admin.post('/getemail', { customerNumber: '1000001', id })).http).toBe(200)
  })

  it('soft-deletes for an administrator: gone from the list and the detail, kept in the outbox', async () => {
    const admin = await as('admin@acme.example')
    const id = await idOf('1000001', 'Elastic credentials changed')
    const before = await liveCount('1000001')
    const r = await admin.call('DELETE', `/emails/${id}`)
    expect(r.http).toBe(200)
    expect(r.body).toEqual({ status: 'SUCCESS', data: { id, deleted: true } })
    expect(await liveCount('1000001')).toBe(before - 1)
    expect((await admin.post('/getemail', { customerNumber: '1000001', id })).http).toBe(404)
    const row = await first(server.db.select().from(emails).where(eq(emails.id, id)))
    expect(row?.deletedAt).toBeTypeOf('number')
    // Deleting again: it is gone.
    expect((await admin.call('DELETE', `/emails/${id}`)).http).toBe(404)
  })

  it('lets business operations delete any customer’s e-mail; 400 for a bad id', async () => {
    const busops = await as('busops@vendor.example')
    const id = await idOf('1000002', 'Elastic credentials changed')
    expect((await busops.call('DELETE', `/emails/${id}`)).http).toBe(200)
    expect((await busops.call('DELETE', '/emails/abc')).http).toBe(400)
  })

  it.each(['0x10', '0X10', '1e1', '016', '+16', '16.', '%2016', '16%20', '0b10000'])(
    'refuses %s: ids are decimal digits only, so no other e-mail is deleted',
    async (spelling) => {
      const sixteen = await first(server.db.select().from(emails).where(eq(emails.id, 16)))
      expect(sixteen?.deletedAt).toBeNull()
      const r = await (await as('busops@vendor.example')).call('DELETE', `/emails/${spelling}`)
      expect(r.http).toBe(400)
      expect(r.body).toEqual({ status: 'FAILURE', err: 'id must be a positive whole number in decimal digits' })
      expect(await first(server.db.select().from(emails).where(eq(emails.id, 16)))).toEqual(sixteen)
    },
  )

  it('needs a bearer token', async () => {
    const anonymous = apiClient(server.url)
    expect((await anonymous.post('/getemails', { customerNumber: '1000001' })).http).toBe(401)
    expect((await anonymous.call('DELETE', '/emails/1')).http).toBe(401)
  })
})
