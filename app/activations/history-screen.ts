/** Manage Activations' texts (spec 3, "Manage Activations (history)"). */
import { HISTORY_STEPS } from '../grid/servers'

export const HISTORY_TEXTS = {
  viewTitle: (hostId: string) => `The following products are activated on Host ID: ${hostId}`,
  noActivations: 'No products are activated on this host.',
  deactivateQuestion: (host: string) =>
    `Deactivate host ${host}? Every product activated on it is returned and the host becomes inactive.`,
  deleteQuestion: (host: string) => `Delete host ${host}? It is removed from this customer's hosts for good.`,
  rehostQuestion: (from: string, to: string) =>
    `Rehost ${from} to ${to}? Every product activated on ${from} moves to ${to}, and ${from} becomes inactive.`,
  deactivated: (host: string) => `Host ${host} was deactivated.`,
  deleted: (host: string) => `Host ${host} was deleted.`,
  rehosted: (from: string, to: string) => `Host ${from} was rehosted to ${to}. Its new licence file is downloading.`,
  removeFailed: 'Error removing server. Please retry.',
  gone: 'That host is no longer among this customer’s hosts.',
} as const

/** The page's address without its one-off steps (an open dialog, the file after a rehost). */
export function withoutSteps(url: URL): string {
  const params = new URLSearchParams(url.searchParams)
  for (const step of HISTORY_STEPS) params.delete(step)
  return `${url.pathname}?${params}`
}
