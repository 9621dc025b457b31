/**
 * The data of the Flexible Spending Account grids: the customer's contracts
 * (one call, each grid its share in memory) and the order history (one call).
 * Registered for saved views, the filter dialog and the History's CSV export.
 */
import { todayUtc } from '../domain/entitlements'
import { fsaEntitlementRow, orderHistoryCsvName, type FsaEntitlementRow } from '../domain/fsa-entitlements'
import { FSA_FIELD, type FsaContract } from '../domain/fsa-types'
import type { ApiClient } from '../api-client/client.server'
import type { Envelope } from '../api-client/envelope'
import { fsaCalls } from '../api-client/fsa.server'
import { activeFsaGrid, fsaHistoryGrid, inactiveFsaGrid, type FsaHistoryGridRow } from './fsa'
import { inMemorySource } from './in-memory-source'
import type { GridList } from './registry.server'
import type { GridSource } from './types'

/** The contracts' rows, split into the active grid's and the inactive grid's. */
export function fsaEntitlementRows(contracts: readonly FsaContract[], today = todayUtc()) {
  const rows = contracts.map((c) => fsaEntitlementRow(c, c[FSA_FIELD.price], c[FSA_FIELD.currency], today))
  return { active: rows.filter((r) => r.active), inactive: rows.filter((r) => !r.active) }
}

/** A source over rows loaded once, when first needed; a failed load answers every call with its failure. */
export function lazySource<T, Row>(
  load: () => Promise<Envelope<T>>,
  pick: (data: T) => readonly Row[],
  uniqueKey: string[],
): GridSource<Row> {
  let ready: Promise<GridSource<Row> | Envelope<T>> | null = null
  const source = () =>
    (ready ??= load().then((reply) =>
      reply.status === 'SUCCESS' ? inMemorySource(pick(reply.data), uniqueKey) : reply,
    ))
  const call = async <R>(ask: (s: GridSource<Row>) => Promise<Envelope<R>>): Promise<Envelope<R>> => {
    const s = await source()
    return 'page' in s ? ask(s) : (s as Extract<Envelope<T>, { status: 'FAILURE' }>)
  }
  return {
    page: (request) => call((s) => s.page(request)),
    count: (filter) => call((s) => s.count(filter)),
    distinct: (filter, key, limit) => call((s) => s.distinct(filter, key, limit)),
  }
}

export function fsaEntitlementSource(
  contracts: () => Promise<Envelope<FsaContract[]>>,
  active: boolean,
): GridSource<FsaEntitlementRow> {
  return lazySource(contracts, (data) => fsaEntitlementRows(data)[active ? 'active' : 'inactive'], ['entitlementId'])
}

export function fsaHistorySource(api: ApiClient, customerNumber: string): GridSource<FsaHistoryGridRow> {
  return lazySource(
    () => fsaCalls(api).history(customerNumber),
    (rows) => rows.map((r) => ({ ...r, entitlement: `${r.ansysproduct} ${r.entitlementId}` })),
    ['id'],
  )
}

const entitlementList = (active: boolean): GridList<FsaEntitlementRow> => ({
  spec: active ? activeFsaGrid : inactiveFsaGrid,
  screen: 'fsa',
  exportName: active ? 'active-fsa-entitlements' : 'inactive-fsa-entitlements',
  source: (api, customerNumber) => fsaEntitlementSource(() => fsaCalls(api).contracts(customerNumber), active),
})

export const fsaEntitlementLists = [entitlementList(true), entitlementList(false)]

export const fsaHistoryList: GridList<FsaHistoryGridRow> = {
  spec: fsaHistoryGrid,
  screen: 'fsa',
  exportName: (customerNumber) => orderHistoryCsvName(todayUtc(), customerNumber).replace(/\.csv$/, ''),
  source: fsaHistorySource,
}
