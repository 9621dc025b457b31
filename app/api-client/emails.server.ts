/** The e-mail outbox calls of the licensing API. */
import { emailCalls as declared } from '../../api/contract/emails'
import type { ApiClient } from './client.server'
import type { FilterRule, PageRequest } from './envelope'

export type { EmailSummary } from '../../api/contract/emails'

export function emailCalls(api: ApiClient) {
  return {
    list: (customerNumber: string, page: PageRequest) => api.send(declared.list.page, { customerNumber, ...page }),
    count: (customerNumber: string, filter?: FilterRule) => api.send(declared.list.count, { customerNumber, filter }),
    distinct: (customerNumber: string, filter: FilterRule | undefined, key: string, limit?: number) =>
      api.send(declared.list.distinct, { customerNumber, filter, key, limit }),
    get: (customerNumber: string, id: number) => api.send(declared.get, { customerNumber, id }),
    attachment: (customerNumber: string, emailId: number, attachmentId: number) =>
      api.send(declared.attachment, { customerNumber, emailId, attachmentId }),
    remove: (id: number) => api.send(declared.remove, { id: String(id) }),
  }
}
