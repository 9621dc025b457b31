/**
 * Requests for every call of the API's call table, for the tests that sweep it:
 * which calls only read (as their declarations say), a request per
 * call that a customer's data makes valid, and a snapshot of every table to
 * show that a refused call changed nothing.
 *
 * A write call has a body of its own (WRITE_BODIES) holding the fields it reads
 * and no others, so a sweep can alter each of them; a call that only reads gets
 * one body with every field any call reads.
 */
import { createHash } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Call } from '../../../api/call-table'
import { readContacts } from '../../../api/portal-access'
import { classifyElastic, isElasticIncluded } from '../../../app/domain/entitlements'
import type { Db } from '../../../db/client'
import { mapInOrder } from '../../../db/in-order'
import { portalTables, quoted } from '../../../db/portal-tables'
import { first } from '../../../db/query'
import { rawAll } from '../../../db/raw'
import {
  elasticServers,
  emails,
  entitlements,
  fulfillments,
  hostAccounts,
  hosts,
  webGroups,
  webUsers,
} from '../../../db/tables'

export const callName = (call: Pick<Call, 'method' | 'path'>) => `${call.method} ${call.path}`

/** Whether a call only reads, as its declaration says (and the client may send it again). */
export const isReadCall = (call: Pick<Call, 'declaration'>) => call.declaration.access === 'read'

const TODAY = new Date().toISOString().slice(0, 10)
/** A finished half hour is in the past at any time of day (today's could still be ahead, just after midnight). */
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

/** Tables that change without any write of the API's: sign-in state and rate counters. */
const NOT_DATA = new Set(['sessions', 'oidc_models', 'rate_limits'])

/**
 * Every table the API can write, each as its row count and a hash of its rows, to show that nothing changed.
 * The rows are hashed in the order of their JSON, the same on either engine (PostgreSQL has no rowid).
 */
export async function dataSnapshot(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const names = portalTables()
    .map((t) => t.name)
    .filter((name) => !NOT_DATA.has(name))
    .sort()
  return Object.fromEntries(
    await mapInOrder(names, async (name) => {
      const rows = (await rawAll(db, sql`SELECT * FROM ${sql.raw(quoted(name))}`))
        .map((row) => JSON.stringify(row))
        .sort()
      return [name, { rows: rows.length, hash: createHash('sha256').update(rows.join('\n')).digest('hex') }]
    }),
  )
}

