/**
 * API: who has portal access to a customer. The contacts are the customer's
 * `account_access` rows with a portal role (admin, viewer, asc) joined to their
 * users; adding a contact gives that user access to the customer, removing one
 * takes it away at their next call (every call reads the access rows afresh).
 * The calls are declared in api/contract/portal-access.
 */
import { transact } from '../db/transact'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accountAccess, users } from '../db/tables'
import {
  changeProblems,
  contactProblems,
  diffContacts,
  normalizeEmail,
  PORTAL_ACCESS_MESSAGES as M,
  ROLE_COORDINATOR,
  portalAccessAuthority,
  roleFromStored,
  sameContacts,
  sortContacts,
  storedFromRole,
  type Contact,
  type PortalRole,
} from '../app/domain/portal-access'
import { FREE_EMAIL_DOMAINS } from '../app/domain/free-email-domains.server'
import { buildAccountInfo, requireCustomerAccess } from './access'
import { recordAudit, type Tx } from './audit-log'
import { ApiError, badRequest, forbidden } from './envelope'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { portalAccessCalls as declared, type WireContact } from './contract/portal-access'

const PORTAL_STORED_ROLES = ['admin', 'viewer', 'asc']

export class StaleContactsError extends ApiError {
  constructor() {
    super(409, M.stale)
  }
}

/** The stored contact list of a customer, in display order. */
export async function readContacts(db: Db | Tx, accountId: string): Promise<Contact[]> {
  const rows = await db
    .select({ email: users.email, role: accountAccess.role })
    .from(accountAccess)
    .innerJoin(users, eq(users.id, accountAccess.userId))
    .where(and(eq(accountAccess.accountId, accountId), inArray(accountAccess.role, PORTAL_STORED_ROLES)))
  return sortContacts(
    rows.flatMap((r) => {
      const role = roleFromStored(r.role)
      return role ? [{ email: normalizeEmail(r.email), role }] : []
    }),
  )
}

function describeProblems(contacts: { email?: string | null }[], problems: { index: number; message: string }[]) {
  return problems
    .map((p) => {
      const email = (contacts[p.index]?.email ?? '').trim().slice(0, 100)
      return `Contact ${p.index + 1}${email ? ` (${email})` : ''}: ${p.message}`
    })
    .join(' ')
}

/** Active users by lower-case e-mail, for the e-mails given. */
async function activeUsers(tx: Tx, emails: string[]) {
  if (emails.length === 0) return new Map<string, number>()
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), eq(users.active, 1)))
  return new Map(rows.map((r) => [normalizeEmail(r.email), r.id]))
}

/** The id of each contact's user (active or not) on this customer's current rows. */
async function contactUserIds(tx: Tx, accountId: string) {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(accountAccess)
    .innerJoin(users, eq(users.id, accountAccess.userId))
    .where(eq(accountAccess.accountId, accountId))
  return new Map(rows.map((r) => [normalizeEmail(r.email), r.id]))
}

interface SetRequest {
  user: ApiUser
  accountId: string
  newContacts: Contact[]
  oldContacts: Contact[]
  canGrant: ReturnType<typeof portalAccessAuthority>
}

/** Compares, checks and applies in one write transaction; throws before any write on any problem. */
async function applyContacts(db: Db, req: SetRequest): Promise<Contact[]> {
  return await transact(db, async (tx) => {
    const stored = await readContacts(tx, req.accountId)
    if (!sameContacts(stored, req.oldContacts)) throw new StaleContactsError()

    const refused = changeProblems(stored, req.newContacts, req.canGrant)
    if (refused.length > 0) throw forbidden(refused.join(' '))

    const diff = diffContacts(stored, req.newContacts)
    if (diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0) return stored

    const active = await activeUsers(
      tx,
      diff.added.map((c) => c.email),
    )
    const missing = diff.added
      .map((c) => ({ c, index: req.newContacts.findIndex((n) => normalizeEmail(n.email) === c.email) }))
      .filter(({ c }) => !active.has(c.email))
      .map(({ index }) => ({ index, message: M.noAccount }))
    if (missing.length > 0) throw badRequest(describeProblems(req.newContacts, missing))

    const ids = await contactUserIds(tx, req.accountId)
    const row = (userId: number) => and(eq(accountAccess.accountId, req.accountId), eq(accountAccess.userId, userId))
    for (const c of diff.added) {
      const userId = active.get(c.email)!
      // A row without a portal role may already exist (e.g. a licence generator): give it the role.
      await tx
        .insert(accountAccess)
        .values({ userId, accountId: req.accountId, role: storedFromRole(c.role) })
        .onConflictDoUpdate({
          target: [accountAccess.userId, accountAccess.accountId],
          set: { role: storedFromRole(c.role) },
        })
    }
    for (const c of diff.changed) {
      await tx
        .update(accountAccess)
        .set({ role: storedFromRole(c.to) })
        .where(row(ids.get(c.email)!))
    }
    for (const c of diff.removed) await tx.delete(accountAccess).where(row(ids.get(c.email)!))

    const after = await readContacts(tx, req.accountId)
    await recordAudit(tx, {
      actorEmail: req.user.email,
      accountId: req.accountId,
      area: 'portalaccess',
      action: 'update',
      before: stored,
      after,
    })
    return after
  })
}

export function portalAccessCalls(calls: CallTable, { db }: { db: Db }) {
  calls.implement(declared.get, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    return await readContacts(db, account.accountId)
  })

  calls.implement(declared.set, async ({ input: body, user }) => {
    const { account, access } = await requireCustomerAccess(db, user, body.customerNumber)
    const authority = portalAccessAuthority(user, buildAccountInfo(account, access, user))
    if (!authority.canEdit) throw forbidden(M.viewOnly)

    // oldContacts need only be readable: whether they match what is stored is the stale check.
    const oldEmails = new Set(body.oldContacts.map((c) => normalizeEmail(c.email ?? '')))
    const oldProblems = contactProblems(body.oldContacts, new Set(), {
      coordinators: oldEmails,
      known: oldEmails,
    }).filter((p) => p.message !== M.duplicate)
    if (oldProblems.length > 0) throw badRequest(`oldContacts: ${describeProblems(body.oldContacts, oldProblems)}`)

    // Rows already on the list may come back unchanged (coordinators included); a real change of
    // them is refused against the stored list inside the transaction.
    const coordinators = new Set(
      body.oldContacts.filter((c) => c.role === ROLE_COORDINATOR).map((c) => normalizeEmail(c.email ?? '')),
    )
    const problems = contactProblems(body.newContacts, FREE_EMAIL_DOMAINS, { coordinators, known: oldEmails })
    if (problems.length > 0) throw badRequest(describeProblems(body.newContacts, problems))

    const toContacts = (list: WireContact[]): Contact[] =>
      list.map((c) => ({ email: normalizeEmail(c.email ?? ''), role: c.role as PortalRole }))
    return await applyContacts(db, {
      user,
      accountId: account.accountId,
      newContacts: toContacts(body.newContacts),
      oldContacts: toContacts(body.oldContacts),
      canGrant: authority,
    })
  })
}
