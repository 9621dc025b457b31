/** The e-mail outbox calls of the licensing API. */
import { emailCalls as declared } from '../../api/contract/emails'
import { DELIVERY_STATE_FIELD } from '../domain/email-delivery'
import type { ApiClient } from './client.server'
import type { FilterRule, PageRequest } from './envelope'

export type { EmailDelivery, EmailSummary } from '../../api/contract/emails'

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
    /**
     * Whether any of the customer's e-mails has a delivery state (it was, or is to be, sent by
     * e-mail): the list then shows each e-mail's delivery.
     */
    async hasDeliveryStates(customerNumber: string): Promise<boolean> {
      const reply = await api.send(declared.list.page, {
        customerNumber,
        filter: { condition: 'ALL', criteria: [{ name: DELIVERY_STATE_FIELD, method: 'ISDEFINED' }] },
        limit: 1,
      })
      if (reply.status !== 'SUCCESS') {
        // The list itself reports the failure; without an answer the column stays away.
        console.error(JSON.stringify({ level: 'error', msg: 'Delivery column check failed', detail: reply.err }))
        return false
      }
      return reply.data.length > 0
    },
  }
}