/** What a customer's demo data offers the requests: its first of each kind, or a stand-in where it has none. */
export async function customerData(db: Db, customerNumber: string) {
  const device = await first(db.select().from(elasticServers).where(eq(elasticServers.accountId, customerNumber)))
  const email = await first(
    db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.accountId, customerNumber), isNull(emails.deletedAt))),
  )
  // One the low-balance threshold and usage sessions accept: included in elastic and active today.
  const elastic = (
    await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.accountId, customerNumber), eq(entitlements.type, 'ELASTIC')))
  ).find((e) => isElasticIncluded(e) && classifyElastic({ ...e, today: TODAY }).active)?.activationId
  const fsa = await first(
    db
      .select({ id: entitlements.activationId })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, customerNumber), eq(entitlements.type, 'FSA'))),
  )
  const host = await first(
    db
      .select({ id: hosts.id, hostIds: hosts.hostIds, hostIdTypes: hosts.hostIdTypes })
      .from(hostAccounts)
      .innerJoin(hosts, eq(hosts.id, hostAccounts.hostId))
      .where(and(eq(hostAccounts.accountId, customerNumber), eq(hosts.state, 'ACTIVE')))
      .orderBy(hosts.id),
  )
  const activated = host
    ? await first(
        db
          .select({ id: entitlements.activationId })
          .from(fulfillments)
          .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
          .where(
            and(
              eq(fulfillments.accountId, customerNumber),
              eq(fulfillments.hostId, host.id),
              eq(fulfillments.status, 'ACTIVE'),
              sql`${fulfillments.count} > 0`,
            ),
          ),
      )
    : undefined
  const webEntitlement = async (type: string) =>
    (
      await first(
        db
          .select({ id: entitlements.activationId })
          .from(entitlements)
          .where(and(eq(entitlements.accountId, customerNumber), eq(entitlements.type, type)))
          .orderBy(desc(entitlements.id)),
      )
    )?.id
  const webUsersOf = await db
    .select({ id: webUsers.id, email: webUsers.email })
    .from(webUsers)
    .where(eq(webUsers.accountId, customerNumber))
    .orderBy(webUsers.id)
  const webGroupsOf = await db
    .select({ id: webGroups.id })
    .from(webGroups)
    .where(eq(webGroups.accountId, customerNumber))
    .orderBy(webGroups.id)
  return {
    customerNumber,
    clsId: device?.deviceId ?? 'ELS-NONE',
    whitelist: device?.whitelist ?? [],
    usernames: device?.usernames ?? [],
    emailId: email?.id ?? 1,
    contacts: await readContacts(db, customerNumber),
    elasticActivation: elastic ?? 'NONE-ELASTIC',
    fsaActivation: fsa?.id ?? 'NONE-FSA',
    /** The first field names the host as spec 3's host calls do (hostId), the second as the fulfilment calls do. */
    hostRef: { hostId: host?.hostIds ?? '0cc47a1f3b90', hostIdType: host?.hostIdTypes ?? 'ETHERNET' },
    serverRef: { serverId: host?.hostIds ?? '0cc47a1f3b90', serverIdType: host?.hostIdTypes ?? 'ETHERNET' },
    /** An entitlement with a seat on that host. */
    activatedId: activated?.id ?? 'NONE-SSL',
    /** Its last shared and named web entitlements (Acme's named one has seats left), web users and groups. */
    webShared: (await webEntitlement('SHARED_WEB')) ?? 'NONE-WEB',
    webNamed: (await webEntitlement('NAMED_USER')) ?? 'NONE-WEB',
    webUserId: webUsersOf[0]?.id ?? 1,
    webUserEmail: webUsersOf[0]?.email ?? 'nobody@probe.example',
    /** Removed by the sweep of business operations, so the calls after it still find the first. */
    webLastUserId: webUsersOf.at(-1)?.id ?? 1,
    webGroupId: webGroupsOf[0]?.id ?? 1,
    webLastGroupId: webGroupsOf.at(-1)?.id ?? 1,
  }
}

export type CustomerData = Awaited<ReturnType<typeof customerData>>

/**
 * The body of each call that writes, with the fields it reads: what an editor of
 * the customer sends. A write call missing here fails the sweeps until it has one.
 */
