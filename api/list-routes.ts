/**
 * The three calls of every list: POST {path} (a page), {path}/count and
 * {path}/distinct. A list whose requests carry more fields (e.g. the customer
 * number that scopes it) passes their schema as `scope`.
 */
import type { Router } from 'express'
import { z } from 'zod'
import type { ApiUser } from './auth'
import { handle, parseInput, withToken } from './envelope'
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

export function listRoutes<Scope extends z.ZodRawShape = {}>(
  router: Router,
  path: string,
  sourceFor: (user: ApiUser, scope: z.infer<z.ZodObject<Scope>>) => ListSource,
  scope: Scope = {} as Scope,
) {
  const pageSchema = pageRequestSchema.extend(scope)
  const countSchema = countRequestSchema.extend(scope)
  const distinctSchema = distinctRequestSchema.extend(scope)
  type ScopeInput = z.infer<z.ZodObject<Scope>>

  router.post(
    path,
    handle(({ req, user }) => {
      const input = parseInput(pageSchema, req.body)
      const page = listPage(sourceFor(user, input as ScopeInput), input)
      return withToken(page.rows, page.token)
    }),
  )
  router.post(
    `${path}/count`,
    handle(({ req, user }) => {
      const input = parseInput(countSchema, req.body)
      return listCount(sourceFor(user, input as ScopeInput), input)
    }),
  )
  router.post(
    `${path}/distinct`,
    handle(({ req, user }) => {
      const input = parseInput(distinctSchema, req.body)
      return listDistinct(sourceFor(user, input as ScopeInput), input as DistinctRequest)
    }),
  )
}
