/**
 * The delivery queue of the outbox (docs/decisions/0032): every statement that queues, claims or
 * records the delivery of an e-mail is here, so the rules that keep an e-mail from being sent twice
 * sit in one place.
 *
 * Several processes (node:cluster workers, later several machines on one database) deliver at the
 * same time. A process claims one due e-mail in a transaction (its own token and a lease) before it
 * sends it, and records the result only where its token still holds. A process that dies while
 * sending leaves a claim that lapses with its lease; the e-mail is then due again (with the same
 * Message-ID, so a server that did take it can tell the second copy).
 *
 * The claim is a select and a conditional update of that one row, which is correct under any
 * isolation: the update changes the row only while it is still unclaimed and due.
 */
import { transact } from '../db/transact'
import { first } from '../db/query'
import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { emailAttachments, emailDeliveries, emails } from '../db/tables'
import type { DeliveryState } from '../app/domain/email-delivery'
import type { Tx } from './audit-log'

const QUEUED = 'queued' satisfies DeliveryState
const SENT = 'sent' satisfies DeliveryState
const FAILED = 'failed' satisfies DeliveryState

/** Queues an e-mail the transaction has just written; it is due at once. */
export async function queueDelivery(tx: Tx, emailId: number, queuedAt: number, messageIdDomain: string): Promise<void> {
  await tx.insert(emailDeliveries).values({
    emailId,
    state: QUEUED,
    messageId: `<${randomUUID()}@${messageIdDomain}>`,
    queuedAt,
    attempts: 0,
    nextAttemptAt: queuedAt,
  })
}

/** An e-mail this process has claimed, with what it needs to send it. */
export interface ClaimedEmail {
  emailId: number
  /** The claim; only it records the result. */
  claimToken: string
  messageId: string
  queuedAt: number
  /** This attempt included. */
  attempts: number
  to: string
  subject: string
  /** HTML. */
  body: string
  attachments: { fileName: string; contentType: string; content: string }[]
}

const isDue = (now: number) =>
  and(
    eq(emailDeliveries.state, QUEUED),
    lte(emailDeliveries.nextAttemptAt, now),
    or(isNull(emailDeliveries.claimedUntil), lte(emailDeliveries.claimedUntil, now)),
  )

/**
 * Claims the e-mail that has been due longest, for `leaseMs` (longer than any one send may take),
 * and counts the attempt. Null when none is due or another process took it first.
 */
export async function claimNextDue(
  db: Db,
  { now, leaseMs }: { now: number; leaseMs: number },
): Promise<ClaimedEmail | null> {
  // A look without the write lock first: most polls find nothing due, and then keep out of the writers' way.
  const anyDue = (
    await db.select({ emailId: emailDeliveries.emailId }).from(emailDeliveries).where(isDue(now)).limit(1)
  )[0]
  if (!anyDue) return null
  return await transact(db, async (tx) => {
    const next = await first(
      tx
        .select({ emailId: emailDeliveries.emailId })
        .from(emailDeliveries)
        .where(isDue(now))
        .orderBy(asc(emailDeliveries.nextAttemptAt), asc(emailDeliveries.emailId))
        .limit(1),
    )
    if (!next) return null
    const claimToken = randomUUID()
    const claimed = await first(
      tx
        .update(emailDeliveries)
        .set({
          claimToken,
          claimedUntil: now + leaseMs,
          attempts: sql`${emailDeliveries.attempts} + 1`,
          lastAttemptAt: now,
        })
        .where(and(eq(emailDeliveries.emailId, next.emailId), isDue(now)))
        .returning({
          messageId: emailDeliveries.messageId,
          queuedAt: emailDeliveries.queuedAt,
          attempts: emailDeliveries.attempts,
        }),
    )
    if (!claimed) return null
    const email = (await first(
      tx
        .select({ to: emails.to, subject: emails.subject, body: emails.body })
        .from(emails)
        .where(eq(emails.id, next.emailId)),
    ))!
    const attachments = await tx
      .select({
        fileName: emailAttachments.fileName,
        contentType: emailAttachments.contentType,
        content: emailAttachments.content,
      })
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, next.emailId))
      .orderBy(asc(emailAttachments.id))
    return { emailId: next.emailId, claimToken, ...claimed, ...email, attachments }
  })
}

/** The claim's own row: another process's claim (after this one's lease lapsed) is left alone. */
const heldBy = (claim: Pick<ClaimedEmail, 'emailId' | 'claimToken'>) =>
  and(eq(emailDeliveries.emailId, claim.emailId), eq(emailDeliveries.claimToken, claim.claimToken))

const released = { claimToken: null, claimedUntil: null } as const

/** Writes `values` on the claim's row and releases it; false when the claim no longer held (nothing written). */
async function settleClaim(
  db: Db,
  claim: ClaimedEmail,
  values: Partial<typeof emailDeliveries.$inferInsert>,
): Promise<boolean> {
  const rows = await transact(
    db,
    async (tx) =>
      await tx
        .update(emailDeliveries)
        .set({ ...released, ...values })
        .where(heldBy(claim))
        .returning({ emailId: emailDeliveries.emailId }),
  )
  return rows.length > 0
}

/** Records that the server took the e-mail. False when the claim no longer held (nothing recorded). */
export async function recordSent(
  db: Db,
  claim: ClaimedEmail,
  { at, answer }: { at: number; answer: string },
): Promise<boolean> {
  return await settleClaim(db, claim, { state: SENT, sentAt: at, nextAttemptAt: null, answer })
}

/**
 * Records a failed attempt: queued again for `retryAt`, or failed for good when it is null.
 * False when the claim no longer held (nothing recorded).
 */
export async function recordFailure(
  db: Db,
  claim: ClaimedEmail,
  { answer, retryAt }: { answer: string; retryAt: number | null },
): Promise<boolean> {
  return await settleClaim(db, claim, { state: retryAt === null ? FAILED : QUEUED, nextAttemptAt: retryAt, answer })
}

/**
 * How many e-mails wait to be sent and how many have failed (for a mail-queue gauge). Sent ones are
 * not counted: they only grow, and counting them would read the whole index on every scrape.
 */
export async function countDeliveries(db: Db): Promise<{ queued: number; failed: number }> {
  const counts = { queued: 0, failed: 0 }
  const rows = await db
    .select({ state: emailDeliveries.state, n: count() })
    .from(emailDeliveries)
    .where(inArray(emailDeliveries.state, [QUEUED, FAILED]))
    .groupBy(emailDeliveries.state)
  for (const { state, n } of rows) if (state === QUEUED || state === FAILED) counts[state] = n
  return counts
}
