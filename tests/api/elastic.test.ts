import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog, elasticServers } from '../../db/tables'
import { first } from '../../db/query'
import { IP_MESSAGES } from '../../app/domain/ip-rules'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const ACME = { customerNumber: '1000001', clsId: 'ELS-1000001-7F3A9C21' }
const BOREALIS = { customerNumber: '1000002', clsId: 'ELS-1000002-4B81D0E6' }

const ADMIN = 'admin@acme.example'
const VIEWER = 'viewer@acme.example'
const PARTNER = 'partner@channel.example'

async function stored(clsId: string) {
  return (await first(server.db.select().from(elasticServers).where(eq(elasticServers.deviceId, clsId))))!
}

async function auditOf(accountId: string, area: string) {
  const rows = await server.db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id)
  return rows.filter((r) => r.area === area)
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('elastic servers of a customer', () => {
  it('lists the activated servers', async () => {
    const r = await (
      await as(ADMIN)
    ).post('/activatedelasticservers', { customerNumber: '1000001', customername: 'Acme Aerospace' })
    expect(r.body).toEqual({
      status: 'SUCCESS',
      data: [{ DeviceID: ACME.clsId, Alias: 'Acme Elastic License Server' }],
    })
  })

  it('narrows the list to one server when asked', async () => {
    const admin = await as(ADMIN)
    const one = await admin.post('/activatedelasticservers', { customerNumber: '1000001', server: ACME.clsId })
    expect(one.body.data).toEqual([{ DeviceID: ACME.clsId, Alias: 'Acme Elastic License Server' }])
    const none = await admin.post('/activatedelasticservers', { customerNumber: '1000001', server: BOREALIS.clsId })
    expect(none.body.data).toEqual([])
  })

  it('answers the first server as deviceId and alias, or null without one', async () => {
    const partner = await as(PARTNER)
    const r = await partner.post('/devices/elastic', { customerNumber: '1000002', customerName: 'Borealis Motors' })
    expect(r.body).toEqual({
      status: 'SUCCESS',
      data: { deviceId: BOREALIS.clsId, alias: 'Borealis Elastic License Server' },
    })
    const none = await partner.post('/devices/elastic', { customerNumber: '1000003' })
    expect(none.body).toEqual({ status: 'SUCCESS', data: null })
  })

  it('refuses another customer (403) and an unknown one (404)', async () => {
    const partner = await as(PARTNER)
    expect((await partner.post('/devices/elastic', { customerNumber: '1000001' })).http).toBe(403)
    expect((await partner.post('/activatedelasticservers', { customerNumber: '1000001' })).http).toBe(403)
    expect((await partner.post('/devices/elastic', { customerNumber: '9999999' })).http).toBe(404)
  })

  it('lets vendor staff see any customer', async () => {
    const r = await (await as('support@vendor.example')).post('/devices/elastic', { customerNumber: '1000002' })
    expect(r.body.data).toEqual({ deviceId: BOREALIS.clsId, alias: 'Borealis Elastic License Server' })
  })
})

describe('every server call checks the server belongs to the customer', () => {
  const calls = ['/getips', '/getpin', '/getUsers']

  it.each(calls)('%s: a server of another customer is not found', async (call) => {
    const r = await (await as(ADMIN)).post(call, { customerNumber: '1000001', clsId: BOREALIS.clsId })
    expect(r.http).toBe(404)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'Elastic server not found' })
  })

  it.each(calls)('%s: a customer the user cannot see is refused', async (call) => {
    const r = await (await as(PARTNER)).post(call, ACME)
    expect(r.http).toBe(403)
  })

  it.each(calls)('%s: a missing clsId is a bad request', async (call) => {
    const r = await (await as(ADMIN)).post(call, { customerNumber: '1000001' })
    expect(r.http).toBe(400)
    expect(r.body.err).toMatch(/clsId/)
  })

  it('writes to a server of another customer are not found either', async () => {
    const admin = await as(ADMIN)
    const target = { customerNumber: '1000001', clsId: BOREALIS.clsId }
    expect((await admin.post('/setips', { ...target, whitelist: [], oldWhitelist: [] })).http).toBe(404)
    expect((await admin.post('/changepin', { ...target, pin: '111111' })).http).toBe(404)
    expect((await admin.post('/saveUsers', { ...target, users: [], oldUsers: [] })).http).toBe(404)
    expect((await stored(BOREALIS.clsId)).version).toBe(1)
  })
})

