/**
 * API: elastic licence servers of a customer: the IP allow-list (spec 1 sections 5
 * and 7), the PIN and the allowed usernames (spec 2 sections 5 and 7).
 *
 * Every call names a customer and, except the server lists, a server (`clsId`) that
 * must belong to that customer. Reads are open to anyone who may see the customer;
 * writes are refused to view-only users (the portal's own rule, isViewOnly). Each
 * write runs in an immediate transaction that re-reads the row, refuses a stale
 * list (the IP allow-list always names the list it started from; the usernames
 * when the caller sends it), bumps `version` and records the change in the audit
 * trail, never with the PIN itself.
 */
import type { Tx } from '../db/transact'
import { transact } from '../db/transact'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { elasticServers } from '../db/tables'
import { isViewOnly } from '../app/domain/permissions'
import { sameRules } from '../app/domain/ip-rules'
import { CREDENTIAL_MESSAGES, sameUsernames } from '../app/domain/elastic-credentials'
import type { ApiDeps } from './index'
import type { ApiUser } from './auth'
import { buildAccountInfo, requireCustomerAccess } from './access'
import type { CallTable } from './call-table'
import { elasticServerCalls as declared } from './contract/elastic-server'
import { ApiError, forbidden, notFound } from './envelope'
import { recordAudit } from './audit-log'

type ServerRow = typeof elasticServers.$inferSelect

export const ELASTIC_ERRORS = {
  serverNotFound: 'Elastic server not found',
  viewOnly: 'View-only users cannot change elastic server settings',
  staleWhitelist:
    'The IP whitelist was changed by someone else in the meantime. Reload the page to see the current rules; nothing was saved.',
  staleUsers:
    'The allowed usernames were changed by someone else in the meantime. Reload the page to see the current list; nothing was saved.',
} as const

const stale = (message: string) => new ApiError(409, message)

/** The customer's activated servers, oldest first: the first is the one the settings screens manage. */
async function activatedServers(db: Db, accountId: string) {
  return await db
    .select()
    .from(elasticServers)
    .where(and(eq(elasticServers.accountId, accountId), eq(elasticServers.activated, 1)))
    .orderBy(asc(elasticServers.createdAt), asc(elasticServers.deviceId))
}

async function findServer(db: Db, accountId: string, clsId: string): Promise<ServerRow | undefined> {
  return (
    await db
      .select()
      .from(elasticServers)
      .where(
        and(
          eq(elasticServers.deviceId, clsId),
          eq(elasticServers.accountId, accountId),
          eq(elasticServers.activated, 1),
        ),
      )
  )[0]
}

/**
 * The customer (with the caller's access to it) and its server. A server of another
 * customer is "not found", so ids of other customers' servers cannot be probed.
 */
async function requireServer(db: Db, user: ApiUser, customerNumber: string, clsId: string) {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  const server = await findServer(db, account.accountId, clsId)
  if (!server) throw notFound(ELASTIC_ERRORS.serverNotFound)
  return { account, access, server }
}

/** As requireServer, for a change: a view-only user is refused before the server is looked for. */
async function requireWriter(db: Db, user: ApiUser, customerNumber: string, clsId: string) {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  if (isViewOnly(user, buildAccountInfo(account, access, user))) throw forbidden(ELASTIC_ERRORS.viewOnly)
  return await requireServer(db, user, customerNumber, clsId)
}

/** Runs `fn` on the freshly read row inside an immediate (write-locked) transaction. */
async function writeServer<T>(db: Db, deviceId: string, fn: (tx: Tx, row: ServerRow) => Promise<T>): Promise<T> {
  return await transact(db, async (tx) => {
    const row = (await tx.select().from(elasticServers).where(eq(elasticServers.deviceId, deviceId)))[0]
    if (!row) throw notFound(ELASTIC_ERRORS.serverNotFound)
    return await fn(tx, row)
  })
}

async function updateServer(
  tx: Tx,
  deviceId: string,
  values: Partial<Pick<ServerRow, 'pin' | 'usernames' | 'whitelist'>>,
) {
  return (
    await tx
      .update(elasticServers)
      .set({ ...values, version: sql`${elasticServers.version} + 1` })
      .where(eq(elasticServers.deviceId, deviceId))
      .returning({ version: elasticServers.version })
  )[0]
}

