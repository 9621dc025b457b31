/**
 * Importing web users from CSV: a report per row (added, already there, refused and why),
 * the fine rows added in one go, groups created when missing, a row refused alone when it
 * would take a named seat that is not there, and a file that cannot be read refused whole.
 */
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawAll } from '../../db/raw'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { dataSnapshot } from './support/call-requests'
import { apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'

let server: TestServer
let admin: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  admin = apiClient(server.url, await getAccessToken(server.url, 'admin@acme.example'))
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const q = <T>(query: SQL) => rawAll<T>(server.db, query)

describe('POST /web/users/import', () => {
  it('adds the fine rows, reports each row, and refuses the bad and the one beyond the named seats', async () => {
    // Simulation holds Fluent's named seats: 12 seats, 8 held, so four more members fit.
    const csv = [
      '\uFEFFEmail,Name,Role,Groups',
      'nina.kraus@acme.example,Nina Kraus,Member,Simulation;Test Rig',
      'admin@acme.example,Adam Archer,admin,Test Rig',
      'not-an-email,No Address,,',
      'omar.farouk@acme.example,Omar Farouk,Customer Administrator,',
      'NINA.KRAUS@acme.example,Nina Again,,',
      'p1@acme.example,"Pérez, Pablo",,Simulation',
      'p2@acme.example,Priya Shah,,Simulation',
      'p3@acme.example,Paul Young,,Simulation',
      'p4@acme.example,Petra Novak,,Simulation',
      'p5@acme.example,Piet de Vries,owner,',
    ].join('\r\n')
    const r = await admin.post('/web/users/import', { customerNumber: ACME, csv })
    expect(r.http).toBe(200)
    expect(r.body.data).toEqual({
      rows: [
        { row: 2, email: 'nina.kraus@acme.example', outcome: 'added' },
        { row: 3, email: 'admin@acme.example', outcome: 'already-there' },
        { row: 4, email: 'not-an-email', outcome: 'refused', reason: 'The e-mail address is missing or not valid.' },
        { row: 5, email: 'omar.farouk@acme.example', outcome: 'added' },
        {
          row: 6,
          email: 'NINA.KRAUS@acme.example',
          outcome: 'refused',
          reason: 'The same e-mail address is already in row 2.',
        },
        { row: 7, email: 'p1@acme.example', outcome: 'added' },
        { row: 8, email: 'p2@acme.example', outcome: 'added' },
        { row: 9, email: 'p3@acme.example', outcome: 'added' },
        {
          row: 10,
          email: 'p4@acme.example',
          outcome: 'refused',
          reason: 'Ansys Fluent - Named User has 12 seats: 12 are held, 1 more is needed.',
        },
        {
          row: 11,
          email: 'p5@acme.example',
          outcome: 'refused',
          reason: 'Unknown role "owner": use Member or Customer Administrator.',
        },
      ],
      added: 5,
      alreadyThere: 1,
      refused: 4,
      groupsCreated: ['Test Rig'],
    })
    const users = await q<{ email: string; name: string; role: string }>(
      sql`SELECT email, name, role FROM web_users WHERE account_id = '1000001' AND email IN ('omar.farouk@acme.example', 'p1@acme.example', 'p4@acme.example', 'admin@acme.example') ORDER BY email`,
    )
    expect(users).toEqual([
      { email: 'admin@acme.example', name: 'Adam Archer', role: 'admin' },
      { email: 'omar.farouk@acme.example', name: 'Omar Farouk', role: 'admin' },
      { email: 'p1@acme.example', name: 'Pérez, Pablo', role: 'member' },
    ])
    const rig = await q<{ email: string }>(
      sql`SELECT u.email FROM web_group_members m JOIN web_groups g ON g.id = m.group_id JOIN web_users u ON u.id = m.user_id
       WHERE g.name = 'Test Rig' ORDER BY u.email`,
    )
    expect(rig.map((u) => u.email)).toEqual(['admin@acme.example', 'nina.kraus@acme.example'])
    // As text on both engines (a jsonb column on PostgreSQL).
    const audit = await q<{ after: string }>(
      sql`SELECT CAST(after AS TEXT) AS after FROM audit_log WHERE area = 'web' AND action = 'import users'`,
    )
    expect(JSON.parse(audit[0].after)).toEqual({ added: 5, alreadyThere: 1, refused: 4, groupsCreated: ['Test Rig'] })
  })

  it('refuses a file it cannot read as a whole, changing nothing', async () => {
    const before = await dataSnapshot(server.db)
    for (const [csv, err] of [
      ['', 'The file has no users in it.'],
      [
        'x@acme.example,Xavier\n',
        'The first line must name the columns: email,name,role,groups (role and groups may be left out).',
      ],
      ['email,name\n"x@acme.example,Xavier\n', 'A quoted field is not closed.'],
      [
        `email,name\n${Array.from({ length: 5001 }, (_, i) => `u${i}@acme.example,U`).join('\n')}`,
        'The file has more than 5,000 users; import it in parts.',
      ],
    ]) {
      const r = await admin.post('/web/users/import', { customerNumber: ACME, csv })
      expect([r.http, r.body.err]).toEqual([400, err])
    }
    const nul = await admin.post('/web/users/import', {
      customerNumber: ACME,
      csv: 'email,name\nx@acme.example,X\u0000',
    })
    expect(nul.http).toBe(400)
    expect(await dataSnapshot(server.db)).toEqual(before)
  })

  it('is refused to a viewer', async () => {
    const viewer = apiClient(server.url, await getAccessToken(server.url, 'viewer@acme.example'))
    const r = await viewer.post('/web/users/import', { customerNumber: ACME, csv: 'email,name\nv@acme.example,V' })
    expect(r.http).toBe(403)
  })
})
