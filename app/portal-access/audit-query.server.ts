/** The change history's query string: the page and the area; an invalid value means page 1 or every area. */
import { z } from 'zod'
import { AUDIT_AREA_LABELS } from '../view/audit-summary'

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  area: z
    .enum(Object.keys(AUDIT_AREA_LABELS) as [string, ...string[]])
    .or(z.literal(''))
    .catch(''),
})