describe('IP whitelist', () => {
  it('reads the rules', async () => {
    const r = await (await as(VIEWER)).post('/getips', ACME)
    expect(r.body.status).toBe('SUCCESS')
    expect((r.body.data as { whitelist: unknown }).whitelist).toEqual([
      { rulename: 'Head office', ipaddress: '203.0.113.0/24' },
      { rulename: 'VPN gateway', ipaddress: '2001:db8:10::/48' },
    ])
  })

  it('saves valid rules (trimmed), bumps the version and records the change', async () => {
    const admin = await as(ADMIN)
    const before = await stored(ACME.clsId)
    const whitelist = [
      { rulename: ' Head office ', ipaddress: '203.0.113.0/24' },
      { rulename: 'Lab', ipaddress: '::ffff:192.0.2.1/128' },
    ]
    const r = await admin.post('/setips', { ...ACME, whitelist, oldWhitelist: before.whitelist })
    expect(r.http).toBe(200)
    const after = await stored(ACME.clsId)
    expect(after.whitelist).toEqual([
      { rulename: 'Head office', ipaddress: '203.0.113.0/24' },
      { rulename: 'Lab', ipaddress: '::ffff:192.0.2.1/128' },
    ])
    expect(after.version).toBe(before.version + 1)
    const records = await auditOf('1000001', 'whitelist')
    expect(records.at(-1)).toMatchObject({
      actorEmail: ADMIN,
      action: 'update',
      before: before.whitelist,
      after: after.whitelist,
    })
    const read = await admin.post('/getips', ACME)
    expect((read.body.data as { whitelist: unknown }).whitelist).toEqual(after.whitelist)
  })

  it.each([
    ['a missing name', [{ rulename: '', ipaddress: '1.2.3.4' }], IP_MESSAGES.ruleNameRequired],
    ['leading zeros', [{ rulename: 'x', ipaddress: '01.2.3.4' }], IP_MESSAGES.addressLeadingZeros],
    ['CIDR out of range', [{ rulename: 'x', ipaddress: '1.2.3.4/33' }], IP_MESSAGES.prefixV4],
    ['IPv6 CIDR out of range', [{ rulename: 'x', ipaddress: '::1/129' }], IP_MESSAGES.prefixV6],
    ['a zone id', [{ rulename: 'x', ipaddress: 'fe80::1%eth0' }], IP_MESSAGES.addressZone],
    ['a look-alike digit', [{ rulename: 'x', ipaddress: '１.2.3.4' }], IP_MESSAGES.addressInvalid],
    [
      'HTML in the name',
      [{ rulename: '<img src=x onerror=alert(1)>', ipaddress: '1.2.3.4' }],
      IP_MESSAGES.ruleNameCharacters,
    ],
    ['a CSV formula in the name', [{ rulename: '=cmd|calc', ipaddress: '1.2.3.4' }], IP_MESSAGES.ruleNameCharacters],
    ['a very long name', [{ rulename: 'n'.repeat(100_000), ipaddress: '1.2.3.4' }], IP_MESSAGES.ruleNameTooLong],
    ['a number for the address', [{ rulename: 'x', ipaddress: 16909060 }], 'whitelist.0.ipaddress: Expected text.'],
    ['a missing address', [{ rulename: 'x' }], IP_MESSAGES.addressRequired],
  ])('refuses %s with a clear message and changes nothing', async (_label, whitelist, message) => {
    const before = await stored(ACME.clsId)
    const r = await (await as(ADMIN)).post('/setips', { ...ACME, whitelist })
    expect(r.http).toBe(400)
    expect(r.body.status).toBe('FAILURE')
    expect(r.body.err).toContain(message)
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses a list that is not a list', async () => {
    const r = await (await as(ADMIN)).post('/setips', { ...ACME, whitelist: 'any' })
    expect(r.http).toBe(400)
  })

  it('refuses a view-only user (403) and changes nothing', async () => {
    const before = await stored(ACME.clsId)
    const r = await (await as(VIEWER)).post('/setips', { ...ACME, whitelist: [], oldWhitelist: before.whitelist })
    expect(r.http).toBe(403)
    expect(r.body.err).toBe('View-only users cannot change elastic server settings')
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses another customer (403)', async () => {
    const r = await (await as(PARTNER)).post('/setips', { ...ACME, whitelist: [], oldWhitelist: [] })
    expect(r.http).toBe(403)
  })

  it('refuses a stale save (409) and changes nothing', async () => {
    const before = await stored(ACME.clsId)
    const r = await (
      await as(ADMIN)
    ).post('/setips', {
      ...ACME,
      whitelist: [],
      oldWhitelist: [{ rulename: 'Not what is stored', ipaddress: '1.1.1.1' }],
    })
    expect(r.http).toBe(409)
    expect(r.body.err).toMatch(/changed by someone else/)
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses a save that does not name the list it started from (400) and changes nothing', async () => {
    const before = await stored(ACME.clsId)
    const r = await (
      await as(ADMIN)
    ).post('/setips', { ...ACME, whitelist: [{ rulename: 'Blind', ipaddress: '0.0.0.0/0' }] })
    expect(r.http).toBe(400)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'oldWhitelist: the list the change started from is required' })
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('a save without the list it started from cannot overwrite a concurrent one', async () => {
    const start = await stored(ACME.clsId)
    const careful = [{ rulename: 'Careful', ipaddress: '198.51.100.7' }]
    const [checked, blind] = await Promise.all([
      (await as(ADMIN)).post('/setips', { ...ACME, whitelist: careful, oldWhitelist: start.whitelist }),
      (await as('busops@vendor.example')).post('/setips', {
        ...ACME,
        whitelist: [{ rulename: 'Blind', ipaddress: '0.0.0.0/0' }],
      }),
    ])
    expect(checked.http).toBe(200)
    expect(blind.http).toBe(400)
    expect(await stored(ACME.clsId)).toMatchObject({ whitelist: careful, version: start.version + 1 })
  })

  it('an unchanged list is not written again', async () => {
    const before = await stored(ACME.clsId)
    const audits = (await auditOf('1000001', 'whitelist')).length
    const r = await (
      await as(ADMIN)
    ).post('/setips', { ...ACME, whitelist: before.whitelist, oldWhitelist: before.whitelist })
    expect(r.http).toBe(200)
    expect((await stored(ACME.clsId)).version).toBe(before.version)
    expect(await auditOf('1000001', 'whitelist')).toHaveLength(audits)
  })

  it('concurrent saves from the same starting list: exactly one wins each round', async () => {
    const admin = await as(ADMIN)
    const busops = await as('busops@vendor.example')
    for (let round = 0; round < 5; round++) {
      const start = await stored(ACME.clsId)
      const attempts = Array.from({ length: 12 }, (_, i) => {
        const caller = i % 2 === 0 ? admin : busops
        return caller.post('/setips', {
          ...ACME,
          whitelist: [{ rulename: `Round ${round} writer ${i}`, ipaddress: `198.51.100.${i + 1}` }],
          oldWhitelist: start.whitelist,
        })
      })
      const replies = await Promise.all(attempts)
      const winners = replies.flatMap((r, i) => (r.http === 200 ? [i] : []))
      expect(winners).toHaveLength(1)
      expect(replies.filter((r) => r.http === 409)).toHaveLength(11)
      const end = await stored(ACME.clsId)
      expect(end.version).toBe(start.version + 1)
      expect(end.whitelist).toEqual([
        { rulename: `Round ${round} writer ${winners[0]}`, ipaddress: `198.51.100.${winners[0] + 1}` },
      ])
    }
  })
})