type ServerList = 'whitelist' | 'usernames'

/** The lists of a server that are replaced as a whole (also their audit areas): how two are compared. */
const SERVER_LISTS: {
  [K in ServerList]: { same: (a: ServerRow[K], b: ServerRow[K]) => boolean; staleMessage: string }
} = {
  whitelist: { same: sameRules, staleMessage: ELASTIC_ERRORS.staleWhitelist },
  usernames: { same: sameUsernames, staleMessage: ELASTIC_ERRORS.staleUsers },
}

/**
 * Replaces one list of a server for a user who may change it: refuses a stale list (one the
 * caller did not start from), changes nothing when the new list is the same, and
 * otherwise stores it, bumps the version and records the change in the audit trail.
 */
async function replaceServerList<K extends ServerList>(
  db: Db,
  user: ApiUser,
  request: { customerNumber: string; clsId: string; list: ServerRow[K]; oldList?: ServerRow[K] },
  which: K,
): Promise<{ list: ServerRow[K]; version: number; changed: boolean }> {
  const { same, staleMessage } = SERVER_LISTS[which]
  const { account, server } = await requireWriter(db, user, request.customerNumber, request.clsId)
  return await writeServer(db, server.deviceId, async (tx, row) => {
    const before = row[which]
    if (request.oldList && !same(request.oldList, before)) throw stale(staleMessage)
    if (same(request.list, before)) return { list: before, version: row.version, changed: false }
    const { version } = (await updateServer(tx, row.deviceId, { [which]: request.list }))!
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: which,
      action: 'update',
      before,
      after: request.list,
    })
    return { list: request.list, version, changed: true }
  })
}

export function elasticCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.activatedServers, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    return (await activatedServers(db, account.accountId))
      .filter((s) => !input.server || s.deviceId === input.server)
      .map((s) => ({ DeviceID: s.deviceId, Alias: s.alias }))
  })

  calls.implement(declared.firstServer, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    const first = (await activatedServers(db, account.accountId))[0]
    return first ? { deviceId: first.deviceId, alias: first.alias } : null
  })

  calls.implement(declared.getIps, async ({ input, user }) => {
    const { server } = await requireServer(db, user, input.customerNumber, input.clsId)
    return { whitelist: server.whitelist, version: server.version }
  })

  calls.implement(declared.setIps, async ({ input, user }) => {
    const { customerNumber, clsId } = input
    const request = { customerNumber, clsId, list: input.whitelist, oldList: input.oldWhitelist }
    const { list, version, changed } = await replaceServerList(db, user, request, 'whitelist')
    return { whitelist: list, version, changed }
  })

  calls.implement(declared.getPin, async ({ input, user }) => {
    const { server } = await requireServer(db, user, input.customerNumber, input.clsId)
    if (server.pin === null) throw notFound(CREDENTIAL_MESSAGES.pinNotFound)
    return { pin: server.pin }
  })

  /** With `onlyIfUnset` the screen's silent first PIN cannot overwrite one set at the same moment by someone else. */
  calls.implement(declared.changePin, async ({ input, user }) => {
    const { account, server } = await requireWriter(db, user, input.customerNumber, input.clsId)
    return await writeServer(db, server.deviceId, async (tx, row) => {
      if ((input.onlyIfUnset && row.pin !== null) || row.pin === input.pin)
        return { changed: false, version: row.version }
      const { version } = (await updateServer(tx, row.deviceId, { pin: input.pin }))!
      await recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'pin',
        action: row.pin !== null ? 'change' : input.onlyIfUnset ? 'generate' : 'set',
        before: { pinSet: row.pin !== null },
        after: { pinSet: true },
      })
      return { changed: true, version }
    })
  })

  calls.implement(declared.getUsers, async ({ input, user }) => {
    const { server } = await requireServer(db, user, input.customerNumber, input.clsId)
    return { users: server.usernames, version: server.version }
  })

  calls.implement(declared.saveUsers, async ({ input, user }) => {
    const { customerNumber, clsId } = input
    const request = { customerNumber, clsId, list: input.users, oldList: input.oldUsers }
    const { list, version, changed } = await replaceServerList(db, user, request, 'usernames')
    return { users: list, version, changed }
  })
}
