/**
 * Who may see which customer. Staff (busops, support, sales, salesaccess) see every
 * account; everyone else sees the accounts they hold an `account_access` row for.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { accountAccess, accounts } from '../db/tables'
import { STAFF_ROLES } from './constants'
import { EXPORT_STATUS_FIELD } from '../app/domain/product'
import { exportDenied } from '../app/domain/permissions'
import { NOTICE_TEXTS } from '../app/screens/notice-pages'
import type { AccountInfo } from '../app/domain/types'
import { badRequest, forbidden, notFound } from './envelope'
import { preparedPerDb } from './prepared'
import type { ApiUser } from './auth'
import { customerNumberSchema } from '../app/domain/customer-number'

export type Account = typeof accounts.$inferSelect
export type AccessRow = typeof accountAccess.$inferSelect

export function isStaff(user: ApiUser) {
  return user.roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r))
}

/** Restriction on `accounts` for list queries; undefined for staff. */
export function accountScope(user: ApiUser): SQL | undefined {
  if (isStaff(user)) return undefined
  return sql`EXISTS (SELECT 1 FROM ${accountAccess} WHERE ${accountAccess.accountId} = ${accounts.accountId} AND ${accountAccess.userId} = ${user.id})`
}

export interface CustomerAccess {
  account: Account
  /** The user's contact row on this customer, if any (staff may have none). */
  access: AccessRow | undefined
}

/** Every customer-scoped call runs these. */
const accessStatements = preparedPerDb((db) => ({
  account: prepared(
    db
      .select()
      .from(accounts)
      .where(eq(accounts.accountId, sql.placeholder('accountId'))),
  ),
  access: prepared(
    db
      .select()
      .from(accountAccess)
      .where(
        and(
          eq(accountAccess.accountId, sql.placeholder('accountId')),
          eq(accountAccess.userId, sql.placeholder('userId')),
        ),
      ),
  ),
}))

/** The refusal of every call about a customer under export control, whoever asks. */
export const EXPORT_DENIED_MESSAGE = NOTICE_TEXTS.noaccess

/** Whether a customer's export-control status bars it from the API (the portal's own rule). */
export function isExportDenied(account: Pick<Account, 'exportControlStatus'>) {
  return exportDenied({ [EXPORT_STATUS_FIELD]: account.exportControlStatus })
}

/** Whether the user may see the customer at all (staff see every one). */
export async function maySeeCustomer(db: Db, user: ApiUser, accountId: string) {
  return isStaff(user) || (await accessStatements(db).access.get({ accountId, userId: user.id })) !== undefined
}

/**
 * The account and the user's access row; 404 when the customer does not exist,
 * 403 when the user may not see it, and 403 with EXPORT_DENIED_MESSAGE when its
 * export-control status is not approved. Every call scoped to a customer goes
 * through here; only the account info, which tells the caller why, passes
 * `exportDenied: 'answer'`.
 */
export async function requireCustomerAccess(
  db: Db,
  user: ApiUser,
  customerNumber: unknown,
  { exportDenied: whenDenied = 'refuse' }: { exportDenied?: 'refuse' | 'answer' } = {},
): Promise<CustomerAccess> {
  const parsed = customerNumberSchema.safeParse(customerNumber)
  if (!parsed.success) throw badRequest(`customerNumber: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  const statements = accessStatements(db)
  const account = await statements.account.get({ accountId: parsed.data })
  if (!account) throw notFound('Customer not found')
  const access = await statements.access.get({ accountId: account.accountId, userId: user.id })
  if (!access && !isStaff(user)) throw forbidden()
  if (whenDenied === 'refuse' && isExportDenied(account)) throw forbidden(EXPORT_DENIED_MESSAGE)
  return { account, access }
}

const flag = (v: unknown) => (v ? 1 : 0)

/** The customer info object of the spec, from the account, the user's access row and global roles. */
export function buildAccountInfo(account: Account, access: AccessRow | undefined, user: ApiUser): AccountInfo {
  const staffSales = user.roles.includes('sales')
  const staffSalesAccess = user.roles.includes('salesaccess')
  return {
    customerNumber: account.accountId,
    customerName: account.accountName,
    isPortalView: flag(access?.role === 'viewer'),
    isPortalEdit: flag(access?.role === 'admin'),
    isAsc: flag(access?.role === 'asc'),
    isFNPLicenseGenerator: flag(access?.isFnpLicenseGenerator),
    isAccessDisabled: flag(account.accessDisabled),
    isSalesAccess: flag(staffSalesAccess || access?.isSalesAccess),
    isSales: flag(staffSales || access?.isSales),
    hasSSL: flag(account.hasSsl),
    hasSharedLicense: flag(account.hasSharedLicense),
    hasNamedLicense: flag(account.hasNamedLicense),
    hasFSA: flag(account.hasFsa),
    hasElastic: flag(account.hasElastic),
    orgType: account.orgType,
    supportEmail: account.supportEmail,
    [EXPORT_STATUS_FIELD]: account.exportControlStatus,
  }
}

/**
 * The customer info, also for a customer under export control: its export-control
 * status is how a client learns to show the export-compliance notice instead.
 */
export async function accountInfo(db: Db, user: ApiUser, customerNumber: unknown): Promise<AccountInfo> {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber, { exportDenied: 'answer' })
  return buildAccountInfo(account, access, user)
}
