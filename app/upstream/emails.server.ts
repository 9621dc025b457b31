/** The e-mail outbox calls of the licensing API. */
import type { ApiClient } from './client.server'
import type { FilterRule, PageRequest } from './envelope'

/** A row of the e-mail list (no body). */
export interface EmailSummary {
  id: number
  /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
  date: string
  subject: string
  to: string
  customerNumber: string
  customerName: string
}

/** A file sent with an e-mail, as the e-mail lists it. */
export interface EmailAttachmentSummary {
  id: number
  fileName: string
  contentType: string
  /** Bytes. */
  size: number
}

export interface EmailRecord extends EmailSummary {
  /** HTML as sent; sanitise before showing it. */
  body: string
  attachments: EmailAttachmentSummary[]
}

export interface EmailAttachment {
  fileName: string
  contentType: string
  /** The file's text. */
  content: string
}

export function emailCalls(api: ApiClient) {
  return {
    list: (customerNumber: string, page: PageRequest) =>
      api.call<EmailSummary[]>('POST', '/getemails', { customerNumber, ...page }),
    count: (customerNumber: string, filter?: FilterRule) =>
      api.call<number>('POST', '/getemails/count', { customerNumber, filter }),
    distinct: (customerNumber: string, filter: FilterRule | undefined, key: string, limit?: number) =>
      api.call<unknown[]>('POST', '/getemails/distinct', { customerNumber, filter, key, limit }),
    get: (customerNumber: string, id: number) => api.call<EmailRecord>('POST', '/getemail', { customerNumber, id }),
    attachment: (customerNumber: string, emailId: number, attachmentId: number) =>
      api.call<EmailAttachment>('POST', '/getemail/attachment', { customerNumber, emailId, attachmentId }),
    remove: (id: number) =>
      api.call<{ id: number; deleted: boolean }>('DELETE', `/emails/${encodeURIComponent(String(id))}`),
  }
}
