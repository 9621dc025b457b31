/** Accounts of the embedded identity provider: the active rows of `users`. */
import { and, eq, sql } from 'drizzle-orm'
import type { Account } from 'oidc-provider'
import type { Db } from '../../db/client'
import { users } from '../../db/tables'
import { verifyPassword } from '../../db/passwords'

export interface AccountRecord {
  id: number
  email: string
  name: string
}

export async function findActiveUser(db: Db, id: string): Promise<AccountRecord | undefined> {
  const numeric = Number(id)
  if (!Number.isSafeInteger(numeric)) return undefined
  return (
    await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, numeric), eq(users.active, 1)))
  )[0]
}

/** The user when `email` (any case) and `password` match an active user, else undefined. */
export async function authenticate(db: Db, email: string, password: string): Promise<AccountRecord | undefined> {
  const row = (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.active, 1)))
  )[0]
  if (!row) {
    // Spend comparable time so response timing does not reveal which e-mails exist.
    await verifyPassword(password, DUMMY_HASH)
    return undefined
  }
  if (!(await verifyPassword(password, row.passwordHash))) return undefined
  return { id: row.id, email: row.email, name: row.name }
}

const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

/** oidc-provider's findAccount: claims sub, email, email_verified and name. */
export function accountFinder(db: Db) {
  return async (_ctx: unknown, id: string): Promise<Account | undefined> => {
    const user = await findActiveUser(db, id)
    if (!user) return undefined
    return {
      accountId: String(user.id),
      claims: () => ({ sub: String(user.id), email: user.email, email_verified: true, name: user.name }),
    }
  }
}
