/**
 * What the web licensing calls share: who may read or change a customer's web licences,
 * finding its entitlements, users and groups, the SQL of the figures every list and detail
 * shows (seats in use, named holders, what is left), the named seat guard every change that
 * can add a holder runs inside its transaction, and the audit record.
 */
import { connectionsOf, transact } from '../db/transact'
import { greatest, jsonArrayOf, truncated } from '../db/dialect'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, webGroups, webUsers } from '../db/tables'
import {
  namedSeatShortfall,
  webTermState,
  WEB_ENTITLEMENT_TYPES,
  WEB_MESSAGES,
  type WebEntitlementType,
  type WebRole,
} from '../app/domain/web-licenses'
import { isViewOnly } from '../app/domain/permissions'
import { buildAccountInfo, requireCustomerAccess, type Account } from './access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import { ApiError, badRequest, forbidden, notFound } from './envelope'
import type { WebEntitlementRow } from './contract/web'

export type Store = Db | Tx

export const conflict = (message: string) => new ApiError(409, message)

/** The customer, for a read; for a change, also refused (403) to view-only users. */
export async function webAccess(
  db: Db,
  user: ApiUser,
  customerNumber: unknown,
  { write = false } = {},
): Promise<Account> {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  if (write && isViewOnly(user, buildAccountInfo(account, access, user))) throw forbidden(WEB_MESSAGES.viewOnly)
  return account
}

/** A change of the customer's web licences: one immediate transaction (writers queue, readers go on). */
export async function webWrite<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  return await transact(db, change)
}

export async function auditWeb(
  tx: Tx,
  user: ApiUser,
  account: Account,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(tx, { actorEmail: user.email, accountId: account.accountId, area: 'web', action, before, after })
}

/* ---------------------------------------------------------------- lookups */

export interface WebEntitlement {
  id: number
  activationId: string
  productName: string
  type: WebEntitlementType
  quantity: number
}

export async function findEntitlement(store: Store, account: Account, activationId: string): Promise<WebEntitlement> {
  const row = (
    await store
      .select({
        id: entitlements.id,
        activationId: entitlements.activationId,
        productName: entitlements.productName,
        type: entitlements.type,
        quantity: entitlements.quantity,
      })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, account.accountId),
          eq(entitlements.activationId, activationId),
          inArray(entitlements.type, [...WEB_ENTITLEMENT_TYPES]),
        ),
      )
  )[0]
  if (!row) throw notFound(`${activationId} is not a web entitlement of customer ${account.accountId}.`)
  return { ...row, type: row.type as WebEntitlementType }
}

export interface WebUser {
  id: number
  email: string
  name: string
  role: WebRole
}

const userFields = { id: webUsers.id, email: webUsers.email, name: webUsers.name, role: webUsers.role }

export async function findUser(store: Store, account: Account, userId: number): Promise<WebUser> {
  const row = (
    await store
      .select(userFields)
      .from(webUsers)
      .where(and(eq(webUsers.accountId, account.accountId), eq(webUsers.id, userId)))
  )[0]
  if (!row) throw notFound(`User ${userId} is not a web user of customer ${account.accountId}.`)
  return row as WebUser
}

/** The customer's users with these e-mails (lower case); 400 naming any that is not one. */
export async function usersByEmail(store: Store, account: Account, emails: string[]): Promise<WebUser[]> {
  const wanted = [...new Set(emails)]
  const rows = (await store
    .select(userFields)
    .from(webUsers)
    .where(and(eq(webUsers.accountId, account.accountId), inArray(webUsers.email, wanted)))) as WebUser[]
  const found = new Set(rows.map((r) => r.email))
  const missing = wanted.filter((e) => !found.has(e))
  if (missing.length > 0) throw badRequest(WEB_MESSAGES.notUsers(missing))
  return rows
}

