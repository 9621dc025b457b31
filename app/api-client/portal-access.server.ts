/** The portal access and audit calls of the licensing API. */
import type { Contact } from '../domain/portal-access'
import type { ApiClient } from './client.server'
import type { PageRequest } from './envelope'
import { auditCalls } from '../../api/contract/audit'
import { portalAccessCalls as declared } from '../../api/contract/portal-access'

export function portalAccessCalls(api: ApiClient) {
  return {
    getPortalAccess: (customerNumber: string) => api.send(declared.get, { customerNumber }),
    /** The API refuses (409) when `oldContacts` is no longer what is stored. */
    setPortalAccess: (customerNumber: string, newContacts: Contact[], oldContacts: Contact[]) =>
      api.send(declared.set, { customerNumber, newContacts, oldContacts }),
    getAudit: (customerNumber: string, page: PageRequest = {}) =>
      api.send(auditCalls.page, { customerNumber, ...page }),
    countAudit: (customerNumber: string, filter?: PageRequest['filter']) =>
      api.send(auditCalls.count, { customerNumber, filter }),
  }
}

export type PortalAccessCalls = ReturnType<typeof portalAccessCalls>

export { failureStatus } from './envelope'
