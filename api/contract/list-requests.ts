/**
 * The request bodies of every list call (spec 1 section 3): a page (filter rules,
 * sort rules, offset or continuation token, limit), its count and a column's
 * distinct values. The list engine (api/list-engine) turns them into SQL.
 */
import { z } from 'zod'
import { MAX_DISTINCT_LIMIT, MAX_IN_VALUES, MAX_PAGE_SIZE } from '../constants'

/** The longest text one criterion may compare with. */
export const MAX_TEXT_VALUE = 1000

export const upper = (s: string) => s.trim().toUpperCase()

/** The value of an IN criterion: a list of texts or numbers (empty matches no row). */
export const inValuesSchema = z
  .array(z.union([z.string().max(MAX_TEXT_VALUE, 'value is too long'), z.number()]), {
    message: 'IN needs a list of texts or numbers',
  })
  .max(MAX_IN_VALUES, `IN takes at most ${MAX_IN_VALUES} values`)

export const criterionSchema = z
  .object({
    name: z.string().min(1).max(100),
    method: z.string().min(1).max(30),
    value: z.unknown().optional(),
    not: z.boolean().optional(),
    casefold: z.boolean().optional(),
    tostring: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    if (upper(c.method) !== 'IN') return
    const parsed = inValuesSchema.safeParse(c.value)
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] })
    }
  })
export type Criterion = z.infer<typeof criterionSchema>

export const filterSchema = z.object({
  condition: z
    .string()
    .transform(upper)
    .pipe(z.enum(['ALL', 'ANY']))
    .default('ALL'),
  criteria: z.array(criterionSchema).max(100).default([]),
})
export type Filter = z.infer<typeof filterSchema>

export const sortRuleSchema = z.object({
  name: z.string().min(1).max(100),
  direction: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc'),
})
export type SortRule = z.input<typeof sortRuleSchema>

export const pageRequestSchema = z.object({
  filter: filterSchema.nullish(),
  sorting: z.array(sortRuleSchema).max(20).nullish(),
  offset: z.number().int().min(0).nullish(),
  // Keyset tokens carry the sort values of a row.
  token: z.string().max(16_000).nullish(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).nullish(),
})
export type PageRequest = z.infer<typeof pageRequestSchema>

export const countRequestSchema = z.object({ filter: filterSchema.nullish() })
export type CountRequest = z.infer<typeof countRequestSchema>

export const distinctRequestSchema = z.object({
  filter: filterSchema.nullish(),
  key: z.string().min(1).max(100),
  limit: z.number().int().min(1).max(MAX_DISTINCT_LIMIT).nullish(),
})
export type DistinctRequest = z.infer<typeof distinctRequestSchema>
