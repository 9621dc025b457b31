/**
 * The Manage Activations grids' data: the customer's hosts (one call), each grid
 * its share of them in memory. Their CSV is the history of every host of the
 * view (spec 3 section 7), fetched in the spec's rounds.
 */
import { historyCsv, historyCsvName } from '../domain/host-history'
import { fetchHistories } from '../activations/host-histories.server'
import { activationCalls } from '../api-client/activations.server'
import type { ApiClient } from '../api-client/client.server'
import type { Envelope } from '../api-client/envelope'
import { inMemorySource } from './in-memory-source'
import type { GridList } from './registry.server'
import type { GridSource } from './types'
import { activeServersGrid, inactiveServersGrid, serverRows, type ServerRow } from './servers'

type Rows = Envelope<{ active: ServerRow[]; inactive: ServerRow[] }>

/** The customer's hosts as the two grids' rows. */
export async function loadServerRows(api: ApiClient, customerNumber: string): Promise<Rows> {
  const reply = await activationCalls(api).servers(customerNumber)
  return reply.status === 'SUCCESS' ? { status: 'SUCCESS', data: serverRows(reply.data, customerNumber) } : reply
}

/** A grid's source over rows loaded once, when first needed; a failed load answers every call with it. */
export function serverSource(rows: () => Promise<Rows>, active: boolean): GridSource<ServerRow> {
  let source: Promise<GridSource<ServerRow> | Rows> | null = null
  const ready = () =>
    (source ??= rows().then((reply) =>
      reply.status === 'SUCCESS'
        ? inMemorySource(active ? reply.data.active : reply.data.inactive, activeServersGrid.uniqueKey ?? [])
        : reply,
    ))
  const call = async <T>(ask: (s: GridSource<ServerRow>) => Promise<Envelope<T>>): Promise<Envelope<T>> => {
    const s = await ready()
    return 'page' in s ? ask(s) : (s as Extract<Rows, { status: 'FAILURE' }>)
  }
  return {
    page: (request) => call((s) => s.page(request)),
    count: (filter) => call((s) => s.count(filter)),
    distinct: (filter, key, limit) => call((s) => s.distinct(filter, key, limit)),
  }
}

function serverList(active: boolean): GridList<ServerRow> {
  return {
    spec: active ? activeServersGrid : inactiveServersGrid,
    screen: 'activationsHistory',
    exportName: (customerNumber) => historyCsvName(active, customerNumber).replace(/\.csv$/, ''),
    source: (api, customerNumber) => serverSource(() => loadServerRows(api, customerNumber), active),
    async exportDocument(api, customerNumber, rows) {
      const histories = await fetchHistories(
        activationCalls(api),
        customerNumber,
        rows.map((r) => r.id),
      )
      if (!histories.ok) return histories
      return { ok: true, csv: historyCsv(rows.map((r) => histories.byHost.get(r.id)!)) }
    },
  }
}

export const serverLists = [serverList(true), serverList(false)]
