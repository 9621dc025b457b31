/**
 * A customer under export control (1000005, status Denied) is refused by every
 * call that names it, whoever asks, and nothing changes. The calls come from the
 * API's own call table, so a call added later is covered unless its declaration
 * says any user may make it (one that names no customer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCallTable } from '../../api/index'
import type { Call } from '../../api/call-table'
import { EXPORT_DENIED_MESSAGE } from '../../api/access'
import { AUDIT_STAFF_ONLY } from '../../api/audit'
import { WEB_SERVICE_MESSAGES } from '../../api/web-service'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { callName, customerData, dataSnapshot, requestFor } from './support/call-requests'
import { apiClient, startTestServer, type TestServer } from './support/server'

const EMBARGO = '1000005'
const STAFF = 'busops@vendor.example'
const CUSTOMER_USER = 'igor.petrov@embargo.example'

/**
 * Calls that name no customer, as their declarations say (caller `user`): they answer for the caller (its details,
 * its features, the alerts), or list what the caller may pick from (the account lists, the user's customers, where
 * one under export control is listed without figures), or read customers named inside a licence file, refusing one
 * under export control themselves (tests/api/licence-check.test.ts).
 */
const namesNoCustomer = (calls: readonly Call[]) =>
  new Set(calls.filter((c) => c.declaration.caller === 'user').map(callName))
/** The one call answered for such a customer: its info carries the status the notice is shown for. */
const ACCOUNT_INFO = 'GET /getaccountinfo/:customerNumber'
/** Vendor staff only: anyone else is refused as such before the customer is looked at. */
const staffOnly = (calls: readonly Call[]) =>
  new Set(calls.filter((c) => c.declaration.caller === 'staff').map(callName))

/**
 * The web licence service's calls are refused to anyone but the service and business operations before the customer
 * is looked at. Its checkout records the refusal of such a customer ('export-control') before answering 403, the one
 * row a refused call writes; a heartbeat or a check-in names a seat, which such a customer cannot have taken (a seat
 * taken before the customer came under export control is refused in tests/api/web-service.test.ts).
 */
const webService = (calls: readonly Call[]) =>
  new Set(calls.filter((c) => c.declaration.caller === 'web-license-service').map(callName))
const NAMES_A_SEAT = new Set(['POST /web/heartbeat', 'POST /web/checkin'])

let server: TestServer
let tokens: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  tokens = {
    [STAFF]: await getAccessToken(server.url, STAFF),
    [CUSTOMER_USER]: await getAccessToken(server.url, CUSTOMER_USER),
  }
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('a customer under export control', () => {
  it('the call table has calls that name a customer, and every call is accounted for', () => {
    const table = apiCallTable({ config: server.config, db: server.db }).calls
    const calls = table.map(callName)
    const noCustomer = namesNoCustomer(table)
    for (const known of [
      'GET /getUserDetails',
      'POST /getaccounts',
      'POST /home/customers',
      'POST /fulfillments/check',
    ]) {
      expect(noCustomer).toContain(known)
    }
    expect(calls).toContain(ACCOUNT_INFO)
    expect([...staffOnly(table)]).toEqual(['POST /audit', 'GET /audit', 'POST /audit/count'])
    expect([...webService(table)]).toEqual(['POST /web/checkout', ...NAMES_A_SEAT])
    expect(calls.filter((c) => !noCustomer.has(c)).length).toBeGreaterThan(20)
  })

  for (const who of [STAFF, CUSTOMER_USER]) {
    it(`refuses every call that names it, with the export-compliance err, to ${who}; nothing changes but a web checkout’s recorded refusal`, async () => {
      const api = apiClient(server.url, tokens[who])
      const calls = apiCallTable({ config: server.config, db: server.db }).calls
      const noCustomer = namesNoCustomer(calls)
      const staff = staffOnly(calls)
      const service = webService(calls)
      const data = await customerData(server.db, EMBARGO)
      const before = await dataSnapshot(server.db)
      const answers: Record<string, unknown> = {}
      const expected: Record<string, unknown> = {}
      for (const call of calls) {
        const name = callName(call)
        if (noCustomer.has(name) || name === ACCOUNT_INFO || NAMES_A_SEAT.has(name)) continue
        const { url, body } = requestFor(data, call)
        const reply = await api.call(call.method, url, body)
        answers[name] = { http: reply.http, body: reply.body }
        const err =
          staff.has(name) && who !== STAFF
            ? AUDIT_STAFF_ONLY
            : service.has(name) && who !== STAFF
              ? WEB_SERVICE_MESSAGES.serviceOnly
              : EXPORT_DENIED_MESSAGE
        expected[name] = { http: 403, body: { status: 'FAILURE', err } }
      }
      expect(answers).toEqual(expected)
      // The recorded refusal is also counted in the web usage aggregates (decision 0029).
      const { web_transactions: recorded, web_transaction_days: counted, ...after } = await dataSnapshot(server.db)
      const { web_transactions: recordedBefore, web_transaction_days: countedBefore, ...unchanged } = before
      expect(after).toEqual(unchanged)
      expect(counted.hash === countedBefore.hash).toBe(who !== STAFF)
      expect(recorded.rows - recordedBefore.rows).toBe(who === STAFF ? 1 : 0)
      if (who === STAFF) {
        const denial = server.db.$client
          .prepare(`SELECT account_id, outcome, reason FROM web_transactions ORDER BY id DESC LIMIT 1`)
          .get()
        expect(denial).toEqual({ account_id: EMBARGO, outcome: 'denied', reason: 'export-control' })
      }
    })

    it(`still answers its account info to ${who}, with the status the portal shows the notice for`, async () => {
      const reply = await apiClient(server.url, tokens[who]).get(`/getaccountinfo/${EMBARGO}`)
      expect(reply.http).toBe(200)
      expect(reply.body.data).toMatchObject({ customerNumber: EMBARGO, ansysExportControlStatus: 'Denied' })
    })
  }

  it('keeps offering it in the account list, where picking it leads to the notice', async () => {
    const reply = await apiClient(server.url, tokens[STAFF]).post<{ AccountID: string }[]>('/getaccounts', {
      filter: { condition: 'ALL', criteria: [{ name: 'AccountID', method: 'EQUALS', value: EMBARGO }] },
    })
    expect(reply.body.data).toEqual([{ AccountID: EMBARGO, AccountName: 'Embargo Industries' }])
  })

  it('leaves its saved views out of the list of all views', async () => {
    const api = apiClient(server.url, tokens[CUSTOMER_USER])
    server.db.$client
      .prepare(
        `INSERT INTO saved_views (user_id, customer_number, table_name, sort_model, updated_at)
         SELECT id, '${EMBARGO}', 'emailList', '[]', 1 FROM users WHERE email = ?`,
      )
      .run(CUSTOMER_USER)
    const views = await api.get<unknown[]>('/featureflag/pref')
    expect(views.body).toEqual({ status: 'SUCCESS', data: [] })
  })

  it('is refused the same way to a customer user whose status is only pending', async () => {
    server.db.$client
      .prepare(`UPDATE accounts SET export_control_status = 'Pending' WHERE account_id = '1000002'`)
      .run()
    try {
      const reply = await apiClient(server.url, await getAccessToken(server.url, 'partner@channel.example')).post(
        '/getemails',
        {
          customerNumber: '1000002',
        },
      )
      expect(reply.http).toBe(403)
      expect(reply.body.err).toBe(EXPORT_DENIED_MESSAGE)
    } finally {
      server.db.$client.prepare(`UPDATE accounts SET export_control_status = '' WHERE account_id = '1000002'`).run()
    }
  })
})