/** The customer's users with these ids; 400 naming any that is not one. */
export async function usersById(store: Store, account: Account, ids: number[]): Promise<WebUser[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  const rows = (await store
    .select(userFields)
    .from(webUsers)
    .where(and(eq(webUsers.accountId, account.accountId), inArray(webUsers.id, wanted)))) as WebUser[]
  const found = new Set(rows.map((r) => r.id))
  const missing = wanted.filter((id) => !found.has(id))
  if (missing.length > 0) throw badRequest(WEB_MESSAGES.notUserIds(missing))
  return rows
}

export interface WebGroup {
  id: number
  name: string
  description: string
}

export async function findGroup(store: Store, account: Account, groupId: number): Promise<WebGroup> {
  const row = (
    await store
      .select({ id: webGroups.id, name: webGroups.name, description: webGroups.description })
      .from(webGroups)
      .where(and(eq(webGroups.accountId, account.accountId), eq(webGroups.id, groupId)))
  )[0]
  if (!row) throw notFound(`Group ${groupId} is not a web group of customer ${account.accountId}.`)
  return row
}

/** The customer's group with this name, ignoring case. */
export async function groupByName(store: Store, account: Account, name: string): Promise<WebGroup | undefined> {
  return (
    await store
      .select({ id: webGroups.id, name: webGroups.name, description: webGroups.description })
      .from(webGroups)
      .where(and(eq(webGroups.accountId, account.accountId), sql`lower(${webGroups.name}) = lower(${name.trim()})`))
  )[0]
}

/* ---------------------------------------------------------------- figures in SQL */