describe('PIN', () => {
  it('reads the PIN', async () => {
    const r = await (await as(VIEWER)).post('/getpin', { ...ACME, customerName: 'Acme Aerospace' })
    expect(r.body).toEqual({ status: 'SUCCESS', data: { pin: '482915' } })
  })

  it("answers exactly 'PIN not found' when the server has none", async () => {
    const r = await (await as(PARTNER)).post('/getpin', BOREALIS)
    expect(r.http).toBe(404)
    expect(r.body).toEqual({ status: 'FAILURE', err: 'PIN not found' })
  })

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['a letter', '12345a'],
    ['a decimal point', '1234.5'],
    ['spaces', ' 123456 '],
    ['fullwidth digits', '１２３４５６'],
    ['a number instead of text', 123456],
    ['nothing', undefined],
  ])('refuses a PIN with %s', async (_label, pin) => {
    const before = await stored(ACME.clsId)
    const r = await (await as(ADMIN)).post('/changepin', { ...ACME, pin })
    expect(r.http).toBe(400)
    expect(r.body.err).toContain('PIN number is not valid. Please enter a 6 digits number.')
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses a view-only user (403)', async () => {
    const r = await (await as(VIEWER)).post('/changepin', { ...ACME, pin: '111111' })
    expect(r.http).toBe(403)
    expect((await stored(ACME.clsId)).pin).toBe('482915')
  })

  it('refuses another customer (403)', async () => {
    const r = await (await as(PARTNER)).post('/changepin', { ...ACME, pin: '111111' })
    expect(r.http).toBe(403)
  })

  it('changes the PIN (leading zeros kept) and records the change without the PIN', async () => {
    const admin = await as(ADMIN)
    const r = await admin.post('/changepin', { ...ACME, pin: '007350' })
    expect(r.http).toBe(200)
    expect((await admin.post('/getpin', ACME)).body.data).toEqual({ pin: '007350' })
    const record = (await auditOf('1000001', 'pin')).at(-1)!
    expect(record).toMatchObject({
      actorEmail: ADMIN,
      action: 'change',
      before: { pinSet: true },
      after: { pinSet: true },
    })
    const everything = JSON.stringify(await server.db.select().from(auditLog))
    expect(everything).not.toContain('007350')
    expect(everything).not.toContain('482915')
  })

  it('sets a first PIN only when none exists (onlyIfUnset)', async () => {
    const partner = await as(PARTNER)
    const first = await partner.post('/changepin', { ...BOREALIS, pin: '246801', onlyIfUnset: true })
    expect(first.body).toMatchObject({ status: 'SUCCESS', data: { changed: true } })
    const second = await partner.post('/changepin', { ...BOREALIS, pin: '135799', onlyIfUnset: true })
    expect(second.body).toMatchObject({ status: 'SUCCESS', data: { changed: false } })
    expect((await partner.post('/getpin', BOREALIS)).body.data).toEqual({ pin: '246801' })
    expect((await auditOf('1000002', 'pin')).map((r) => r.action)).toEqual(['generate'])
    expect(JSON.stringify(await auditOf('1000002', 'pin'))).not.toContain('246801')
  })
})

