/**
 * Portal sessions in the `sessions` table; the cookie holds only a signed,
 * random id, so any instance behind a load balancer can serve any request.
 */
import { transact } from '../../db/transact'
import crypto from 'node:crypto'
import { eq, lt, sql } from 'drizzle-orm'
import {
  createCookie,
  createSessionStorage,
  type AppLoadContext,
  type Session,
  type SessionStorage,
} from '@remix-run/node'
import type { Db } from '../../db/client'
import { changed, prepared } from '../../db/query'
import { sessions } from '../../db/tables'
import type { User } from '../domain/types'

export const SESSION_MAX_AGE_SECONDS = 8 * 3600
const PURGE_EVERY_MS = 10 * 60_000

/** What the portal keeps per signed-in browser. */
export interface SessionData {
  /** The current user from GET /api/getUserDetails. */
  user: User
  /** Bearer token for the licensing API. */
  accessToken: string
  /** Epoch milliseconds when accessToken expires. */
  accessTokenExpiresAt: number
  refreshToken: string
  /** ID token, sent as id_token_hint when signing out at the identity provider. */
  idToken: string
  /** Last selected customer number. */
  customer: string
  /** Same-origin path to open after sign-in. */
  returnTo: string
  /** One-shot message rendered by the next page. */
  flash: { type: 'success' | 'error' | 'warning'; message: string }
  /** The user's feature flags, cached briefly. */
  features: { at: number; list: unknown[] }
}

export type PortalSession = Session<SessionData>
export type PortalSessionStorage = SessionStorage<SessionData>

type SessionContext = Pick<AppLoadContext, 'db' | 'config'>

const storages = new WeakMap<Db, PortalSessionStorage>()

export function getSessionStorage(context: SessionContext): PortalSessionStorage {
  const existing = storages.get(context.db)
  if (existing) return existing
  const storage = createDbSessionStorage(context)
  storages.set(context.db, storage)
  return storage
}

function createDbSessionStorage({ db, config }: SessionContext): PortalSessionStorage {
  const cookie = createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: '/',
    secrets: [config.sessionSecret],
    maxAge: SESSION_MAX_AGE_SECONDS,
  })
  let lastPurge = 0
  // Read on every request: prepared once.
  const selectSession = prepared(
    db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('id'))),
  )
  const expiry = (expires: Date | undefined) =>
    (expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)).getTime()

  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const now = Date.now()
      if (now - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now
        await transact(db, async (tx) => await tx.delete(sessions).where(lt(sessions.expiresAt, now)))
      }
      for (;;) {
        const id = crypto.randomBytes(32).toString('base64url')
        const inserted = await transact(
          db,
          async (tx) =>
            await changed(
              tx
                .insert(sessions)
                .values({ id, data: data as Record<string, unknown>, expiresAt: expiry(expires) })
                .onConflictDoNothing(),
            ),
        )
        if (inserted === 1) return id
      }
    },
    async readData(id) {
      const row = await selectSession.get({ id })
      if (!row) return null
      if (row.expiresAt <= Date.now()) {
        await transact(db, async (tx) => await tx.delete(sessions).where(eq(sessions.id, id)))
        return null
      }
      return row.data as Partial<SessionData>
    },
    async updateData(id, data, expires) {
      await transact(
        db,
        async (tx) =>
          await tx
            .insert(sessions)
            .values({ id, data: data as Record<string, unknown>, expiresAt: expiry(expires) })
            .onConflictDoUpdate({
              target: sessions.id,
              set: { data: data as Record<string, unknown>, expiresAt: expiry(expires) },
            }),
      )
    },
    async deleteData(id) {
      await transact(db, async (tx) => await tx.delete(sessions).where(eq(sessions.id, id)))
    },
  })
}

export function getSession(request: Request, context: SessionContext): Promise<PortalSession> {
  return getSessionStorage(context).getSession(request.headers.get('Cookie'))
}

/** Saves the session and returns the Set-Cookie header value. */
export function commitSession(session: PortalSession, context: SessionContext): Promise<string> {
  return getSessionStorage(context).commitSession(session)
}

/** Deletes the session row and returns a Set-Cookie header value that clears the cookie. */
export function destroySession(session: PortalSession, context: SessionContext): Promise<string> {
  return getSessionStorage(context).destroySession(session)
}
