/**
 * Web licensing's management calls on the demo data: the entitlements with their figures,
 * users, groups, assignments and the matrix, each change audited, the named seat limit held,
 * and bad input refused with nothing changed.
 */
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawAll, rawRun } from '../../db/raw'
import { demoActivationId } from '../../db/seed-entitlements'
import { WEB_KEYS } from '../../db/seed-web'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { dataSnapshot } from './support/call-requests'
import { allPages, apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const BOREALIS = '1000002'
const DISCOVERY = demoActivationId(WEB_KEYS.acmeDiscovery)
const SPACECLAIM = demoActivationId(WEB_KEYS.acmeSpaceClaim)
const MECHANICAL = demoActivationId(WEB_KEYS.acmeMechanical)
const FLUENT = demoActivationId(WEB_KEYS.acmeFluent)

let server: TestServer
let admin: ReturnType<typeof apiClient>

type Row = Record<string, unknown>

beforeAll(async () => {
  server = await startTestServer()
  admin = apiClient(server.url, await getAccessToken(server.url, 'admin@acme.example'))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const q = <T = Row>(query: SQL) => rawAll<T>(server.db, query)
const userId = async (email: string) =>
  (await q<{ id: number }>(sql`SELECT id FROM web_users WHERE account_id = '1000001' AND email = ${email}`))[0].id
const groupId = async (name: string) =>
  (await q<{ id: number }>(sql`SELECT id FROM web_groups WHERE account_id = '1000001' AND name = ${name}`))[0].id

describe('web entitlements', () => {
  it('lists Acme’s with seats, in use, holders, what is left, groups and term', async () => {
    const { rows } = await allPages<Row>(admin, '/web/entitlements', { customerNumber: ACME })
    const pick = (r: Row) => [
      r.productName,
      r.type,
      r.seats,
      r.inUse,
      r.holders,
      r.free,
      r.groups,
      r.users,
      r.termState,
    ]
    expect(rows.map(pick)).toEqual([
      ['Ansys Discovery - Shared Web', 'SHARED_WEB', 10, 0, 0, 10, [], 0, 'in-term'],
      ['Ansys Fluent - Named User', 'NAMED_USER', 12, 0, 8, 4, ['Simulation'], 0, 'in-term'],
      ['Ansys Mechanical - Named User', 'NAMED_USER', 5, 0, 5, 0, [], 5, 'in-term'],
      ['Ansys SpaceClaim - Shared Web', 'SHARED_WEB', 5, 0, 0, 5, ['Design'], 0, 'in-term'],
    ])
    const count = await admin.post('/web/entitlements/count', {
      customerNumber: ACME,
      filter: { criteria: [{ name: 'type', method: 'EQUALS', value: 'NAMED_USER' }] },
    })
    expect(count.body.data).toBe(2)
    const borealis = await apiClient(
      server.url,
      await getAccessToken(server.url, 'marta.lindqvist@borealis.example'),
    ).post<Row[]>('/web/entitlements', { customerNumber: BOREALIS })
    expect(borealis.body.data!.map((r) => [r.productName, r.holders, r.free])).toEqual([
      ['Ansys HFSS - Named User', 2, 1],
    ])
  })

  it('leaves them out of the spec’s entitlement lists', async () => {
    const { rows } = await allPages<Row>(admin, '/fetchEntitlements', { customerNumber: ACME, type: 'ALL' })
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.filter((r) => r.Type === 'SHARED_WEB' || r.Type === 'NAMED_USER')).toEqual([])
  })

  it('shows one with its groups and direct seat holders', async () => {
    const r = await admin.post<Row>('/web/entitlement', { customerNumber: ACME, activationId: MECHANICAL })
    const detail = r.body.data as { seats: Row[]; assignedGroups: Row[] }
    expect(detail.assignedGroups).toEqual([])
    expect(detail.seats.map((s) => s.email)).toEqual([
      'lena.fischer@acme.example',
      'samuel.adeyemi@acme.example',
      'tara.kowalski@acme.example',
      'umar.haddad@acme.example',
      'valentina.ricci@acme.example',
    ])
    expect(detail.seats.filter((s) => s.endDate !== null).map((s) => s.email)).toEqual(['tara.kowalski@acme.example'])
    const unknown = await admin.post('/web/entitlement', { customerNumber: ACME, activationId: 'NOPE-0000' })
    expect(unknown.http).toBe(404)
  })
})

describe('web users', () => {
  it('lists Acme’s users, paged, filtered and sorted by name', async () => {
    const { rows } = await allPages<Row>(admin, '/web/users', { customerNumber: ACME, limit: 15 })
    expect(rows.length).toBe(40)
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name as string)].sort((a, b) => a.localeCompare(b)))
    expect(rows.find((r) => r.email === 'admin@acme.example')).toEqual({
      id: await userId('admin@acme.example'),
      email: 'admin@acme.example',
      name: 'Adam Archer',
      role: 'admin',
      groups: ['All Users'],
      checkouts: 0,
    })
    const design = await admin.post<Row[]>('/web/users', {
      customerNumber: ACME,
      filter: { criteria: [{ name: 'groups', method: 'CONTAINS', value: 'Design' }] },
    })
    expect(design.body.data!.length).toBe(10)
  })

  it('shows one user’s groups, what the user may use and why', async () => {
    const r = await admin.post<{ entitlements: Row[]; groups: Row[]; checkouts: Row[] }>('/web/user', {
      customerNumber: ACME,
      userId: await userId('lena.fischer@acme.example'),
    })
    expect(r.body.data!.groups.map((g) => g.name)).toEqual(['All Users'])
    expect(r.body.data!.entitlements.map((e) => [e.productName, e.through, e.group])).toEqual([
      ['Ansys Discovery - Shared Web', 'everyone', null],
      ['Ansys Mechanical - Named User', 'seat', null],
    ])
    const designer = await admin.post<{ entitlements: Row[] }>('/web/user', {
      customerNumber: ACME,
      userId: await userId('amelia.hughes@acme.example'),
    })
    expect(designer.body.data!.entitlements.map((e) => [e.productName, e.through, e.group])).toEqual([
      ['Ansys Discovery - Shared Web', 'everyone', null],
      ['Ansys SpaceClaim - Shared Web', 'group', 'Design'],
    ])
  })

  it('adds, changes and removes a user, refusing a second user with the same e-mail', async () => {
    const added = await admin.post<Row>('/web/users/add', {
      customerNumber: ACME,
      email: ' Nina.Kraus@Acme.example ',
      name: 'Nina Kraus',
    })
    expect(added.http).toBe(200)
    expect(added.body.data).toMatchObject({ email: 'nina.kraus@acme.example', name: 'Nina Kraus', role: 'member' })
    const again = await admin.post('/web/users/add', {
      customerNumber: ACME,
      email: 'nina.kraus@acme.example',
      name: 'N',
    })
    expect([again.http, again.body.err]).toEqual([
      409,
      'nina.kraus@acme.example is already a web user of this customer.',
    ])
    const id = added.body.data!.id
    const changed = await admin.post<Row>('/web/users/change', {
      customerNumber: ACME,
      userId: id,
      name: 'Nina Kraus-Berg',
      role: 'admin',
    })
    expect(changed.body.data).toMatchObject({ name: 'Nina Kraus-Berg', role: 'admin' })
    const removed = await admin.post('/web/users/remove', { customerNumber: ACME, userId: id })
    expect(removed.body).toEqual({ status: 'SUCCESS', data: { removed: true, endedCheckouts: 0 } })
    const audit = await q<{ action: string; actor_email: string }>(
      sql`SELECT action, actor_email FROM audit_log WHERE account_id = '1000001' AND area = 'web' ORDER BY id`,
    )
    expect(audit.slice(-3)).toEqual([
      { action: 'add user', actor_email: 'admin@acme.example' },
      { action: 'change user', actor_email: 'admin@acme.example' },
      { action: 'remove user', actor_email: 'admin@acme.example' },
    ])
  })

  it('asks before removing a named seat holder with a running session, then ends the session at once', async () => {
    const id = await userId('umar.haddad@acme.example')
    const started = Date.now() - 60_000
    await rawRun(
      server.db,
      sql`INSERT INTO web_checkouts (checkout_id, account_id, entitlement_id, user_id, user_email, started_at,
           last_heartbeat_at, lease_expires_at)
         SELECT 'probe-checkout', '1000001', id, ${id}, 'umar.haddad@acme.example', ${started}, ${started}, ${Date.now() + 600_000} FROM entitlements WHERE activation_id = ${DISCOVERY}`,
    )
    const ask = await admin.post('/web/users/remove', { customerNumber: ACME, userId: id })
    expect([ask.http, ask.body.err]).toEqual([
      409,
      'Umar Haddad holds a named seat of Ansys Mechanical - Named User and has 1 running session, which will end at once. Confirm to remove the user.',
    ])
    expect(await q(sql`SELECT id FROM web_users WHERE id = ${id}`)).toHaveLength(1)
    const done = await admin.post('/web/users/remove', { customerNumber: ACME, userId: id, confirm: true })
    expect(done.body.data).toEqual({ removed: true, endedCheckouts: 1 })
    const [checkout] = await q(
      sql`SELECT ended_at, end_reason, user_id FROM web_checkouts WHERE checkout_id = 'probe-checkout'`,
    )
    expect(checkout).toMatchObject({ end_reason: 'returned', user_id: null })
    const [transaction] = await q(
      sql`SELECT outcome, reason, duration_ms FROM web_transactions WHERE checkout_id = 'probe-checkout'`,
    )
    expect(transaction).toMatchObject({ outcome: 'returned', reason: 'user-removed' })
    expect(transaction.duration_ms as number).toBeGreaterThanOrEqual(60_000)
    const mechanical = await admin.post<{ entitlement: Row }>('/web/entitlement', {
      customerNumber: ACME,
      activationId: MECHANICAL,
    })
    expect(mechanical.body.data!.entitlement).toMatchObject({ holders: 4, free: 1 })
  })
})

