/**
 * The three calls of every list (spec 1 section 3): a page at POST {path}, its
 * count at {path}/count and a column's distinct values at {path}/distinct,
 * unless a list names its paths itself. A list scoped by more fields (e.g. the
 * customer number) declares them as `scope`.
 */
import { z } from 'zod'
import { declareCall, type Caller } from './define'
import { countRequestSchema, distinctRequestSchema, pageRequestSchema } from './list-requests'

export interface ListPaths {
  page: string
  count: string
  distinct: string
}

/** A distinct value of a column: text, a number, a flag or none. */
export const distinctValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

export function declareList<Row extends z.ZodType, Scope extends z.ZodRawShape = Record<never, never>>(list: {
  path: string | ListPaths
  tag: string
  /** What one row is, e.g. 'customer accounts the user may see'. */
  rows: string
  row: Row
  caller: Caller
  scope?: Scope
}) {
  const { tag, rows, row, caller } = list
  const scope = (list.scope ?? {}) as Scope
  const paths =
    typeof list.path === 'string'
      ? { page: list.path, count: `${list.path}/count`, distinct: `${list.path}/distinct` }
      : list.path
  return {
    page: declareCall({
      method: 'POST',
      path: paths.page,
      tag,
      summary: `A page of the ${rows}`,
      description: 'Filtered, sorted and paged; a `token` in the reply asks for the next page.',
      access: 'read',
      caller,
      input: pageRequestSchema.extend(scope),
      reply: z.array(row),
      paged: true,
    }),
    count: declareCall({
      method: 'POST',
      path: paths.count,
      tag,
      summary: `How many ${rows} match the filter`,
      access: 'read',
      caller,
      input: countRequestSchema.extend(scope),
      reply: z.number().int().min(0),
    }),
    distinct: declareCall({
      method: 'POST',
      path: paths.distinct,
      tag,
      summary: `The distinct values of one field of the ${rows}`,
      access: 'read',
      caller,
      input: distinctRequestSchema.extend(scope),
      reply: z.array(distinctValue),
    }),
  }
}
