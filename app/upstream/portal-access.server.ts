/**
 * The portal access and audit calls of the licensing API, and the guard the
 * portal access screens run in their loaders and actions: signed in, a customer
 * in ?customer=, the shell's screen rules and feature flags (an action must not
 * act before those pass, and the shell's loader does not run for a POST's checks).
 */
import type { AppLoadContext } from '@remix-run/node'
import { requireCustomerScreen, type CustomerScreen } from '../portal/screen-guard.server'
import { portalAccessAuthority, type Contact, type PortalAccessAuthority } from '../domain/portal-access'
import { isStaff } from '../domain/permissions'
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

export interface PortalAccessScreen extends CustomerScreen {
  calls: PortalAccessCalls
  authority: PortalAccessAuthority
  staff: boolean
}

/** The screen guard (app/portal/screen-guard.server.ts) with what the portal access screens derive from it. */
export async function requirePortalAccessScreen(
  request: Request,
  context: AppLoadContext,
  screenPath: string,
): Promise<PortalAccessScreen> {
  const screen = await requireCustomerScreen(request, context, screenPath)
  return {
    ...screen,
    calls: portalAccessCalls(screen.api),
    authority: portalAccessAuthority(screen.user, screen.info),
    staff: isStaff(screen.user),
  }
}
