/**
 * The e-mail outbox: every e-mail the portal writes goes in through here, in the transaction of
 * the write that caused it, and is shown under Emails. When delivery is configured (SMTP_URL) it
 * is also queued for delivery in the same transaction (api/mail-queue.ts), so an e-mail is
 * queued exactly when it is written.
 */
import { emailAttachments, emails } from '../db/tables'
import type { MailConfig } from '../server/config'
import type { Tx } from './audit-log'
import { queueDelivery } from './mail-queue'

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD HH:mm:ss' (UTC), as the outbox dates its e-mails. */
export function outboxTime(ms: number): string {
  const d = new Date(ms)
  return `${d.toISOString().slice(0, 10)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** How the outbox delivers its e-mails: undefined keeps them in the portal only. */
export type OutboxDelivery = Pick<MailConfig, 'messageIdDomain'> | undefined

export interface OutboxEmail {
  accountId: string
  /** When it is written (epoch ms): its date, and when its delivery is due. */
  at: number
  subject: string
  /** Comma-separated addresses. */
  to: string
  /** HTML. */
  body: string
  /** What produced it: licence-file, statement, balance, fsa … */
  kind: string
  attachments?: { fileName: string; contentType: string; content: string }[]
}

/** Writes an e-mail with its attachments (and queues its delivery when configured); returns its id. */
export async function writeOutboxEmail(tx: Tx, delivery: OutboxDelivery, email: OutboxEmail): Promise<number> {
  const { id } = (
    await tx
      .insert(emails)
      .values({
        accountId: email.accountId,
        date: outboxTime(email.at),
        subject: email.subject,
        to: email.to,
        body: email.body,
        kind: email.kind,
      })
      .returning({ id: emails.id })
  )[0]
  if (email.attachments?.length) {
    await tx.insert(emailAttachments).values(email.attachments.map((a) => ({ emailId: id, ...a })))
  }
  if (delivery) await queueDelivery(tx, id, email.at, delivery.messageIdDomain)
  return id
}
