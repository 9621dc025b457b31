/** The portal access and audit calls of the licensing API. */
import type { Contact } from '../domain/portal-access'
import type { ApiClient } from './client.server'
import type { PageRequest } from './envelope'
import type { AuditEntry } from '../domain/audit-summary'

export function portalAccessCalls(api: ApiClient) {
  return {
    getPortalAccess: (customerNumber: string) => api.call<Contact[]>('POST', '/getportalaccess', { customerNumber }),
    /** The API refuses (409) when `oldContacts` is no longer what is stored. */
    setPortalAccess: (customerNumber: string, newContacts: Contact[], oldContacts: Contact[]) =>
      api.call<Contact[]>('POST', '/setportalaccess', { customerNumber, newContacts, oldContacts }),
    getAudit: (customerNumber: string, page: PageRequest = {}) =>
      api.call<AuditEntry[]>('POST', '/audit', { customerNumber, ...page }),
    countAudit: (customerNumber: string, filter?: PageRequest['filter']) =>
      api.call<number>('POST', '/audit/count', { customerNumber, filter }),
  }
}

export type PortalAccessCalls = ReturnType<typeof portalAccessCalls>

export { failureStatus } from './envelope'
