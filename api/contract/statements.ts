/**
 * Elastic statements (spec 2 sections 3, 4 and 7): a customer's statement for a
 * period, the same as a PDF file, and the weekly and monthly statement e-mails
 * of one elastic entitlement.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { STATEMENT_MESSAGES } from '../../app/domain/statement'
import { NO_ACTIVE_ENTITLEMENTS, PO_FIELD, type StatementData } from '../../app/domain/statement-types'
import { parseDay } from '../../app/domain/utc-day'
import { singleLine } from '../text-schemas'
import { day, declareCall, replyObject } from './define'

const TAG = 'Elastic statements'

export const daySchema = z
  .string()
  .trim()
  .refine((t) => parseDay(t) !== null, { message: STATEMENT_MESSAGES.dayFormat })

/** Days are 'YYYY-MM-DD' (UTC); the period runs from the start of `from` to the end of `to`. */
const statementRequest = z.object({
  from: daySchema,
  to: daySchema,
  /** The report date (the caller's today). */
  today: daySchema,
  customerNumber: customerNumberSchema,
  /** Ignored: the statement names the customer as its account does. */
  customerName: singleLine().max(500).optional(),
})
export type StatementRequest = z.input<typeof statementRequest>
export type StatementInput = z.output<typeof statementRequest>

const statementEmailRequest = z.object({
  customerid: customerNumberSchema,
  /** Ignored: the e-mail names the customer as its account does. */
  customername: singleLine().max(500).optional(),
  /** The elastic licence server (Cloud Server Id). */
  server: singleLine().trim().min(1, 'server is required').max(200),
  activationid: singleLine().trim().min(1, 'activationid is required').max(200),
  /** The last day of the week or month the statement covers. */
  date: daySchema,
})
export type StatementEmailRequest = z.input<typeof statementEmailRequest>
export type StatementEmailInput = z.output<typeof statementEmailRequest>

const productTotal = replyObject({ product: z.string(), total: z.number(), currency: z.string() })

// The statement screen, its PDF and its e-mails are built from the domain's type: the reply must be one.
const statementData = replyObject({
  Customer: replyObject({
    ReportDate: day(),
    CustomerNumber: z.string(),
    CustomerName: z.string(),
    From: day(),
    To: day(),
  }),
  Records: z.array(
    replyObject({
      [PO_FIELD]: z.string(),
      ActivationId: z.string(),
      StartDate: z.string(),
      /** '' when permanent. */
      EndDate: z.string(),
      BalanceBeforeStart: z.number(),
      BalanceAtEnd: z.number(),
      Used: z.number(),
      Currency: z.string(),
      LineItemQuantity: z.number(),
      TotalUsed: z.number(),
      Products: z.array(productTotal),
    }),
  ),
  Products: z.array(productTotal),
}) satisfies z.ZodType<StatementData>

const STATEMENT_REFUSAL = `Not found ('${NO_ACTIVE_ENTITLEMENTS}', 404) when the period lists no elastic entitlement of the customer.`

const emailCall = (kind: 'week' | 'month') =>
  declareCall({
    method: 'POST',
    path: `/email${kind}`,
    tag: TAG,
    summary: `E-mails the ${kind === 'week' ? 'weekly' : 'monthly'} statement of one elastic entitlement to the customer’s portal administrators`,
    description: `The ${kind === 'week' ? '7 days' : 'month (from the 1st)'} ending on \`date\`. \`server\` must be an activated elastic server of the customer and \`activationid\` one of its elastic entitlements. Refused to view-only users (403).`,
    access: 'write',
    caller: 'customer-writer',
    input: statementEmailRequest,
    reply: replyObject({ sent: z.literal(true) }),
  })

export const statementCalls = {
  statement: declareCall({
    method: 'POST',
    path: '/statements',
    tag: TAG,
    summary: 'The customer’s statement of its elastic entitlements for a period',
    description: STATEMENT_REFUSAL,
    access: 'read',
    caller: 'customer-reader',
    input: statementRequest,
    reply: statementData,
  }),
  pdf: declareCall({
    method: 'POST',
    path: '/getPdf',
    tag: TAG,
    summary: 'The customer’s statement for a period as a PDF file',
    description: `${STATEMENT_REFUSAL} Unavailable (503) when the service cannot print.`,
    access: 'read',
    caller: 'customer-reader',
    input: statementRequest,
    reply: z.never(),
    file: { contentType: 'application/pdf' },
  }),
  emailWeek: emailCall('week'),
  emailMonth: emailCall('month'),
}
