/**
 * The three calls of every list: a page, the count and distinct values, at
 * POST {path}, {path}/count and {path}/distinct unless a list names its paths
 * itself. A list whose requests carry more fields (e.g. the customer number that
 * scopes it) passes their schema as `scope`; `toRow` shapes each returned row.
 */
import type { z } from 'zod'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { parseInput, withToken } from './envelope'
import {
  countRequestSchema,
  distinctRequestSchema,
  listCount,
  listDistinct,
  listPage,
  pageRequestSchema,
  type DistinctRequest,
  type ListSource,
} from './list-engine'

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
