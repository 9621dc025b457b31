/**
 * Who may use the activation calls (spec 3 section 6): the customer's scope
 * (requireCustomerAccess: another customer, export control), then the
 * activations permission; a write also needs a user who is not view-only.
 * And which customers of a host's shared-server group a caller is shown and
 * may act on: those it may see whose export status is approved. The others are
 * never shown, never merged into a file and never changed (skipped).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accounts, hostAccounts } from '../db/schema'
import { activationsAllowed, isViewOnly } from '../app/domain/permissions'
import { NOT_ENOUGH_PERMISSIONS, type AccountRef } from '../app/domain/activation-types'
import { buildAccountInfo, isExportDenied, maySeeCustomer, requireCustomerAccess, type CustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { Tx } from './audit-log'
import { forbidden } from './envelope'

export const NO_ACTIVATIONS_ACCESS = 'You do not have access to activations for this customer.'

/** The customer's access for an activation call: reads need the activations permission, writes also edit rights. */
export function requireActivations(
  db: Db,
  user: ApiUser,
  customerNumber: unknown,
  mode: 'read' | 'write',
): CustomerAccess {
  const found = requireCustomerAccess(db, user, customerNumber)
  const info = buildAccountInfo(found.account, found.access, user)
  if (!activationsAllowed(user, info)) throw forbidden(NO_ACTIVATIONS_ACCESS)
  if (mode === 'write' && isViewOnly(user, info)) throw forbidden(NOT_ENOUGH_PERMISSIONS)
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
export function hostGroup(db: Db, tx: Tx | Db, user: ApiUser, hostId: number): HostGroup {
  const members = tx
    .select({
      AccountID: accounts.accountId,
      AccountName: accounts.accountName,
      exportControlStatus: accounts.exportControlStatus,
    })
    .from(hostAccounts)
    .innerJoin(accounts, eq(accounts.accountId, hostAccounts.accountId))
    .where(eq(hostAccounts.hostId, hostId))
    .orderBy(accounts.accountId)
    .all()
  const group: HostGroup = { shown: [], unseen: [], denied: [] }
  for (const { AccountID, AccountName, exportControlStatus } of members) {
    if (!maySeeCustomer(db, user, AccountID)) group.unseen.push(AccountID)
    else if (isExportDenied({ exportControlStatus })) group.denied.push(AccountID)
    else group.shown.push({ AccountID, AccountName })
  }
  return group
}

/** The customer numbers of a group the caller is shown. */
export const shownNumbers = (group: HostGroup) => group.shown.map((a) => a.AccountID)
