/**
 * The usage calls of the licensing API (spec 2 section 7): the fetchUsage family
 * (a page, the count, a column's distinct values, the export variant that refuses
 * more rows than an export may hold), the hidden-column probe and the time the
 * newest transaction was received.
 */
import { CLOUD_JOB_FIELD, type UsageRow } from '../domain/usage-row'
import type { ApiClient } from './client.server'
import type { FilterRule, PageRequest } from './envelope'

/** Who the usage is asked for: the customer, and optionally its name and one licence server. */
export interface UsageScope {
  customerNumber: string
  customerName?: string
  serverId?: string
}

export interface UsageQuery extends PageRequest {
  attributes?: string[]
}

export function usageCalls(api: ApiClient) {
  return {
    page: (scope: UsageScope, query: UsageQuery) => api.call<UsageRow[]>('POST', '/fetchUsage', { ...scope, ...query }),
    count: (scope: UsageScope, filter: FilterRule | undefined) =>
      api.call<number>('POST', '/fetchUsage/count', { ...scope, filter }),
    distinct: (scope: UsageScope, filter: FilterRule | undefined, key: string, limit: number) =>
      api.call<unknown[]>('POST', '/fetchUsage/distinct', { ...scope, filter, key, limit }),
    /** Pages of an export: the first call (no token) refuses a selection larger than an export may be. */
    exportPage: (scope: UsageScope, query: UsageQuery) =>
      api.call<UsageRow[]>('POST', '/fetchUsage/export', { ...scope, ...query }),
    /** Whether the customer has cloud job ids (spec 2 section 7, hidden column check). */
    async hasCloudJobs(scope: UsageScope): Promise<boolean> {
      const reply = await api.call<UsageRow[]>('POST', '/fetchUsage', {
        ...scope,
        attributes: [CLOUD_JOB_FIELD],
        filter: { condition: 'ALL', criteria: [{ name: CLOUD_JOB_FIELD, method: 'ISDEFINED' }] },
        limit: 1,
      })
      if (reply.status !== 'SUCCESS') {
        // Spec 2 section 8: a failed hidden-column lookup is logged only.
        console.error(JSON.stringify({ level: 'error', msg: 'Hidden column check failed', detail: reply.err }))
        return false
      }
      return reply.data.length > 0
    },
    /** 'YYYY-MM-DD HH:mm:ss' (UTC), null when nothing was received, or the failure's message. */
    lastUpdatedOn: async (): Promise<{ ok: true; time: string | null } | { ok: false; message: string }> => {
      const reply = await api.call<unknown>('GET', '/lastupdatedon')
      if (reply.status !== 'SUCCESS') return { ok: false, message: reply.err }
      const time = (reply as unknown as { lastUpdatedOn?: unknown }).lastUpdatedOn
      return { ok: true, time: typeof time === 'string' ? time : null }
    },
  }
}

export type UsageCalls = ReturnType<typeof usageCalls>
