/** The e-mail outbox of a customer: its list, one e-mail with its attachments, an attachment's file, deleting one. */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { recordIdSchema } from '../../app/domain/record-id'
import { DELIVERY_STATES } from '../../app/domain/email-delivery'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Emails'

/** A row of the e-mail list (no body). */
export const emailSummary = replyObject({
  id: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
  date: z.string(),
  subject: z.string(),
  to: z.string(),
  customerNumber: z.string(),
  customerName: z.string(),
  /**
   * Its delivery by e-mail: queued, sent or failed; null for an e-mail kept in the portal only
   * (written while delivery was not configured).
   */
  deliveryState: z.enum(DELIVERY_STATES).nullable(),
})
export type EmailSummary = z.infer<typeof emailSummary>

/** How the delivery of an e-mail stands. Times are 'YYYY-MM-DD HH:mm:ss' (UTC). */
export const emailDelivery = replyObject({
  state: z.enum(DELIVERY_STATES),
  /** Attempts made so far. */
  attempts: z.number().int().min(0),
  /** When a queued e-mail is tried next; null once it is sent or failed. */
  nextAttemptAt: z.string().nullable(),
  /** When the mail server took it; null until then. */
  sentAt: z.string().nullable(),
  /** The mail server's last answer (its reply, or why it could not be reached); null before the first attempt. */
  answer: z.string().nullable(),
  /** The Message-ID header the e-mail is sent with. */
  messageId: z.string(),
})
export type EmailDelivery = z.infer<typeof emailDelivery>

/** A file sent with an e-mail, as the e-mail lists it. */
export const emailAttachmentSummary = replyObject({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes of its content in UTF-8. */
  size: z.number().int().min(0),
})
export type EmailAttachmentSummary = z.infer<typeof emailAttachmentSummary>

export const emailRecord = emailSummary.extend({
  /** HTML as sent; sanitise before showing it. */
  body: z.string(),
  attachments: z.array(emailAttachmentSummary),
  /** Its delivery by e-mail; null for an e-mail kept in the portal only. */
  delivery: emailDelivery.nullable(),
})

export const emailAttachment = replyObject({
  fileName: z.string(),
  contentType: z.string(),
  /** The file's text. */
  content: z.string(),
})

const NOT_FOUND =
  'An e-mail of another customer, or of a customer the caller may not see, is not found (404), as one that does not exist.'

export const emailCalls = {
  list: declareList({
    path: '/getemails',
    tag: TAG,
    rows: 'e-mails sent to the customer',
    row: emailSummary,
    caller: 'customer-reader',
    scope: { customerNumber: customerNumberSchema },
  }),
  get: declareCall({
    method: 'POST',
    path: '/getemail',
    tag: TAG,
    summary: 'One e-mail of the customer: its body and the files sent with it',
    description: NOT_FOUND,
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema, id: recordIdSchema }),
    reply: emailRecord,
  }),
  attachment: declareCall({
    method: 'POST',
    path: '/getemail/attachment',
    tag: TAG,
    summary: 'A file sent with one of the customer’s e-mails, with its text',
    description: 'An attachment of another e-mail, or of a deleted one, is not found (404).',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema, emailId: recordIdSchema, attachmentId: recordIdSchema }),
    reply: emailAttachment,
  }),
  remove: declareCall({
    method: 'DELETE',
    path: '/emails/:id',
    tag: TAG,
    summary: 'Deletes an e-mail from the customer’s list (it stays in the outbox for audit)',
    description: `${NOT_FOUND} A view-only user is refused (403).`,
    access: 'write',
    caller: 'customer-writer',
    // The id is checked as a record id by the handler, which answers a bad one with the record id's own message.
    input: z.object({ id: z.string() }),
    reply: replyObject({ id: z.number().int(), deleted: z.literal(true) }),
  }),
}