export const WRITE_BODIES: Record<string, (d: CustomerData) => Record<string, unknown>> = {
  'POST /featureflag/features': () => ({ features: ['elastic'] }),
  'POST /preferences/save': (d) => ({
    customerNumber: d.customerNumber,
    tables: [
      {
        tableName: 'emailList',
        sortModel: [{ colId: 'date', sort: 'asc' }],
        filterModel: { subject: { filterType: 'text', type: 'contains', filter: 'licence' } },
      },
    ],
  }),
  'POST /featureflag/pref': (d) => ({
    tables: [
      {
        customerNumber: d.customerNumber,
        tableName: 'emailList',
        columnOrder: [{ colId: 'subject', pinned: 'left' }],
        dateRange: 'Last 7 Days',
      },
    ],
  }),
  'DELETE /emails/:id': () => ({}),
  'POST /setportalaccess': (d) => ({
    customerNumber: d.customerNumber,
    oldContacts: d.contacts,
    newContacts: [...d.contacts, { email: 'dana.levi@deltalabs.example', role: 'Viewer' }],
  }),
  'POST /setips': (d) => ({
    customerNumber: d.customerNumber,
    clsId: d.clsId,
    oldWhitelist: d.whitelist,
    whitelist: [{ rulename: 'Office', ipaddress: '192.0.2.0/24' }],
  }),
  'POST /changepin': (d) => ({ customerNumber: d.customerNumber, clsId: d.clsId, pin: '246810' }),
  'POST /saveUsers': (d) => ({
    customerNumber: d.customerNumber,
    clsId: d.clsId,
    oldUsers: d.usernames,
    users: ['operator'],
  }),
  'POST /entitlements/threshold': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.elasticActivation,
    threshold: 10,
  }),
  'POST /usage/sessions': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.elasticActivation,
    startTime: `${YESTERDAY} 00:00:00`,
    endTime: `${YESTERDAY} 00:30:00`,
    product: 'Ansys Fluent',
    user: 'operator',
    host: 'ws-01',
    project: 'wing',
  }),
  'POST /getPdf': (d) => statementBody(d),
  'POST /emailweek': (d) => statementBody(d),
  'POST /emailmonth': (d) => statementBody(d),
  'POST /fulfillments/servers/add': (d) => ({
    customerNumber: d.customerNumber,
    serverName: 'probe-host',
    serverId: '0cc47a1f3b91',
    serverIdType: 'ETHERNET',
    portNumber: 27000,
  }),
  'POST /fulfillments/servers/deactivate': (d) => ({ customerNumber: d.customerNumber, ...d.hostRef }),
  'POST /fulfillments/servers/rehost': (d) => ({
    customerNumber: d.customerNumber,
    ...d.hostRef,
    serverName: 'probe-rehost',
    serverId: '0cc47a1f3b92',
    serverIdType: 'ETHERNET',
  }),
  'POST /fulfillments/servers/remove': (d) => ({ customerNumber: d.customerNumber, ...d.hostRef }),
  'POST /entitlements': (d) => ({
    ansyshasfsa: true,
    customerNumber: d.customerNumber,
    fsaID: d.fsaActivation,
    orderid: 'ORD-PROBE',
    products: [
      {
        ansysbpn: 'FSA-HFSS-L',
        ansysprice: 100,
        ansysquantity: 1,
        ansystype: 'Lease',
        startdate: TODAY,
        enddate: TODAY,
        manualentry: false,
      },
    ],
  }),
  'POST /sharedserver': (d) => ({ customerNumber: d.customerNumber, ...d.hostRef, group: [d.customerNumber] }),
  'POST /sharedserver/deactivate': (d) => ({ customerNumber: d.customerNumber, ...d.hostRef }),
  'POST /sharedserver/remove': (d) => ({ customerNumber: d.customerNumber, ...d.hostRef }),
  'POST /uploadserverid': (d) => ({ customerNumber: d.customerNumber }),
  'POST /fulfillments/create': (d) => ({
    customerNumber: d.customerNumber,
    ...d.serverRef,
    serverName: 'probe',
    action: 'EDIT',
    activations: [{ id: d.activatedId, count: 1 }],
  }),
  'POST /fulfillments/return': (d) => ({
    customerNumber: d.customerNumber,
    ...d.serverRef,
    action: 'EDIT',
    activations: [{ id: d.activatedId, count: -1 }],
  }),
  'POST /fulfillments/email': (d) => ({ customerNumber: d.customerNumber, ...d.serverRef }),
  'POST /web/users/add': (d) => ({ customerNumber: d.customerNumber, email: 'probe@probe.example', name: 'Probe' }),
  'POST /web/users/change': (d) => ({
    customerNumber: d.customerNumber,
    userId: d.webUserId,
    name: 'Probe',
    role: 'admin',
  }),
  'POST /web/users/remove': (d) => ({ customerNumber: d.customerNumber, userId: d.webLastUserId, confirm: true }),
  // The header comes first, so a character put into the file's first cell leaves no header: refused whole.
  'POST /web/users/import': (d) => ({
    customerNumber: d.customerNumber,
    csv: 'email,name,role,groups\r\nprobe@probe.example,Probe,member,Probes\r\n',
  }),
  'POST /web/groups/add': (d) => ({ customerNumber: d.customerNumber, name: 'Probes', description: 'Probe' }),
  'POST /web/groups/change': (d) => ({
    customerNumber: d.customerNumber,
    groupId: d.webGroupId,
    name: 'Probes',
    description: 'Probe',
  }),
  'POST /web/groups/remove': (d) => ({ customerNumber: d.customerNumber, groupId: d.webLastGroupId, confirm: true }),
  'POST /web/groups/members/add': (d) => ({
    customerNumber: d.customerNumber,
    groupId: d.webGroupId,
    emails: [d.webUserEmail],
  }),
  'POST /web/groups/members/remove': (d) => ({
    customerNumber: d.customerNumber,
    groupId: d.webGroupId,
    userId: d.webUserId,
  }),
  'POST /web/assignments/group': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.webShared,
    groupId: d.webGroupId,
  }),
  'POST /web/assignments/group/remove': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.webShared,
    groupId: d.webGroupId,
  }),
  'POST /web/assignments/users': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.webNamed,
    emails: [d.webUserEmail],
    endDate: '2099-12-31',
  }),
  'POST /web/assignments/users/remove': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.webNamed,
    userId: d.webUserId,
  }),
  'POST /web/assignments/matrix': (d) => ({
    customerNumber: d.customerNumber,
    activationId: d.webNamed,
    holders: [d.webUserId],
    previous: [],
  }),
  // The web licence service: a checkout by someone who is no web user is refused (and recorded); a seat id
  // of the right form that no checkout answered is not found.
  'POST /web/checkout': (d) => ({
    customerNumber: d.customerNumber,
    email: 'probe.user@example.com',
    product: 'ANSYS_DISCOVERY_WEB',
    clientHost: 'ws-01',
    productVersion: '2026 R1',
  }),
  'POST /web/heartbeat': () => ({ checkoutId: UNKNOWN_CHECKOUT }),
  'POST /web/checkin': () => ({ checkoutId: UNKNOWN_CHECKOUT }),
}

