/**
 * The usage calls of the licensing API (spec 2 section 7): the fetchUsage family
 * (a page, the count, a column's distinct values, the export variant that refuses
 * more rows than an export may hold), the hidden-column probe and the time the
 * newest transaction was received.
 */
import { CLOUD_JOB_FIELD } from '../domain/usage-row'
import { usageCalls as declared } from '../../api/contract/usage'
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
    page: (scope: UsageScope, query: UsageQuery) => api.send(declared.list.page, { ...scope, ...query }),
    count: (scope: UsageScope, filter: FilterRule | undefined) => api.send(declared.list.count, { ...scope, filter }),
    distinct: (scope: UsageScope, filter: FilterRule | undefined, key: string, limit: number) =>
      api.send(declared.list.distinct, { ...scope, filter, key, limit }),
    /** Pages of an export: the first call (no token) refuses a selection larger than an export may be. */
    exportPage: (scope: UsageScope, query: UsageQuery) => api.send(declared.export, { ...scope, ...query }),
    /** Whether the customer has cloud job ids (spec 2 section 7, hidden column check). */
    async hasCloudJobs(scope: UsageScope): Promise<boolean> {
      const reply = await api.send(declared.list.page, {
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
      const reply = await api.send(declared.lastUpdatedOn, {})
      if (reply.status !== 'SUCCESS') return { ok: false, message: reply.err }
      return { ok: true, time: reply.data.lastUpdatedOn }
    },
  }
}
