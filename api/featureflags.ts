/**
 * Feature flags: each user has an enabled set (their saved choice, or the flags
 * that are on by default). Switchable outside production only.
 */
import { transact } from '../db/transact'
import { asc, eq } from 'drizzle-orm'
import type { Config } from '../server/config'
import type { Db } from '../db/client'
import { featureFlags, userFeatureFlags } from '../db/tables'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { settingsCalls, type FeatureView } from './contract/settings'
import { ApiError, badRequest } from './envelope'

export const CONFLICT_MESSAGE = 'Selections are in conflict. Deselect one or more option.'

type FlagRow = typeof featureFlags.$inferSelect

async function allFlags(db: Db): Promise<FlagRow[]> {
  return await db.select().from(featureFlags).orderBy(asc(featureFlags.sortOrder), asc(featureFlags.name))
}

export async function enabledFeatureNames(db: Db, userId: number, known?: FlagRow[]): Promise<Set<string>> {
  const flags = known ?? (await allFlags(db))
  const saved = (await db.select().from(userFeatureFlags).where(eq(userFeatureFlags.userId, userId)))[0]
  if (saved) return new Set(saved.enabled)
  return new Set(flags.filter((f) => f.defaultEnabled).map((f) => f.name))
}

export async function featuresFor(db: Db, user: ApiUser): Promise<FeatureView[]> {
  const flags = await allFlags(db)
  const enabled = await enabledFeatureNames(db, user.id, flags)
  return flags.map((f) => ({
    name: f.name,
    description: f.description,
    enabled: enabled.has(f.name),
    conflicts: f.conflicts ?? [],
    path: f.path ?? null,
  }))
}

/** Throws 400 for unknown names or two selected features that conflict (either direction). */
export function checkSelection(flags: Pick<FlagRow, 'name' | 'conflicts'>[], selected: string[]) {
  const byName = new Map(flags.map((f) => [f.name, f]))
  const unknown = selected.filter((n) => !byName.has(n))
  if (unknown.length) throw badRequest(`Unknown feature: ${unknown.join(', ')}`)
  const chosen = new Set(selected)
  for (const name of chosen) {
    for (const other of byName.get(name)!.conflicts ?? []) {
      if (other !== name && chosen.has(other)) throw badRequest(CONFLICT_MESSAGE)
    }
  }
}

export function featureFlagCalls(calls: CallTable, { config, db }: { config: Config; db: Db }) {
  calls.implement(settingsCalls.getFeatures, async ({ user }) => await featuresFor(db, user))

  calls.implement(settingsCalls.setFeatures, async ({ input, user }) => {
    if (config.environment === 'prod') {
      throw new ApiError(403, 'Feature flags cannot be switched in production')
    }
    const selected = [...new Set(input.features)]
    // Immediate: a transaction that reads first and writes later cannot take the write lock while
    // another process writes (SQLITE_BUSY at once; busy_timeout does not wait for it).
    await transact(db, async (tx) => {
      const flags = await tx.select({ name: featureFlags.name, conflicts: featureFlags.conflicts }).from(featureFlags)
      checkSelection(flags, selected)
      const now = Date.now()
      await tx
        .insert(userFeatureFlags)
        .values({ userId: user.id, enabled: selected, updatedAt: now })
        .onConflictDoUpdate({ target: userFeatureFlags.userId, set: { enabled: selected, updatedAt: now } })
    })
    return await featuresFor(db, user)
  })
}
