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
 * The claim is a conditional update of one row, which is correct under any isolation: it changes
 * the row only while it is still unclaimed and due. On PostgreSQL it skips rows another process has
 * locked, so several processes send at once.
 */
import { transact } from '../db/transact'
import { first } from '../db/query'
import { rawAll } from '../db/raw'
import { isPgHandle } from '../db/pg-transact'
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

/** The claim of one row: its token, and what the e-mail's delivery says. */
type Claim = Pick<ClaimedEmail, 'emailId' | 'claimToken' | 'messageId' | 'queuedAt' | 'attempts'>

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
  const claim = isPgHandle(db) ? await claimRowSkippingLocked(db, now, leaseMs) : await claimRow(db, now, leaseMs)
  if (!claim) return null
  // An e-mail's text and attachments are written once, with it, and never change.
  const email = await first(
    db
      .select({ to: emails.to, subject: emails.subject, body: emails.body })
      .from(emails)
      .where(eq(emails.id, claim.emailId)),
  )
  if (!email) return null
  const attachments = await db
    .select({
      fileName: emailAttachments.fileName,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, claim.emailId))
    .orderBy(asc(emailAttachments.id))
  return { ...claim, ...email, attachments }
}

/** SQLite: the writers take turns, so the oldest due row is read and claimed in one write transaction. */
async function claimRow(db: Db, now: number, leaseMs: number): Promise<Claim | null> {
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
    return claimed ? { emailId: next.emailId, claimToken, ...claimed } : null
  })
}

/**
 * PostgreSQL: one statement that locks the oldest due row no other process has locked, so processes
 * sending at once each claim a different e-mail instead of failing each other's serializable
 * transactions. Its WHERE is checked again on the locked row, so a row claimed meanwhile is not taken.
 */
async function claimRowSkippingLocked(db: Db, now: number, leaseMs: number): Promise<Claim | null> {
  const claimToken = randomUUID()
  const rows = await rawAll<Omit<Claim, 'claimToken'>>(
    db,
    sql`UPDATE email_deliveries
      SET claim_token = ${claimToken}, claimed_until = ${now + leaseMs}, attempts = attempts + 1,
        last_attempt_at = ${now}
      WHERE email_id = (
        SELECT email_id FROM email_deliveries
        WHERE state = ${QUEUED} AND next_attempt_at <= ${now} AND (claimed_until IS NULL OR claimed_until <= ${now})
        ORDER BY next_attempt_at, email_id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      ) AND state = ${QUEUED} AND next_attempt_at <= ${now} AND (claimed_until IS NULL OR claimed_until <= ${now})
      RETURNING email_id AS "emailId", message_id AS "messageId", queued_at AS "queuedAt", attempts`,
  )
  const row = rows[0]
  return row ? { ...row, emailId: Number(row.emailId), claimToken } : null
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