describe('allowed usernames', () => {
  it('reads the list', async () => {
    const r = await (await as(VIEWER)).post('/getUsers', { ...ACME, customerName: 'Acme Aerospace' })
    expect(r.body.data).toMatchObject({ users: ['jdoe', 'asmith', 'ci-runner'] })
  })

  it.each([
    ['a case-insensitive duplicate', ['alice', 'ALICE']],
    ['a space', ['alice smith']],
    ['an empty name', ['alice', '']],
    ['non-ASCII', ['jörg']],
    ['a look-alike letter', ['аlice']],
    ['a line break inside', ['alice\nbob']],
    ['a very long name', ['a'.repeat(10_000)]],
    ['a number', [42]],
  ])('refuses %s and changes nothing', async (_label, users) => {
    const before = await stored(ACME.clsId)
    const r = await (await as(ADMIN)).post('/saveUsers', { ...ACME, users, oldUsers: before.usernames })
    expect(r.http).toBe(400)
    expect(r.body.err).toMatch(/users/)
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses a view-only user (403)', async () => {
    const r = await (
      await as(VIEWER)
    ).post('/saveUsers', { ...ACME, users: [], oldUsers: (await stored(ACME.clsId)).usernames })
    expect(r.http).toBe(403)
    expect((await stored(ACME.clsId)).usernames).toEqual(['jdoe', 'asmith', 'ci-runner'])
  })

  it('refuses another customer (403)', async () => {
    expect((await (await as(PARTNER)).post('/saveUsers', { ...ACME, users: [], oldUsers: [] })).http).toBe(403)
  })

  it('saves the list and records it', async () => {
    const admin = await as(ADMIN)
    const old = (await stored(ACME.clsId)).usernames
    const r = await admin.post('/saveUsers', { ...ACME, users: ['jdoe', 'Build.Agent', 'DOMAIN\\svc'], oldUsers: old })
    expect(r.http).toBe(200)
    expect((await admin.post('/getUsers', ACME)).body.data).toMatchObject({
      users: ['jdoe', 'Build.Agent', 'DOMAIN\\svc'],
    })
    expect((await auditOf('1000001', 'usernames')).at(-1)).toMatchObject({
      action: 'update',
      before: old,
      after: ['jdoe', 'Build.Agent', 'DOMAIN\\svc'],
    })
  })

  it('saves the empty list (all users allowed again)', async () => {
    const admin = await as(ADMIN)
    expect(
      (await admin.post('/saveUsers', { ...ACME, users: [], oldUsers: (await stored(ACME.clsId)).usernames })).http,
    ).toBe(200)
    expect((await stored(ACME.clsId)).usernames).toEqual([])
  })

  it('refuses a save that does not name the list it started from (400) and changes nothing', async () => {
    const before = await stored(ACME.clsId)
    const r = await (await as(ADMIN)).post('/saveUsers', { ...ACME, users: ['x'] })
    expect(r.http).toBe(400)
    expect(r.body.err).toMatch(/oldUsers: the list the change started from is required/)
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('refuses a stale save (409)', async () => {
    const before = await stored(ACME.clsId)
    const r = await (await as(ADMIN)).post('/saveUsers', { ...ACME, users: ['x'], oldUsers: ['someone-else'] })
    expect(r.http).toBe(409)
    expect(await stored(ACME.clsId)).toEqual(before)
  })

  it('concurrent saves from the same starting list: exactly one wins', async () => {
    const admin = await as(ADMIN)
    const start = await stored(ACME.clsId)
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.post('/saveUsers', { ...ACME, users: [`user${i}`], oldUsers: start.usernames }),
      ),
    )
    expect(replies.filter((r) => r.http === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.http === 409)).toHaveLength(9)
    expect((await stored(ACME.clsId)).version).toBe(start.version + 1)
  })
})
