/**
 * The three calls of every list declared with `declareList` (api/contract/lists):
 * a page, the count and a column's distinct values, answered by the list engine
 * from one source; `toRow` shapes each returned row.
 */
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { declareList } from './contract/lists'
import { withToken } from './envelope'
import { listCount, listDistinct, listPage, type ListSource } from './list-engine'
import type { DistinctRequest } from './contract/list-requests'

type Row = Record<string, unknown>

type ListDeclarations = ReturnType<typeof declareList>

/** Answers a declared list's three calls from its source; `toRow` shapes each returned row. */
export function implementList<Scope>(
  calls: CallTable,
  list: ListDeclarations,
  sourceFor: (user: ApiUser, scope: Scope) => ListSource | Promise<ListSource>,
  toRow: (row: Row) => Row = (row) => row,
) {
  calls.implement(list.page, async ({ input, user }) => {
    const page = await listPage<Row>(await sourceFor(user, input as Scope), input)
    return withToken(page.rows.map(toRow), page.token)
  })
  calls.implement(list.count, async ({ input, user }) => await listCount(await sourceFor(user, input as Scope), input))
  calls.implement(list.distinct, async ({ input, user }) =>
    listDistinct(await sourceFor(user, input as Scope), input as DistinctRequest),
  )
}