describe('web groups', () => {
  it('lists groups and shows one with its members and licences', async () => {
    const list = await admin.post<Row[]>('/web/groups', { customerNumber: ACME })
    expect(list.body.data!.map((g) => [g.name, g.members, g.entitlements])).toEqual([
      ['All Users', 39, []],
      ['Design', 10, ['Ansys SpaceClaim - Shared Web']],
      ['Engineering Managers', 5, []],
      ['Simulation', 8, ['Ansys Fluent - Named User']],
    ])
    const design = await admin.post<{ members: Row[]; entitlements: Row[] }>('/web/group', {
      customerNumber: ACME,
      groupId: await groupId('Design'),
    })
    expect(design.body.data!.members).toHaveLength(10)
    expect(design.body.data!.entitlements).toEqual([
      { activationId: SPACECLAIM, productName: 'Ansys SpaceClaim - Shared Web', type: 'SHARED_WEB' },
    ])
  })

  it('creates, renames, fills, empties and deletes a group; a name is unique whatever its case', async () => {
    const made = await admin.post<Row>('/web/groups/add', {
      customerNumber: ACME,
      name: 'Test Rig',
      description: 'Lab',
    })
    expect(made.http).toBe(200)
    const id = made.body.data!.id as number
    const clash = await admin.post('/web/groups/add', { customerNumber: ACME, name: 'design' })
    expect([clash.http, clash.body.err]).toEqual([409, 'There is already a group called Design.'])
    const renamed = await admin.post('/web/groups/change', { customerNumber: ACME, groupId: id, name: 'Test Bench' })
    expect(renamed.body.data).toEqual({ id, name: 'Test Bench' })
    const unknown = await admin.post('/web/groups/members/add', {
      customerNumber: ACME,
      groupId: id,
      emails: ['xin.li@acme.example', 'stranger@acme.example'],
    })
    expect([unknown.http, unknown.body.err]).toEqual([
      400,
      'This e-mail is not a web user of this customer: stranger@acme.example.',
    ])
    const filled = await admin.post('/web/groups/members/add', {
      customerNumber: ACME,
      groupId: id,
      emails: ['xin.li@acme.example', 'Yara.Haddad@acme.example'],
    })
    expect(filled.body.data).toEqual({ added: 2, alreadyMembers: 0 })
    const out = await admin.post('/web/groups/members/remove', {
      customerNumber: ACME,
      groupId: id,
      userId: await userId('xin.li@acme.example'),
    })
    expect(out.body.data).toEqual({ removed: true, endedCheckouts: 0 })
    const ask = await admin.post('/web/groups/remove', { customerNumber: ACME, groupId: id })
    expect([ask.http, ask.body.err]).toEqual([
      409,
      'The group Test Bench has 1 member. Confirm to delete it; its members stay users.',
    ])
    const gone = await admin.post('/web/groups/remove', { customerNumber: ACME, groupId: id, confirm: true })
    expect(gone.body.data).toEqual({ removed: true, endedCheckouts: 0 })
    expect(await q(sql`SELECT id FROM web_users WHERE email = ${'yara.haddad@acme.example'}`)).toHaveLength(1)
  })
})

