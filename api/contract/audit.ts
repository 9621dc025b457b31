/** The audit trail of a customer's access settings and holdings: who changed what, when, before and after. */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { MAX_PAGE_SIZE } from '../constants'
import { declareCall, replyObject } from './define'
import { countRequestSchema, pageRequestSchema } from './list-requests'

const TAG = 'Audit trail'

/** What a record is about: the screen or kind of holding that changed. */
export const AUDIT_AREAS = [
  'portalaccess',
  'whitelist',
  'pin',
  'usernames',
  'threshold',
  'statement',
  'hosts',
  'activations',
  'fsa',
  'web',
] as const
export type AuditArea = (typeof AUDIT_AREAS)[number]

export const auditEntry = replyObject({
  id: z.number().int(),
  /** ISO 8601 time of the change (UTC). */
  at: z.iso.datetime(),
  actorEmail: z.string(),
  customerNumber: z.string(),
  area: z.enum(AUDIT_AREAS),
  /** Short verb phrase, e.g. 'update', 'change', 'generate'. */
  action: z.string(),
  /** The state before and after, with any secret replaced by '[redacted]'. */
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEntry = z.infer<typeof auditEntry>

const customerScope = { customerNumber: customerNumberSchema }
const REFUSALS = 'An unknown customer is not found (404).'

export const auditCalls = {
  page: declareCall({
    method: 'POST',
    path: '/audit',
    tag: TAG,
    summary: 'A page of the customer’s audit records, the newest first unless sorted otherwise',
    description: `Filtered, sorted and paged; a \`token\` in the reply asks for the next page. ${REFUSALS}`,
    access: 'read',
    caller: 'staff',
    input: pageRequestSchema.extend(customerScope),
    reply: z.array(auditEntry),
    paged: true,
  }),
  pageByQuery: declareCall({
    method: 'GET',
    path: '/audit',
    tag: TAG,
    summary: 'A page of the customer’s audit records, the newest first, named in the query string',
    description: `The first page unless \`offset\` or \`token\` says otherwise. ${REFUSALS}`,
    access: 'read',
    caller: 'staff',
    input: z.object({
      ...customerScope,
      offset: z.coerce.number().int().min(0).optional(),
      limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      token: pageRequestSchema.shape.token,
    }),
    reply: z.array(auditEntry),
    paged: true,
  }),
  count: declareCall({
    method: 'POST',
    path: '/audit/count',
    tag: TAG,
    summary: 'How many of the customer’s audit records match the filter',
    description: REFUSALS,
    access: 'read',
    caller: 'staff',
    input: countRequestSchema.extend(customerScope),
    reply: z.number().int().min(0),
  }),
}
