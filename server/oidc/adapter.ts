/**
 * oidc-provider storage on the `oidc_models` table, so every process behind a
 * load balancer sees the same sessions, interactions, grants, codes and tokens.
 */
import { transact } from '../../db/transact'
import { and, eq, lt, isNotNull } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../../db/client'
import { oidcModels } from '../../db/tables'

const now = () => Math.floor(Date.now() / 1000)

/** Rows outlive their expiry by this long so that replays of consumed codes are still recognised. */
const PURGE_GRACE_SECONDS = 24 * 3600

export function createAdapterFactory(db: Db) {
  let lastPurge = 0
  async function purgeExpired() {
    const t = now()
    if (t - lastPurge < 600) return
    lastPurge = t
    await transact(
      db,
      async (tx) =>
        await tx
          .delete(oidcModels)
          .where(and(isNotNull(oidcModels.expiresAt), lt(oidcModels.expiresAt, t - PURGE_GRACE_SECONDS))),
    )
  }

  return class DbAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await purgeExpired()
      const expiresAt = expiresIn ? now() + expiresIn : null
      const row = {
        kind: this.kind,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
        consumedAt: null,
      }
      await transact(
        db,
        async (tx) =>
          await tx
            .insert(oidcModels)
            .values(row)
            .onConflictDoUpdate({
              target: [oidcModels.kind, oidcModels.id],
              set: {
                payload: row.payload,
                grantId: row.grantId,
                userCode: row.userCode,
                uid: row.uid,
                expiresAt,
                consumedAt: null,
              },
            }),
      )
    }

    async find(id: string) {
      return await this.first(eq(oidcModels.id, id))
    }

    async findByUserCode(userCode: string) {
      return await this.first(eq(oidcModels.userCode, userCode))
    }

    async findByUid(uid: string) {
      return await this.first(eq(oidcModels.uid, uid))
    }

    async consume(id: string) {
      await transact(
        db,
        async (tx) =>
          await tx
            .update(oidcModels)
            .set({ consumedAt: now() })
            .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id))),
      )
    }

    async destroy(id: string) {
      await transact(
        db,
        async (tx) => await tx.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id))),
      )
    }

    async revokeByGrantId(grantId: string) {
      await transact(
        db,
        async (tx) =>
          await tx.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.grantId, grantId))),
      )
    }

    private async first(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const row = (
        await db
          .select()
          .from(oidcModels)
          .where(and(eq(oidcModels.kind, this.kind), where))
      )[0]
      if (!row) return undefined
      if (row.expiresAt !== null && row.expiresAt <= now()) return undefined
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt !== null ? { consumed: row.consumedAt } : {}),
      }
    }
  }
}