describe('assignments', () => {
  it('assigns a shared entitlement to groups only', async () => {
    const r = await admin.post('/web/assignments/users', {
      customerNumber: ACME,
      activationId: DISCOVERY,
      emails: ['xin.li@acme.example'],
    })
    expect([r.http, r.body.err]).toEqual([
      400,
      'Ansys Discovery - Shared Web is a shared web licence: it is assigned to groups, not to users.',
    ])
    const toGroup = await admin.post<{ entitlement: Row }>('/web/assignments/group', {
      customerNumber: ACME,
      activationId: DISCOVERY,
      groupId: await groupId('All Users'),
    })
    expect(toGroup.body.data!.entitlement.groups).toEqual(['All Users'])
    const twice = await admin.post('/web/assignments/group', {
      customerNumber: ACME,
      activationId: DISCOVERY,
      groupId: await groupId('All Users'),
    })
    expect(twice.http).toBe(409)
    const undone = await admin.post<{ entitlement: Row }>('/web/assignments/group/remove', {
      customerNumber: ACME,
      activationId: DISCOVERY,
      groupId: await groupId('All Users'),
    })
    expect(undone.body.data!.entitlement.groups).toEqual([])
  })

  it('refuses named seats beyond the quantity, saying how many, and changes nothing', async () => {
    // Mechanical: 5 seats, 4 held after Umar Haddad's removal above.
    const before = await dataSnapshot(server.db)
    const over = await admin.post('/web/assignments/users', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      emails: ['xin.li@acme.example', 'zoe.campbell@acme.example'],
    })
    expect([over.http, over.body.err]).toEqual([
      400,
      'Ansys Mechanical - Named User has 5 seats: 4 are held, 2 more are needed.',
    ])
    const group = await admin.post('/web/assignments/group', {
      customerNumber: ACME,
      activationId: FLUENT,
      groupId: await groupId('Design'),
    })
    expect([group.http, group.body.err]).toEqual([
      400,
      'Ansys Fluent - Named User has 12 seats: 8 are held, 10 more are needed.',
    ])
    expect(await dataSnapshot(server.db)).toEqual(before)
    const one = await admin.post<{ seats: Row[]; entitlement: Row }>('/web/assignments/users', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      emails: ['xin.li@acme.example'],
      endDate: '2099-12-31',
    })
    expect(one.body.data!.entitlement).toMatchObject({ holders: 5, free: 0 })
    expect(one.body.data!.seats.find((s) => s.email === 'xin.li@acme.example')!.endDate).toBe('2099-12-31')
    const full = await admin.post('/web/groups/members/add', {
      customerNumber: ACME,
      groupId: await groupId('Simulation'),
      emails: ['zoe.campbell@acme.example', 'aaron.blake@acme.example', 'beatrice.lund@acme.example'],
    })
    expect(full.body.data).toEqual({ added: 3, alreadyMembers: 0 })
    const fifth = await admin.post('/web/groups/members/add', {
      customerNumber: ACME,
      groupId: await groupId('Simulation'),
      emails: ['carlos.mendes@acme.example', 'diana.popescu@acme.example'],
    })
    expect([fifth.http, fifth.body.err]).toEqual([
      400,
      'Ansys Fluent - Named User has 12 seats: 11 are held, 2 more are needed.',
    ])
    const removed = await admin.post<{ entitlement: Row }>('/web/assignments/users/remove', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      userId: await userId('xin.li@acme.example'),
    })
    expect(removed.body.data!.entitlement).toMatchObject({ holders: 4, free: 1 })
  })

  it('sets the direct holders from the matrix, refusing a stale view (409) and too many people (400)', async () => {
    const seats = async () =>
      (
        await admin.post<{ seats: { id: number; endDate: string | null }[] }>('/web/entitlement', {
          customerNumber: ACME,
          activationId: MECHANICAL,
        })
      ).body.data!.seats.map((s) => s.id)
    const previous = await seats()
    expect(previous).toHaveLength(4)
    const swapped = [...previous.slice(1), await userId('zoe.campbell@acme.example')]
    const stale = await admin.post('/web/assignments/matrix', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      holders: swapped,
      previous: previous.slice(1),
    })
    expect([stale.http, stale.body.err]).toEqual([
      409,
      'The seats were changed by someone else. Reload to see the current holders.',
    ])
    const done = await admin.post('/web/assignments/matrix', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      holders: swapped,
      previous,
    })
    expect(done.http).toBe(200)
    expect((await seats()).sort()).toEqual([...swapped].sort())
    const again = await admin.post('/web/assignments/matrix', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      holders: swapped,
      previous,
    })
    expect(again.http).toBe(409)
    const tooMany = await admin.post('/web/assignments/matrix', {
      customerNumber: ACME,
      activationId: MECHANICAL,
      holders: [...swapped, await userId('aaron.blake@acme.example'), await userId('ivan.kuznetsov@acme.example')],
      previous: swapped,
    })
    expect([tooMany.http, tooMany.body.err]).toEqual([
      400,
      'Ansys Mechanical - Named User has 5 seats: 4 are held, 2 more are needed.',
    ])
    const shared = await admin.post('/web/assignments/matrix', {
      customerNumber: ACME,
      activationId: DISCOVERY,
      holders: [],
      previous: [],
    })
    expect(shared.http).toBe(400)
    // As text on both engines (jsonb columns on PostgreSQL).
    const audit = await q<{ action: string; before: string; after: string }>(
      sql`SELECT action, CAST(before AS TEXT) AS before, CAST(after AS TEXT) AS after FROM audit_log WHERE area = 'web' AND action = 'set seats'`,
    )
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0].after).seats.map((s: Row) => s.email)).toContain('zoe.campbell@acme.example')
  })
})

