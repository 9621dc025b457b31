/**
 * Who may use a customer's activations (spec 3 section 6): the customer scope of
 * every call, then the activations-allowed permission; a change also needs a
 * user who is not view-only. And which customers of a shared host a caller is
 * shown and whose activations its files and operations take in: those it may
 * see that are export-approved. The others are never shown, never merged into a
 * file and never changed (skipped).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accounts, hostAccounts } from '../db/tables'
import { activationsAllowed, isViewOnly } from '../app/domain/permissions'
import { NOT_ENOUGH_PERMISSIONS, type AccountRef } from '../app/domain/activation-types'
import { ACTIVATION_MESSAGES } from '../app/domain/activation-rules'
import { buildAccountInfo, isExportDenied, maySeeCustomer, requireCustomerAccess, type Account } from './access'
import type { Tx } from './audit-log'
import type { ApiUser } from './auth'
import { forbidden } from './envelope'

export interface ActivationAccess {
  account: Account
  viewOnly: boolean
}

/** The customer, if the user may use its activations at all; with `write`, only a user who may change them. */
export async function requireActivationAccess(
  db: Db,
  user: ApiUser,
  customerNumber: unknown,
  { write = false }: { write?: boolean } = {},
): Promise<ActivationAccess> {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  const info = buildAccountInfo(account, access, user)
  if (!activationsAllowed(user, info)) throw forbidden(ACTIVATION_MESSAGES.noAccess)
  const viewOnly = isViewOnly(user, info)
  if (write && viewOnly) throw forbidden(NOT_ENOUGH_PERMISSIONS)
  return { account, viewOnly }
}

/**
 * The accounts among `accountIds` the user may see and that are export-approved,
 * in the given order; the others are left out of every file and operation.
 */
export async function visibleApprovedAccounts(
  db: Db,
  tx: Tx | Db,
  user: ApiUser,
  accountIds: readonly string[],
): Promise<Account[]> {
  const found: Account[] = []
  for (const accountId of accountIds) {
    const account = (await tx.select().from(accounts).where(eq(accounts.accountId, accountId)))[0]
    if (account && !isExportDenied(account) && (await maySeeCustomer(db, user, accountId))) found.push(account)
  }
  return found
}

export interface HostGroup {
  /** The customers the caller is shown and acts on, by customer number. */
  shown: AccountRef[]
  /** Customer numbers the caller may not see. */
  unseen: string[]
  /** Customer numbers the caller may see whose export status is not approved. */
  denied: string[]
}

/** A host's shared-server group as the caller sees it. */
export async function hostGroup(db: Db, tx: Tx | Db, user: ApiUser, hostId: number): Promise<HostGroup> {
  const members = await tx
    .select({
      AccountID: accounts.accountId,
      AccountName: accounts.accountName,
      exportControlStatus: accounts.exportControlStatus,
    })
    .from(hostAccounts)
    .innerJoin(accounts, eq(accounts.accountId, hostAccounts.accountId))
    .where(eq(hostAccounts.hostId, hostId))
    .orderBy(accounts.accountId)
  const group: HostGroup = { shown: [], unseen: [], denied: [] }
  for (const { AccountID, AccountName, exportControlStatus } of members) {
    if (!(await maySeeCustomer(db, user, AccountID))) group.unseen.push(AccountID)
    else if (isExportDenied({ exportControlStatus })) group.denied.push(AccountID)
    else group.shown.push({ AccountID, AccountName })
  }
  return group
}

/** The customer numbers of a group the caller is shown. */
export const shownNumbers = (group: HostGroup) => group.shown.map((a) => a.AccountID)