const UNKNOWN_CHECKOUT = '00000000-0000-4000-8000-000000000000'

function statementBody(d: CustomerData) {
  return { customerid: d.customerNumber, server: d.clsId, activationid: d.elasticActivation, date: TODAY }
}

/** The request for a call on a customer: its own body for a write, the body of every field for a read. */
export function requestFor(d: CustomerData, call: Pick<Call, 'method' | 'path' | 'declaration'>) {
  const params: Record<string, string> = { customerNumber: d.customerNumber, id: String(d.emailId) }
  const url = call.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name]))
  const ownBody = WRITE_BODIES[callName(call)]
  if (ownBody && !isReadCall(call)) return { url, body: call.method === 'DELETE' ? undefined : ownBody(d) }
  if (call.method === 'GET') return { url: `${url}?customerNumber=${d.customerNumber}`, body: undefined }
  return { url, body: readBody(d, call.path) }
}

/** Every field any call reads, for the customer. */
function readBody(d: CustomerData, path: string) {
  return {
    customerNumber: d.customerNumber,
    customerName: 'ignored',
    customername: 'ignored',
    clsId: d.clsId,
    id: d.emailId,
    key: 'id',
    tableName: 'emailList',
    tables: [{ customerNumber: d.customerNumber, tableName: 'emailList', sortModel: [{ colId: 'date', sort: 'asc' }] }],
    pin: '246810',
    whitelist: [{ rulename: 'Anywhere', ipaddress: '0.0.0.0/0' }],
    oldWhitelist: d.whitelist,
    users: ['probe'],
    oldUsers: d.usernames,
    newContacts: d.contacts,
    oldContacts: d.contacts,
    activationId: path === '/fulfillments/count' ? [d.elasticActivation] : d.elasticActivation,
    userId: d.webUserId,
    groupId: d.webGroupId,
    threshold: 100,
    startTime: '2025-03-01 09:00:00',
    endTime: '2025-03-01 11:30:00',
    product: 'Ansys Fluent',
    user: 'operator',
    host: 'ws-01',
    from: '2026-10-01',
    to: '2026-10-31',
    today: '2026-11-02',
    customerid: d.customerNumber,
    server: d.clsId,
    activationid: d.elasticActivation,
    date: '2026-10-31',
    emailId: d.emailId,
    attachmentId: 1,
    hostIds: '1',
    group: [d.customerNumber],
    ...d.serverRef,
    activations: [{ id: d.elasticActivation, count: path === '/fulfillments/return' ? -1 : 1 }],
    changes: {},
  }
}