describe('rights and bad input', () => {
  const reads = async () =>
    [
      ['/web/entitlements', { customerNumber: ACME }],
      ['/web/users', { customerNumber: ACME }],
      ['/web/groups', { customerNumber: ACME }],
      ['/web/user', { customerNumber: ACME, userId: await userId('admin@acme.example') }],
      ['/web/group', { customerNumber: ACME, groupId: await groupId('Design') }],
      ['/web/entitlement', { customerNumber: ACME, activationId: FLUENT }],
    ] as const
  const writes = async () =>
    [
      ['/web/users/add', { customerNumber: ACME, email: 'probe@acme.example', name: 'Probe' }],
      ['/web/groups/add', { customerNumber: ACME, name: 'Probe' }],
      ['/web/assignments/group', { customerNumber: ACME, activationId: DISCOVERY, groupId: await groupId('Design') }],
    ] as const

  for (const email of ['viewer@acme.example', 'sales@vendor.example', 'salesaccess@vendor.example']) {
    it(`lets ${email} read everything and change nothing`, async () => {
      const api = apiClient(server.url, await getAccessToken(server.url, email))
      for (const [path, body] of await reads()) expect([path, (await api.post(path, body)).http]).toEqual([path, 200])
      const before = await dataSnapshot(server.db)
      for (const [path, body] of await writes()) {
        const r = await api.post(path, body)
        expect([path, r.http, r.body.err]).toEqual([
          path,
          403,
          'You have view-only access to this customer and cannot change its web licences.',
        ])
      }
      expect(await dataSnapshot(server.db)).toEqual(before)
    })
  }

  it('refuses the partner of other customers and a customer under export control', async () => {
    const partner = apiClient(server.url, await getAccessToken(server.url, 'partner@channel.example'))
    for (const [path, body] of [...(await reads()), ...(await writes())])
      expect([path, (await partner.post(path, body)).http]).toEqual([path, 403])
    const busops = apiClient(server.url, await getAccessToken(server.url, 'busops@vendor.example'))
    const embargo = await busops.post('/web/users', { customerNumber: '1000005' })
    expect(embargo.http).toBe(403)
  })

  it('refuses bad input with 400 and a clear message, changing nothing', async () => {
    const before = await dataSnapshot(server.db)
    const cases: [string, Row, string][] = [
      ['/web/users/add', { customerNumber: ACME, email: 'not-an-email', name: 'X' }, 'email'],
      ['/web/users/add', { customerNumber: ACME, email: 'x@acme.example', name: '  ' }, 'name is required'],
      ['/web/users/add', { customerNumber: ACME, email: 'x@acme.example', name: 'X', role: 'owner' }, 'role'],
      ['/web/groups/add', { customerNumber: ACME, name: 'x'.repeat(101) }, 'name'],
      ['/web/groups/add', { customerNumber: ACME, name: '=cmd()' }, 'must not start with =, +, - or @'],
      [
        '/web/users/change',
        { customerNumber: ACME, userId: await userId('xin.li@acme.example'), name: '@x', role: 'member' },
        'must not start',
      ],
      ['/web/assignments/users', { customerNumber: ACME, activationId: FLUENT, emails: [] }, 'emails'],
      [
        '/web/assignments/users',
        { customerNumber: ACME, activationId: FLUENT, emails: ['xin.li@acme.example'], endDate: '31/12/2099' },
        'endDate',
      ],
      [
        '/web/assignments/users',
        { customerNumber: ACME, activationId: FLUENT, emails: ['xin.li@acme.example'], endDate: '2000-01-01' },
        'The end date of a seat cannot be in the past.',
      ],
      [
        '/web/assignments/matrix',
        { customerNumber: ACME, activationId: MECHANICAL, holders: [999999], previous: [] },
        '',
      ],
    ]
    for (const [path, body, text] of cases) {
      const r = await admin.post(path, body)
      expect([path, r.http, r.body.status]).toEqual([path, 400, 'FAILURE'])
      expect(r.body.err).toContain(text)
    }
    expect(await dataSnapshot(server.db)).toEqual(before)
  })
})

describe('term', () => {
  it('shows an entitlement not started or ended as the portal’s rule says, and filters by it', async () => {
    await rawRun(
      server.db,
      sql`UPDATE entitlements SET start_date = '2999-01-01', end_date = '2999-12-31' WHERE activation_id = ${SPACECLAIM}`,
    )
    await rawRun(
      server.db,
      sql`UPDATE entitlements SET start_date = '2000-01-01', end_date = '2000-12-31' WHERE activation_id = ${DISCOVERY}`,
    )
    const r = await admin.post<Row[]>('/web/entitlements', {
      customerNumber: ACME,
      filter: { criteria: [{ name: 'termState', method: 'IN', value: ['not-started', 'ended'] }] },
    })
    expect(r.body.data!.map((e) => [e.productName, e.termState])).toEqual([
      ['Ansys Discovery - Shared Web', 'ended'],
      ['Ansys SpaceClaim - Shared Web', 'not-started'],
    ])
  })
})
