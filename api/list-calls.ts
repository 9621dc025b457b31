/**
 * The three calls of every list: POST {path} (a page), {path}/count and
 * {path}/distinct. A list whose requests carry more fields (e.g. the customer
 * number that scopes it) passes their schema as `scope`.
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

export function listCalls<Scope extends z.ZodRawShape = Record<never, never>>(
  calls: CallRegistrar,
  path: string,
  sourceFor: (user: ApiUser, scope: z.infer<z.ZodObject<Scope>>) => ListSource,
  scope: Scope = {} as Scope,
) {
  const pageSchema = pageRequestSchema.extend(scope)
  const countSchema = countRequestSchema.extend(scope)
  const distinctSchema = distinctRequestSchema.extend(scope)
  type ScopeInput = z.infer<z.ZodObject<Scope>>

  calls.post(path, ({ body, user }) => {
    const input = parseInput(pageSchema, body)
    const page = listPage(sourceFor(user, input as ScopeInput), input)
    return withToken(page.rows, page.token)
  })
  calls.post(`${path}/count`, ({ body, user }) => {
    const input = parseInput(countSchema, body)
    return listCount(sourceFor(user, input as ScopeInput), input)
  })
  calls.post(`${path}/distinct`, ({ body, user }) => {
    const input = parseInput(distinctSchema, body)
    return listDistinct(sourceFor(user, input as ScopeInput), input as DistinctRequest)
  })
}
