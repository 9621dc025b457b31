/**
 * Licence hosts a journey makes for itself on the suite's database (each test
 * its own, as they run at once) and removes afterwards with their fulfilments,
 * and the entitlements whose maintenance still runs (the ones a save accepts).
 */
import { and, eq, gte, isNull, or } from 'drizzle-orm'
import { entitlements, fulfillments, hostAccounts, hosts } from '../../../db/schema'
import { withE2eDb } from './database'

export function makeHost({
  name,
  serverId,
  accounts,
  borrowable = false,
}: {
  name: string
  serverId: string
  accounts: string[]
  borrowable?: boolean
}): Promise<number> {
  return withE2eDb((db) => {
    const host = db
      .insert(hosts)
      .values({
        name,
        hostIds: serverId,
        hostIdTypes: 'ETHERNET',
        identifier: serverId,
        state: 'ACTIVE',
        borrowable: borrowable ? 1 : 0,
        createdAt: Date.now(),
      })
      .returning()
      .get()
    for (const accountId of accounts) db.insert(hostAccounts).values({ hostId: host.id, accountId }).run()
    return host.id
  })
}

export function removeHost(hostId: number): Promise<void> {
  return withE2eDb((db) => {
    db.delete(fulfillments).where(eq(fulfillments.hostId, hostId)).run()
    db.delete(hosts).where(eq(hosts.id, hostId)).run()
  })
}

/** The activation ids of the customer's entitlements without lapsed maintenance. */
export function maintainedActivationIds(accountId: string): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10)
  return withE2eDb((db) =>
    db
      .select({ id: entitlements.activationId })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.accountId, accountId),
          or(isNull(entitlements.versionDate), gte(entitlements.versionDate, today)),
        ),
      )
      .all()
      .map((e) => e.id),
  )
}
