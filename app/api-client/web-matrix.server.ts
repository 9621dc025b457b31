/** The web licensing calls the assignment matrix makes. */
import type { ApiClient } from './client.server'
import type { PageRequest } from './envelope'
import { webCalls, webLists } from '../../api/contract/web'

export function webMatrixCalls(api: ApiClient) {
  return {
    entitlements: (customerNumber: string, page: PageRequest) =>
      api.send(webLists.entitlements.page, { customerNumber, ...page }),
    users: (customerNumber: string, page: PageRequest) => api.send(webLists.users.page, { customerNumber, ...page }),
    countUsers: (customerNumber: string, filter: PageRequest['filter']) =>
      api.send(webLists.users.count, { customerNumber, filter }),
    entitlement: (customerNumber: string, activationId: string) =>
      api.send(webCalls.entitlement, { customerNumber, activationId }),
    /** Refused (409) when `previous` is no longer the stored direct holders, (400) when the seats do not suffice. */
    setSeats: (customerNumber: string, activationId: string, holders: number[], previous: number[]) =>
      api.send(webCalls.setSeats, { customerNumber, activationId, holders, previous }),
  }
}
