/**
 * The three calls of every list: a page, the count and distinct values, at
 * POST {path}, {path}/count and {path}/distinct unless a list names its paths
 * itself. A list whose requests carry more fields (e.g. the customer number that
 * scopes it) passes their schema as `scope`; `toRow` shapes each returned row.
 */
import type { z } from 'zod'
import type { ApiUser } from './auth'
import type { CallRegistrar, CallTable } from './call-table'
import type { declareList } from './contract/lists'
import { parseInput, withToken } from './envelope'
import { listCount, listDistinct, listPage, type ListSource } from './list-engine'
import {
  countRequestSchema,
  distinctRequestSchema,
  pageRequestSchema,
  type DistinctRequest,
} from './contract/list-requests'

export interface ListPaths {
  page: string
  count: string
  distinct: string
}

type Row = Record<string, unknown>

export function listCalls<Scope extends z.ZodRawShape = Record<never, never>>(
  calls: CallRegistrar,
  path: string | ListPaths,
  sourceFor: (user: ApiUser, scope: z.infer<z.ZodObject<Scope>>) => ListSource,
  scope: Scope = {} as Scope,
  toRow: (row: Row) => Row = (row) => row,
) {
  const paths = typeof path === 'string' ? { page: path, count: `${path}/count`, distinct: `${path}/distinct` } : path
  const pageSchema = pageRequestSchema.extend(scope)
  const countSchema = countRequestSchema.extend(scope)
  const distinctSchema = distinctRequestSchema.extend(scope)
  type ScopeInput = z.infer<z.ZodObject<Scope>>

  calls.post(paths.page, ({ body, user }) => {
    const input = parseInput(pageSchema, body)
    const page = listPage<Row>(sourceFor(user, input as ScopeInput), input)
    return withToken(page.rows.map(toRow), page.token)
  })
  calls.post(paths.count, ({ body, user }) => {
    const input = parseInput(countSchema, body)
    return listCount(sourceFor(user, input as ScopeInput), input)
  })
  calls.post(paths.distinct, ({ body, user }) => {
    const input = parseInput(distinctSchema, body)
    return listDistinct(sourceFor(user, input as ScopeInput), input as DistinctRequest)
  })
}

type ListDeclarations = ReturnType<typeof declareList>

/** Answers a declared list's three calls from its source; `toRow` shapes each returned row. */
export function implementList<Scope>(
  calls: CallTable,
  list: ListDeclarations,
  sourceFor: (user: ApiUser, scope: Scope) => ListSource,
  toRow: (row: Row) => Row = (row) => row,
) {
  calls.implement(list.page, ({ input, user }) => {
    const page = listPage<Row>(sourceFor(user, input as Scope), input)
    return withToken(page.rows.map(toRow), page.token)
  })
  calls.implement(list.count, ({ input, user }) => listCount(sourceFor(user, input as Scope), input))
  calls.implement(list.distinct, ({ input, user }) =>
    listDistinct(sourceFor(user, input as Scope), input as DistinctRequest),
  )
}
