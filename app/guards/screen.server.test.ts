/**
 * Every screen's loader and action starts with its guard: a request the screen's
 * rules refuse gets the redirect or refusal before the screen asks the API for
 * anything of its own. Run against the real API and identity provider, through a
 * base URL that records every call the portal makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { clearTokenCache, getAccessToken } from '../../tests/support/tokens'
import { signedInCookie } from '../../tests/support/portal-session'
import { recordApiCalls, RECORDED_API_BASE } from '../../tests/api/support/recorded-api'
import { loadConfig } from '../../server/config'
import { createLoadContext } from '../load-context'
import { ELASTIC_VIEW_ONLY_MESSAGE, FLAG_OFF_MESSAGE } from '../screens/access'
import { NOTICE_TEXTS } from '../screens/notice-pages'
import { PORTAL_ACCESS_MESSAGES } from '../domain/portal-access'
import * as home from '../routes/_portal.home'
import * as emails from '../routes/_portal.emails._index'
import * as email from '../routes/_portal.emails.$id'
import * as notifications from '../routes/_portal.notifications'
import * as alertDetails from '../routes/_portal.notification-details.$id'
import * as alertCategory from '../routes/_portal.notifications-category.$category'
import * as portalAccess from '../routes/_portal.portalaccess'
import * as audit from '../routes/_portal.portalaccess_.audit'
import * as whitelist from '../routes/_portal.whitelistips'
import * as credentials from '../routes/_portal.clscredentials'
import * as credentialsExport from '../routes/_portal.clscredentials.export[.]json'
import * as features from '../routes/_portal.settings.features'
import * as customers from '../routes/_portal.customers'
import * as grid from '../routes/resources.grid.$table'
import * as noaccess from '../routes/_portal.noaccess'
import * as noascaccess from '../routes/_portal.noascaccess'
import * as nocustomer from '../routes/_portal.nocustomer'
import * as nopermissions from '../routes/_portal.nopermissions'
import * as noselectedcustomer from '../routes/_portal.noselectedcustomer'
import * as notypecustomer from '../routes/_portal.notypecustomer'
import * as elastic from '../routes/_portal.elastic'
import * as ssl from '../routes/_portal.ssl'
import * as fsa from '../routes/_portal.entitlementsFSA'
import * as activations from '../routes/_portal.activations'
import * as activationsHistory from '../routes/_portal.activations-history'
import * as webAssignments from '../routes/_portal.webassignments._index'
import * as webAssignmentsV2 from '../routes/_portal.webassignments-v2'
import * as webTransactions from '../routes/_portal.webtransactions'
import * as webReporting from '../routes/_portal.webreporting'
import * as transactions from '../routes/_portal.transactions'
import * as statements from '../routes/_portal.statementv2'

/** The calls a guard makes: the customer's info, the user's flags, whether the user has customers. */
const GUARD_CALLS = [/^\/getaccountinfo\//, /^\/featureflag\/features$/, /^\/getaccounts$/]

let server: TestServer
let config: AppLoadContext['config']
let calls: string[]
let stop: () => void

beforeAll(async () => {
  server = await startTestServer()
  config = loadConfig({ ...process.env, API_BASE_URL: RECORDED_API_BASE, LOG_REQUESTS: '0' })
  ;({ calls, stop } = recordApiCalls(server))
})
afterAll(async () => {
  stop?.()
  clearTokenCache()
  await server?.close()
})

type RouteFunction = (args: LoaderFunctionArgs) => unknown

interface Outcome {
  status: number
  location: string | null
  text: string
}

/** Runs a loader or action as Remix would for one request, and reads what it threw or returned. */
async function run(
  fn: RouteFunction,
  email: string,
  path: string,
  { form, params = {} }: { form?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Outcome> {
  const context = createLoadContext({ db: server.db, config, cspNonce: 'test' })
  const cookie = await signedInCookie(context, { email }, await getAccessToken(server.url, email))
  const request = new Request(`${config.publicUrl}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  })
  calls.length = 0
  let result: unknown
  try {
    result = await fn({ request, context, params })
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get('location'), text: await result.text() }
  }
  const init = (result as { type?: string; init?: ResponseInit; data?: unknown } | null) ?? {}
  if (init.type === 'DataWithResponseInit') {
    return {
      status: init.init?.status ?? 200,
      location: null,
      text: typeof init.data === 'string' ? init.data : JSON.stringify(init.data),
    }
  }
  return { status: 200, location: null, text: JSON.stringify(result) }
}

function expectOnlyGuardCalls() {
  const screenCalls = calls.filter((call) => !GUARD_CALLS.some((guard) => guard.test(call)))
  expect(screenCalls, `calls made before the refusal: ${calls.join(', ')}`).toEqual([])
}

const BUSOPS = 'busops@vendor.example'
const PARTNER = 'partner@channel.example'
const VIEWER = 'viewer@acme.example'
const EMBARGO = '1000005'

interface Refusal {
  name: string
  fn: RouteFunction
  email: string
  path: string
  form?: Record<string, string>
  params?: Record<string, string>
  expected: { status: number; location?: string; text?: string }
}

const toNoAccess = (path: string) => ({ status: 302, location: `/noaccess?customer=${EMBARGO}`, path })

/** Each screen, refused by one of its rules. */
const REFUSALS: Refusal[] = [
  // Export control applies to every screen once an export-denied customer is selected.
  ...(
    [
      ['home', home.loader, '/home'],
      ['alerts', notifications.loader, '/notifications'],
      ['alert details', alertDetails.loader, '/notification-details/1', { id: '1' }],
      ['category alerts', alertCategory.loader, '/notifications-category/critical', { category: 'critical' }],
      ['portal access', portalAccess.loader, '/portalaccess'],
      ['change history', audit.loader, '/portalaccess/audit'],
      ['IP settings', whitelist.loader, '/whitelistips'],
      ['elastic credentials', credentials.loader, '/clscredentials'],
      ['PIN export', credentialsExport.loader, '/clscredentials/export.json'],
      ['feature flags', features.loader, '/settings/features'],
      ['customer search results', customers.loader, '/customers?q=acme'],
      ['Elastic Licensing', elastic.loader, '/elastic'],
      ['Leases/Perpetuals', ssl.loader, '/ssl'],
      ['Flexible Spending Account', fsa.loader, '/entitlementsFSA'],
      ['Activate Entitlements', activations.loader, '/activations'],
      ['Manage Activations', activationsHistory.loader, '/activations-history'],
      ['Assignments', webAssignments.loader, '/webassignments'],
      ['Web Transactions', webTransactions.loader, '/webtransactions'],
      ['Web Reporting', webReporting.loader, '/webreporting'],
      ['Usage Transactions', transactions.loader, '/transactions'],
      ['Elastic Statements', statements.loader, '/statementv2'],
    ] as [string, RouteFunction, string, Record<string, string>?][]
  ).map(([name, fn, path, params]) => {
    const { path: address, ...expected } = toNoAccess(`${path}${path.includes('?') ? '&' : '?'}customer=${EMBARGO}`)
    return { name: `${name}: export-denied customer`, fn, email: BUSOPS, path: address, params, expected }
  }),
  {
    name: 'email list: a customer of a type without e-mails',
    fn: emails.loader,
    email: PARTNER,
    path: '/emails?customer=1000003',
    expected: { status: 302, location: '/notypecustomer?from=%2Femails&customer=1000003' },
  },
  {
    name: 'email: a customer of a type without e-mails',
    fn: email.loader,
    email: PARTNER,
    path: '/emails/1?customer=1000003',
    params: { id: '1' },
    expected: { status: 302, location: '/notypecustomer?from=%2Femails&customer=1000003' },
  },
  {
    name: 'email list: no customer',
    fn: emails.loader,
    email: BUSOPS,
    path: '/emails',
    expected: { status: 302, location: '/noselectedcustomer' },
  },
  {
    name: 'grid data: a customer of a type without e-mails is refused, not redirected',
    fn: grid.loader,
    email: PARTNER,
    path: '/resources/grid/emailList?customer=1000003&chunk=0,60',
    params: { table: 'emailList' },
    expected: { status: 403, text: NOTICE_TEXTS.notypecustomer },
  },
  {
    name: 'grid view save: a customer of a type without e-mails',
    fn: grid.action,
    email: PARTNER,
    path: '/resources/grid/emailList?customer=1000003',
    params: { table: 'emailList' },
    form: { view: 'size=50' },
    expected: { status: 403, text: NOTICE_TEXTS.notypecustomer },
  },
  {
    name: 'portal access save: a view-only user',
    fn: portalAccess.action,
    email: VIEWER,
    path: '/portalaccess?customer=1000001',
    form: { 'contacts[0].email': 'new.person@acme.example', 'contacts[0].role': 'Viewer', baseline: '[]' },
    expected: { status: 403, text: PORTAL_ACCESS_MESSAGES.viewOnly },
  },
  {
    name: 'IP settings save: a view-only user',
    fn: whitelist.action,
    email: VIEWER,
    path: '/whitelistips?customer=1000001',
    form: { 'rules[0].rulename': 'Viewer rule', 'rules[0].ipaddress': '192.0.2.1' },
    expected: { status: 403, text: ELASTIC_VIEW_ONLY_MESSAGE },
  },
  {
    name: 'PIN change: a view-only user',
    fn: credentials.action,
    email: VIEWER,
    path: '/clscredentials?customer=1000001',
    form: { intent: 'changepin', pin: '123123', confirm: 'yes' },
    expected: { status: 403, text: ELASTIC_VIEW_ONLY_MESSAGE },
  },
  {
    name: 'IP settings save: a customer the user is not a contact of',
    fn: whitelist.action,
    email: VIEWER,
    path: '/whitelistips?customer=1000002',
    form: { 'rules[0].rulename': 'Other', 'rules[0].ipaddress': '192.0.2.1' },
    expected: { status: 403, text: 'Customer 1000002 was not found or you do not have access to it.' },
  },
  {
    name: 'Assignments (new layout): switched off by its feature flag',
    fn: webAssignmentsV2.loader,
    email: BUSOPS,
    path: '/webassignments-v2?customer=1000001',
    expected: { status: 403, text: FLAG_OFF_MESSAGE },
  },
  {
    // A generated Channel customer without SSL: nobody may activate on it.
    name: 'activations without the permission',
    fn: activations.loader,
    email: BUSOPS,
    path: '/activations?customer=1000101',
    expected: { status: 302, location: '/?customer=1000101' },
  },
  // The notice pages: their own rule is their exit.
  ...(
    [
      ['/noaccess?customer=1000001', noaccess.loader, BUSOPS, '/elastic?customer=1000001'],
      ['/noascaccess?customer=1000001&denied=1000002', noascaccess.loader, BUSOPS, '/elastic?customer=1000001'],
      ['/nocustomer', nocustomer.loader, BUSOPS, '/home'],
      ['/nopermissions?customer=1000001&denied=1000002', nopermissions.loader, BUSOPS, '/elastic?customer=1000001'],
      ['/noselectedcustomer?customer=1000001', noselectedcustomer.loader, BUSOPS, '/elastic?customer=1000001'],
      ['/notypecustomer?customer=1000002', notypecustomer.loader, PARTNER, '/elastic?customer=1000002'],
    ] as [string, RouteFunction, string, string][]
  ).map(([path, fn, user, location]) => ({
    name: `notice ${path.split('?')[0]}: its reason has gone`,
    fn,
    email: user,
    path,
    expected: { status: 302, location },
  })),
]

describe('every screen starts with its guard', () => {
  for (const refusal of REFUSALS) {
    it(refusal.name, async () => {
      const outcome = await run(refusal.fn, refusal.email, refusal.path, refusal)
      expect(outcome.status).toBe(refusal.expected.status)
      if (refusal.expected.location !== undefined) expect(outcome.location).toBe(refusal.expected.location)
      if (refusal.expected.text !== undefined) expect(outcome.text).toContain(refusal.expected.text)
      expectOnlyGuardCalls()
    })
  }

  it('an allowed request asks for its data after the guard', async () => {
    const outcome = await run(emails.loader, 'admin@acme.example', '/emails?customer=1000001')
    expect(outcome.status).toBe(200)
    const firstData = calls.findIndex((call) => call.startsWith('/getemails'))
    expect(firstData).toBeGreaterThan(calls.indexOf('/getaccountinfo/1000001'))
  })

  it('a view-only user may still export the stored PIN: that intent changes nothing', async () => {
    const outcome = await run(credentials.action, VIEWER, '/clscredentials?customer=1000001', {
      form: { intent: 'export', pin: '000000' },
    })
    expect(outcome.status).not.toBe(403)
    expect(calls.some((call) => call === '/getpin')).toBe(true)
  })
})
