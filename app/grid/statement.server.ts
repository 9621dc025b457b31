/**
 * The statement grids' data: the rows of one statement, served in memory. The
 * page loads the statement once for both grids; the grid registry (saved views
 * with JavaScript, the filter dialog's values) loads the statement of the
 * request's period.
 */
import type { StatementData, StatementProductTotal, StatementRecord } from '../domain/statement-types'
import { loadStatement } from '../statement/load-statement.server'
import type { ApiClient } from '../api-client/client.server'
import { inMemorySource } from './in-memory-source'
import type { GridList } from './registry.server'
import type { GridSource } from './types'
import { statementGrid, statementProductsGrid } from './statement'

export function recordSource(statement: StatementData | null): GridSource<StatementRecord> {
  return inMemorySource(statement?.Records ?? [], statementGrid.uniqueKey ?? [])
}

export function productSource(statement: StatementData | null): GridSource<StatementProductTotal> {
  return inMemorySource(statement?.Products ?? [], statementProductsGrid.uniqueKey ?? [])
}

/** A source whose rows are loaded on first use. */
function lazySource<Row>(load: () => Promise<GridSource<Row>>): GridSource<Row> {
  let source: Promise<GridSource<Row>> | null = null
  const ready = () => (source ??= load())
  return {
    page: async (request) => (await ready()).page(request),
    count: async (filter) => (await ready()).count(filter),
    distinct: async (filter, key, limit) => (await ready()).distinct(filter, key, limit),
  }
}

/** Both grids' sources over one statement, which is asked for when a grid first needs rows. */
export function statementSources(statement: () => Promise<StatementData | null>) {
  return {
    records: lazySource(async () => recordSource(await statement())),
    products: lazySource(async () => productSource(await statement())),
  }
}

function registrySources(api: ApiClient, customerNumber: string, params: URLSearchParams) {
  return statementSources(async () => {
    const loaded = await loadStatement(api, { customerNumber, customerName: '' }, params)
    return loaded.result.state === 'loaded' ? loaded.result.statement : null
  })
}

export const statementList: GridList<StatementRecord> = {
  spec: statementGrid,
  screen: 'statements',
  exportName: 'StatementPurchaseOrders',
  source: (api, customerNumber, params) => registrySources(api, customerNumber, params).records,
}

export const statementProductList: GridList<StatementProductTotal> = {
  spec: statementProductsGrid,
  screen: 'statements',
  exportName: 'StatementProducts',
  source: (api, customerNumber, params) => registrySources(api, customerNumber, params).products,
}
