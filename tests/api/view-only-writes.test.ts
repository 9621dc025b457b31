/**
 * A view-only user changes nothing: every call of the call table that is not a
 * read (isReadCall) is refused with 403 to each view-only user, for each
 * customer the user may see, and no table changes. The calls come from the
 * table itself, so a write call added without the check fails here, as does a
 * read the client does not list as one (it would be retried as a write).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCallTable } from '../../api/index'
import type { Call } from '../../api/call-table'
import type { Caller } from '../../api/contract/define'
import { FSA_API_MESSAGES } from '../../api/fsa-orders'
import { isViewOnly } from '../../app/domain/permissions'
import type { AccountInfo, User } from '../../app/domain/types'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { callName, customerData, dataSnapshot, isReadCall, requestFor, WRITE_BODIES } from './support/call-requests'
import { apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const BOREALIS = '1000002'
const COBALT = '1000003'

/** Each view-only user (no busops role, no administrator, support-coordinator or generator role) and what it sees. */
const VIEW_ONLY: Record<string, string[]> = {
  'viewer@acme.example': [ACME],
  'ole.hansen@borealis.example': [BOREALIS],
  'wei.chen@cobalt.example': [COBALT],
  'support@vendor.example': [ACME, BOREALIS, COBALT],
  'sales@vendor.example': [ACME, BOREALIS, COBALT],
  'salesaccess@vendor.example': [ACME, BOREALIS, COBALT],
}

/**
 * Writes that change only what belongs to the caller, not the customer: open to every user. Their declarations say
 * so (caller `user`: the features the caller has switched on for itself; `own-settings`: the caller's own saved
 * views of a customer's tables).
 */
const OWN_CALLERS: readonly Caller[] = ['user', 'own-settings']

/** Writes open to a view-only role by design, by the caller their declarations name, with the reason. */
const ALLOWED: Partial<Record<Caller, { users: string[]; reason: string }>> = {
  'session-recorder': {
    users: ['support@vendor.example'],
    reason: 'support records usage sessions as the licence servers report them (SESSION_RECORDERS)',
  },
}

let server: TestServer
let calls: readonly Call[]
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  calls = apiCallTable({ config: server.config, db: server.db }).calls
  for (const email of Object.keys(VIEW_ONLY)) {
    tokens[email] = await getAccessToken(server.url, email)
    // The first call of a user records it; that is sign-in, not a write of the sweep.
    await apiClient(server.url, tokens[email]).get('/getUserDetails')
  }
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

const swept = () => calls.filter((c) => !isReadCall(c) && !OWN_CALLERS.includes(c.declaration.caller))

describe('view-only users', () => {
  it('the sweep covers the call table’s writes, each with a body, and its lists name real calls', () => {
    const names = calls.map(callName)
    const own = calls.filter((c) => !isReadCall(c) && OWN_CALLERS.includes(c.declaration.caller)).map(callName)
    expect(own).toEqual(['POST /featureflag/features', 'POST /preferences/save', 'POST /featureflag/pref'])
    const allowed = calls.filter((c) => c.declaration.caller in ALLOWED).map(callName)
    expect(allowed).toEqual(['POST /usage/sessions'])
    expect(names).toEqual(expect.arrayContaining([...own, ...allowed]))
    const writes = calls.filter((c) => !isReadCall(c)).map(callName)
    expect(writes.filter((name) => !(name in WRITE_BODIES))).toEqual([])
    expect(swept().length).toBeGreaterThanOrEqual(20)
  })

  it('each of these users is view-only on those customers by the portal’s own rule', async () => {
    for (const [email, customers] of Object.entries(VIEW_ONLY)) {
      const api = apiClient(server.url, tokens[email])
      const user = (await api.get<User>('/getUserDetails')).body.data!
      for (const customer of customers) {
        const info = (await api.get<AccountInfo>(`/getaccountinfo/${customer}`)).body.data!
        expect([email, customer, isViewOnly(user, info)]).toEqual([email, customer, true])
      }
    }
  })

  for (const [email, customers] of Object.entries(VIEW_ONLY)) {
    it(`${email} is refused every write with 403 on ${customers.join(', ')}, and nothing changes`, async () => {
      const api = apiClient(server.url, tokens[email])
      const before = await dataSnapshot(server.db)
      const answers: Record<string, unknown> = {}
      const expected: Record<string, unknown> = {}
      for (const customer of customers) {
        const data = await customerData(server.db, customer)
        for (const call of swept()) {
          const name = callName(call)
          if (ALLOWED[call.declaration.caller]?.users.includes(email)) continue
          const { url, body } = requestFor(data, call)
          const reply = await api.call(call.method, url, body)
          answers[`${customer} ${name}`] = [reply.http, reply.body.status]
          expected[`${customer} ${name}`] = [403, 'FAILURE']
        }
      }
      expect(answers).toEqual(expected)
      expect(await dataSnapshot(server.db)).toEqual(before)
    })
  }

  // Last, as it changes the data: the same requests from an editor are well-formed and not refused, so the 403s
  // above are the view-only rule's (an FSA order for a customer without a contract is refused to everyone).
  it('the same requests from business operations are neither malformed nor refused', async () => {
    const api = apiClient(server.url, await getAccessToken(server.url, 'busops@vendor.example'))
    const answers: Record<string, [number, string | undefined]> = {}
    for (const customer of [ACME, BOREALIS, COBALT]) {
      const data = await customerData(server.db, customer)
      for (const call of swept()) {
        const { url, body } = requestFor(data, call)
        const reply = await api.call(call.method, url, body)
        answers[`${customer} ${callName(call)}`] = [reply.http, reply.body.err]
      }
    }
    const refused = Object.entries(answers).filter(
      ([, [http, err]]) => http === 400 || (http === 403 && err !== FSA_API_MESSAGES.noFsa),
    )
    expect(refused).toEqual([])
  })
})
