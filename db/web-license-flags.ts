/**
 * An account's `hasSharedLicense` and `hasNamedLicense` (what shows the Web menu group) say
 * whether it has any web entitlement of each type (decision 0028). They follow the
 * entitlements: whatever writes web entitlements sets them with this, in its transaction.
 */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from './client'
import { asFlag } from './dialect'
import { accounts } from './tables'

const hasWebEntitlement = (type: 'SHARED_WEB' | 'NAMED_USER') =>
  asFlag(sql`EXISTS (SELECT 1 FROM entitlements e WHERE e.account_id = ${accounts.accountId} AND e.type = ${type})`)

/** Sets the web flags of these accounts from the web entitlements they have. */
export async function setWebLicenseFlags(tx: Pick<Db, 'update'>, accountIds: readonly string[]) {
  if (accountIds.length === 0) return
  await tx
    .update(accounts)
    .set({ hasSharedLicense: hasWebEntitlement('SHARED_WEB'), hasNamedLicense: hasWebEntitlement('NAMED_USER') })
    .where(inArray(accounts.accountId, [...accountIds]))
}
