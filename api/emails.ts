/**
 * API: the e-mail outbox. The list, its count and distinct values are scoped to
 * one customer the caller may see; one e-mail is read with its body and how its
 * delivery stands (api/mail-queue.ts), when it is delivered by e-mail; deleting
 * marks it deleted (it stays in the outbox for audit) and needs a user who may
 * change the customer's settings (not view-only). An e-mail of a customer the
 * caller did not name, or may not see, is "not found", as one that does not exist.
 */
import { transact } from '../db/transact'
import { first } from '../db/query'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accounts, emailAttachments, emailDeliveries, emails } from '../db/tables'
import { isViewOnly } from '../app/domain/permissions'
import { recordIdSchema, RECORD_ID_MESSAGE } from '../app/domain/record-id'
import { isDeliveryState, type DeliveryState } from '../app/domain/email-delivery'
import { buildAccountInfo, maySeeCustomer, requireCustomerAccess } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { emailCalls as declared, type EmailAttachmentSummary, type EmailDelivery } from './contract/emails'
import { badRequest, forbidden, notFound } from './envelope'
import { implementList } from './list-calls'
import type { ColumnMap, ListSource } from './list-engine'
import type { ApiDeps } from './index'
import { outboxTime } from './outbox'

const EMAIL_COLUMNS: ColumnMap = {
  id: emails.id,
  date: emails.date,
  subject: emails.subject,
  to: emails.to,
  customerNumber: emails.accountId,
  customerName: accounts.accountName,
  deliveryState: emailDeliveries.state,
}

function emailList(db: Db, accountId: string): ListSource {
  return {
    columns: EMAIL_COLUMNS,
    defaultSort: [{ name: 'date', direction: 'desc' }],
    uniqueKey: ['id'],
    query: (fields) =>
      db
        .select(fields)
        .from(emails)
        .innerJoin(accounts, eq(accounts.accountId, emails.accountId))
        .leftJoin(emailDeliveries, eq(emailDeliveries.emailId, emails.id))
        .$dynamic(),
    scope: and(eq(emails.accountId, accountId), isNull(emails.deletedAt)),
  }
}

const EMAIL_NOT_FOUND = 'Email not found'
const ATTACHMENT_NOT_FOUND = 'Attachment not found'

/** The list of the customer's e-mails, when the caller may see that customer. */
async function sourceFor(db: Db, user: ApiUser, customerNumber: unknown) {
  const { account } = await requireCustomerAccess(db, user, customerNumber)
  return emailList(db, account.accountId)
}

async function findEmail(db: Db, id: number, accountId: string) {
  const row = (
    await db
      .select({
        id: emails.id,
        date: emails.date,
        subject: emails.subject,
        to: emails.to,
        body: emails.body,
        customerNumber: emails.accountId,
        customerName: accounts.accountName,
        delivery: {
          state: emailDeliveries.state,
          attempts: emailDeliveries.attempts,
          nextAttemptAt: emailDeliveries.nextAttemptAt,
          sentAt: emailDeliveries.sentAt,
          answer: emailDeliveries.answer,
          messageId: emailDeliveries.messageId,
        },
      })
      .from(emails)
      .innerJoin(accounts, eq(accounts.accountId, emails.accountId))
      .leftJoin(emailDeliveries, eq(emailDeliveries.emailId, emails.id))
      .where(and(eq(emails.id, id), eq(emails.accountId, accountId), isNull(emails.deletedAt)))
  )[0]
  if (!row) return undefined
  const { delivery, ...email } = row
  return { ...email, ...deliveryOf(delivery) }
}

type DeliveryRow = Pick<
  typeof emailDeliveries.$inferSelect,
  'state' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'answer' | 'messageId'
>

/** The delivery as the API tells it (null for an e-mail kept in the portal only), and its state for the list's field. */
function deliveryOf(row: DeliveryRow | null): { deliveryState: DeliveryState | null; delivery: EmailDelivery | null } {
  if (!row || !isDeliveryState(row.state)) return { deliveryState: null, delivery: null }
  const time = (ms: number | null) => (ms === null ? null : outboxTime(ms))
  return {
    deliveryState: row.state,
    delivery: {
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: time(row.nextAttemptAt),
      sentAt: time(row.sentAt),
      answer: row.answer,
      messageId: row.messageId,
    },
  }
}

async function attachmentsOf(db: Db, emailId: number): Promise<EmailAttachmentSummary[]> {
  return await db
    .select({
      id: emailAttachments.id,
      fileName: emailAttachments.fileName,
      contentType: emailAttachments.contentType,
      size: sql<number>`octet_length(${emailAttachments.content})`,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId))
    .orderBy(asc(emailAttachments.id))
}

export function emailCalls(calls: CallTable, { db }: ApiDeps) {
  implementList(
    calls,
    declared.list,
    async (user, { customerNumber }: { customerNumber: string }) => await sourceFor(db, user, customerNumber),
  )

  calls.implement(declared.get, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    const email = await findEmail(db, input.id, account.accountId)
    if (!email) throw notFound(EMAIL_NOT_FOUND)
    return { ...email, attachments: await attachmentsOf(db, email.id) }
  })

  calls.implement(declared.attachment, async ({ input, user }) => {
    const { account } = await requireCustomerAccess(db, user, input.customerNumber)
    const attachment = (
      await db
        .select({
          fileName: emailAttachments.fileName,
          contentType: emailAttachments.contentType,
          content: emailAttachments.content,
        })
        .from(emailAttachments)
        .innerJoin(emails, eq(emails.id, emailAttachments.emailId))
        .where(
          and(
            eq(emailAttachments.id, input.attachmentId),
            eq(emails.id, input.emailId),
            eq(emails.accountId, account.accountId),
            isNull(emails.deletedAt),
          ),
        )
    )[0]
    if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND)
    return attachment
  })

  calls.implement(declared.remove, async ({ input, user }) => {
    const parsed = recordIdSchema.safeParse(input.id)
    if (!parsed.success) throw badRequest(RECORD_ID_MESSAGE)
    const id = parsed.data
    return await transact(db, async (tx) => {
      const row = await first(
        tx
          .select({ accountId: emails.accountId })
          .from(emails)
          .where(and(eq(emails.id, id), isNull(emails.deletedAt))),
      )
      if (!row || !(await maySeeCustomer(db, user, row.accountId))) throw notFound(EMAIL_NOT_FOUND)
      const { account, access } = await requireCustomerAccess(db, user, row.accountId)
      if (isViewOnly(user, buildAccountInfo(account, access, user))) {
        throw forbidden('View-only users cannot delete emails')
      }
      await tx.update(emails).set({ deletedAt: Date.now() }).where(eq(emails.id, id))
      return { id, deleted: true as const }
    })
  })
}