/** SQL text of a correlated id of the outer table, qualified so a subquery cannot take it for its own. */
const outerId = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`

/** The users holding a seat of the entitlement `entitlementId` (an SQL expression) today. */
export const holderIdsSql = (entitlementId: SQL, today: string) =>
  sql`SELECT a.user_id FROM web_assignments a WHERE a.entitlement_id = ${entitlementId} AND a.user_id IS NOT NULL
        AND (a.end_date IS NULL OR a.end_date >= ${today})
      UNION SELECT m.user_id FROM web_assignments a JOIN web_group_members m ON m.group_id = a.group_id
        WHERE a.entitlement_id = ${entitlementId}`

/** Running checkouts: not ended, lease not past (a stale lease counts as free before any sweep ends it). */
const runningSql = (now: number) => sql`c.ended_at IS NULL AND c.lease_expires_at > ${now}`

const withTermFunction = new WeakSet<Db>()

/**
 * Registers the term rule (app/domain/web-licenses, webTermState) as an SQL function of the
 * connection, so the lists filter and sort by the very rule the portal shows. Once per connection.
 * On PostgreSQL it is the SQL function of migration 0002_sql_functions, which answers as webTermState.
 */
export function registerWebFunctions(db: Db) {
  if (withTermFunction.has(db)) return
  for (const client of connectionsOf(db))
    client.function('web_term_state', { deterministic: true }, (start: unknown, end: unknown, today: unknown) =>
      webTermState(String(start), end === null ? null : String(end), String(today)),
    )
  withTermFunction.add(db)
}

/** The columns of a web entitlement row, for the list engine and the detail (registerWebFunctions first). */
export function entitlementColumns(today: string, now: number) {
  const e = entitlements
  const id = outerId('entitlements')
  const inUse = sql<number>`(CASE WHEN ${e.type} = 'SHARED_WEB' THEN (SELECT count(*) FROM web_checkouts c
    WHERE c.entitlement_id = ${id} AND ${runningSql(now)}) ELSE 0 END)`
  const holders = sql<number>`(CASE WHEN ${e.type} = 'NAMED_USER' THEN (SELECT count(*) FROM web_users u
    WHERE u.id IN (${holderIdsSql(id, today)})) ELSE 0 END)`
  const seats = truncated(e.quantity)
  return {
    activationId: e.activationId,
    product: e.product,
    productName: e.productName,
    type: e.type,
    seats,
    inUse,
    holders,
    free: greatest(sql`0`, sql`${seats} - (CASE WHEN ${e.type} = 'SHARED_WEB' THEN ${inUse} ELSE ${holders} END)`),
    groups: sql<string>`(SELECT ${jsonArrayOf(sql`g.name`)} FROM web_assignments a JOIN web_groups g ON g.id = a.group_id
      WHERE a.entitlement_id = ${id})`,
    users: sql<number>`(SELECT count(*) FROM web_assignments a WHERE a.entitlement_id = ${id} AND a.user_id IS NOT NULL
      AND (a.end_date IS NULL OR a.end_date >= ${today}))`,
    startDate: e.startDate,
    endDate: e.endDate,
    termState: sql<string>`web_term_state(${e.startDate}, ${e.endDate}, ${today})`,
  }
}

/** A JSON array of names from SQL, sorted for display. */
export function nameList(value: unknown): string[] {
  const names = typeof value === 'string' ? (JSON.parse(value) as unknown[]) : []
  return names
    .filter((n): n is string => typeof n === 'string')
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
}

export function toEntitlementRow(row: Record<string, unknown>): WebEntitlementRow {
  return { ...row, groups: nameList(row.groups) } as WebEntitlementRow
}

export const userColumns = (now: number) => {
  const id = outerId('web_users')
  return {
    id: webUsers.id,
    email: webUsers.email,
    name: webUsers.name,
    role: webUsers.role,
    groups: sql<string>`(SELECT ${jsonArrayOf(sql`g.name`)} FROM web_group_members m JOIN web_groups g ON g.id = m.group_id
      WHERE m.user_id = ${id})`,
    checkouts: sql<number>`(SELECT count(*) FROM web_checkouts c WHERE c.user_id = ${id} AND ${runningSql(now)})`,
  }
}

export const groupColumns = () => {
  const id = outerId('web_groups')
  return {
    id: webGroups.id,
    name: webGroups.name,
    description: webGroups.description,
    members: sql<number>`(SELECT count(*) FROM web_group_members m WHERE m.group_id = ${id})`,
    entitlements: sql<string>`(SELECT ${jsonArrayOf(sql`e.product_name`)} FROM web_assignments a
      JOIN entitlements e ON e.id = a.entitlement_id WHERE a.group_id = ${id})`,
  }
}

/* ---------------------------------------------------------------- the named seat guard */

interface NamedCount {
  id: number
  productName: string
  quantity: number
  holders: number
}

async function namedCounts(tx: Tx, account: Account, today: string): Promise<NamedCount[]> {
  const e = entitlements
  return await tx
    .select({
      id: e.id,
      productName: e.productName,
      quantity: e.quantity,
      holders: sql<number>`(SELECT count(*) FROM web_users u WHERE u.id IN (${holderIdsSql(outerId('entitlements'), today)}))`,
    })
    .from(e)
    .where(and(eq(e.accountId, account.accountId), eq(e.type, 'NAMED_USER')))
}

/**
 * Runs a change that may add named seat holders inside the caller's transaction, and refuses it
 * (400, the transaction rolls back) when a named entitlement would then have more holders than
 * seats. Counting every named entitlement of the customer before and after keeps the rule in one
 * place whatever the change (a seat, a group assignment, a member, an import row).
 */
export async function guardNamedSeats<T>(
  tx: Tx,
  account: Account,
  today: string,
  change: () => Promise<T>,
): Promise<T> {
  const before = new Map((await namedCounts(tx, account, today)).map((c) => [c.id, c.holders]))
  const result = await change()
  for (const after of await namedCounts(tx, account, today)) {
    const problem = namedSeatShortfall({
      productName: after.productName,
      quantity: after.quantity,
      held: before.get(after.id) ?? 0,
      wanted: after.holders,
    })
    if (problem) throw badRequest(problem)
  }
  return result
}
