/**
 * API: elastic statements (spec 2 sections 3, 4 and 7).
 *
 * POST /statements {from, to, today, customerNumber, customerName?} -> StatementData
 *   The customer's statement for the period (app/domain/statement has the rules);
 *   FAILURE 'No active entitlements for account' (404) when it lists no entitlement.
 * POST /getPdf (the same body) -> the statement as application/pdf (over HTTP only)
 * POST /emailweek, /emailmonth {customerid, customername?, server, activationid, date} -> { sent: true }
 *   Writes the statement of one elastic entitlement for the week (7 days) or month
 *   (from the 1st) ending on `date` into the customer's outbox, to its portal
 *   administrators, with its audit record; refused to view-only users. `server`
 *   must be an activated elastic server of the customer.
 *
 * Every figure comes from usage_day_charges (the charges of ended sessions per
 * entitlement, product and day, kept with the sessions): one grouped read of the
 * charges before the period and one of the charges within it, whatever the number
 * of sessions.
 */
import { and, eq, inArray, lt, between, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { elasticServers, emails, entitlements, usageDayCharges } from '../db/schema'
import { customerNumberSchema } from '../app/domain/customer-number'
import { isViewOnly } from '../app/domain/permissions'
import { printPdf, PdfUnavailableError } from '../app/pdf/pdf-printer.server'
import { statementPdfName } from '../app/statement/statement-view'
import { formatDay } from '../app/domain/utc-day'
import {
  buildStatement,
  emailPeriod,
  periodProblem,
  statementEmailSubject,
  statementPeriod,
  statementRecords,
  STATEMENT_MESSAGES,
  type EntitlementCharge,
  type StatementEntitlement,
  type StatementPeriod,
} from '../app/domain/statement'
import { NO_ACTIVE_ENTITLEMENTS, type StatementData } from '../app/domain/statement-types'
import { parseDay } from '../app/domain/utc-day'
import { buildAccountInfo, requireCustomerAccess, type Account } from './access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { ApiError, badRequest, fileReply, forbidden, notFound, parseInput } from './envelope'
import { administratorAddresses, CREDIT_MESSAGES, findElasticEntitlement, outboxTime } from './elastic-credit'
import { ELASTIC_ERRORS } from './elastic'
import { statementHtml } from './statement-html'
import type { ApiDeps } from './index'

export const STATEMENT_EMAIL_MESSAGES = {
  viewOnly: 'View-only users cannot send statement e-mails.',
  serverNotFound: ELASTIC_ERRORS.serverNotFound,
  entitlementNotFound: CREDIT_MESSAGES.notFound,
} as const

export const daySchema = z
  .string()
  .trim()
  .refine((t) => parseDay(t) !== null, { message: STATEMENT_MESSAGES.dayFormat })

export const statementRequest = z.object({
  from: daySchema,
  to: daySchema,
  today: daySchema,
  customerNumber: customerNumberSchema,
  /** Ignored: the statement names the customer as its account does. */
  customerName: z.string().max(500).optional(),
})
export type StatementInput = z.infer<typeof statementRequest>

/** The period of a request, or a 400 naming what is wrong with it. */
export function requestPeriod(from: string, to: string): StatementPeriod {
  const problem = periodProblem(from, to)
  if (problem) throw badRequest(problem)
  return statementPeriod(from, to)
}

const entitlementColumns = {
  id: entitlements.id,
  activationId: entitlements.activationId,
  poNumber: entitlements.poNumber,
  startDate: entitlements.startDate,
  endDate: entitlements.endDate,
  quantity: entitlements.quantity,
  currency: entitlements.currency,
  licenseModel: entitlements.licenseModel,
  state: entitlements.state,
}

/** The customer's elastic entitlements. */
export function elasticEntitlements(db: Db | Tx, accountId: string): StatementEntitlement[] {
  return db
    .select(entitlementColumns)
    .from(entitlements)
    .where(and(eq(entitlements.accountId, accountId), eq(entitlements.type, 'ELASTIC')))
    .all()
}

const cents = sql<number>`sum(${usageDayCharges.cents})`.mapWith(Number)

/** The charges of the entitlements before the period (by entitlement) and within it (by entitlement and product). */
function chargesOf(db: Db | Tx, ids: number[], period: StatementPeriod) {
  if (ids.length === 0) return { centsBefore: new Map<number, number>(), within: [] as EntitlementCharge[] }
  const mine = inArray(usageDayCharges.entitlementId, ids)
  const before = db
    .select({ entitlementId: usageDayCharges.entitlementId, cents })
    .from(usageDayCharges)
    .where(and(mine, lt(usageDayCharges.day, period.firstDay)))
    .groupBy(usageDayCharges.entitlementId)
    .all()
  const within = db
    .select({ entitlementId: usageDayCharges.entitlementId, product: usageDayCharges.product, cents })
    .from(usageDayCharges)
    .where(and(mine, between(usageDayCharges.day, period.firstDay, period.lastDay)))
    .groupBy(usageDayCharges.entitlementId, usageDayCharges.product)
    .all()
  return { centsBefore: new Map(before.map((r) => [r.entitlementId, r.cents])), within }
}

type Customer = Pick<Account, 'accountId' | 'accountName'>

/**
 * The statement of the given entitlements over the period, or of the customer's
 * statement records when none are given; 404 'No active entitlements for account'
 * when there is no record.
 */
export function computeStatement(
  db: Db | Tx,
  account: Customer,
  period: StatementPeriod,
  today: string,
  only?: StatementEntitlement[],
): StatementData {
  const candidates = only ?? elasticEntitlements(db, account.accountId)
  const { centsBefore, within } = chargesOf(
    db,
    candidates.map((e) => e.id),
    period,
  )
  const records = only ?? statementRecords(candidates, period, new Set(within.map((c) => c.entitlementId)))
  if (records.length === 0) throw notFound(NO_ACTIVE_ENTITLEMENTS)
  return buildStatement({
    customer: { customerNumber: account.accountId, customerName: account.accountName },
    period,
    today,
    records,
    centsBefore,
    within,
  })
}

/** The statement a request asks for, after the access check (another customer, export control). */
export function statementFor(db: Db, user: ApiUser, input: StatementInput): StatementData {
  const { account } = requireCustomerAccess(db, user, input.customerNumber)
  return computeStatement(db, account, requestPeriod(input.from, input.to), input.today)
}

/** The statement as a PDF: its HTML document printed by the shared browser; 503 when printing is unavailable. */
async function statementPdf(statement: StatementData): Promise<Uint8Array> {
  try {
    return await printPdf(statementHtml(statement), {
      format: 'A4',
      footerTemplate: `<div style="font-size: 8px; width: 100%; text-align: center; color: #6b7280">
<span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
    })
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw new ApiError(503, error.message)
    throw error
  }
}

export type StatementEmailKind = 'week' | 'month'

export interface StatementEmail {
  account: Pick<Account, 'accountId' | 'accountName' | 'supportEmail'>
  entitlement: StatementEntitlement
  kind: StatementEmailKind
  /** The elastic licence server (Cloud Server Id) the statement was asked for. */
  serverId: string
  /** The last day of the week or month. */
  date: string
  /** When it is sent (epoch ms); its day is the report date. */
  sentAt: number
}

/**
 * Writes the weekly or monthly statement of one entitlement into the customer's
 * outbox, to its portal administrators. Call inside the writing transaction.
 */
export function writeStatementEmail(tx: Tx, { account, entitlement, kind, serverId, date, sentAt }: StatementEmail) {
  const period = emailPeriod(kind, date)
  const statement = computeStatement(tx, account, period, formatDay(sentAt), [entitlement])
  const subject = statementEmailSubject(kind, period, entitlement.activationId)
  const body = statementHtml(statement, {
    intro: [
      `Dear ${account.accountName} licence administrator,`,
      `here is the ${kind === 'week' ? 'weekly' : 'monthly'} statement of the elastic entitlement ${entitlement.activationId} ` +
        `(PO ${entitlement.poNumber || 'none'}, Cloud Server Id ${serverId}) for ${period.from} to ${period.to}.`,
    ],
  })
  const { id } = tx
    .insert(emails)
    .values({
      accountId: account.accountId,
      date: outboxTime(sentAt),
      subject,
      to: administratorAddresses(tx, account),
      body,
      kind: 'statement',
    })
    .returning({ id: emails.id })
    .get()
  return { id, subject, period }
}

export const statementEmailRequest = z.object({
  customerid: customerNumberSchema,
  /** Ignored: the e-mail names the customer as its account does. */
  customername: z.string().max(500).optional(),
  server: z.string().trim().min(1, 'server is required').max(200),
  activationid: z.string().trim().min(1, 'activationid is required').max(200),
  date: daySchema,
})

function sendStatementEmail(
  db: Db,
  user: ApiUser,
  kind: StatementEmailKind,
  input: z.infer<typeof statementEmailRequest>,
) {
  const { account, access } = requireCustomerAccess(db, user, input.customerid)
  if (isViewOnly(user, buildAccountInfo(account, access, user))) throw forbidden(STATEMENT_EMAIL_MESSAGES.viewOnly)
  return db.transaction(
    (tx) => {
      const server = tx
        .select({ deviceId: elasticServers.deviceId })
        .from(elasticServers)
        .where(
          and(
            eq(elasticServers.deviceId, input.server),
            eq(elasticServers.accountId, account.accountId),
            eq(elasticServers.activated, 1),
          ),
        )
        .get()
      if (!server) throw notFound(STATEMENT_EMAIL_MESSAGES.serverNotFound)
      const entitlement = findElasticEntitlement(tx, account.accountId, input.activationid)
      const email = writeStatementEmail(tx, {
        account,
        entitlement,
        kind,
        serverId: server.deviceId,
        date: input.date,
        sentAt: Date.now(),
      })
      recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'statement',
        action: kind === 'week' ? 'email weekly' : 'email monthly',
        before: null,
        after: {
          activationId: entitlement.activationId,
          server: server.deviceId,
          from: email.period.from,
          to: email.period.to,
          emailId: email.id,
        },
      })
      return { sent: true as const }
    },
    { behavior: 'immediate' },
  )
}

export function statementCalls(calls: CallRegistrar, { db }: ApiDeps) {
  calls.post('/statements', ({ body, user }) => statementFor(db, user, parseInput(statementRequest, body)))

  calls.post('/getPdf', async ({ body, user }) => {
    const input = parseInput(statementRequest, body)
    const statement = statementFor(db, user, input)
    return fileReply({
      contentType: 'application/pdf',
      fileName: statementPdfName(statement.Customer.CustomerNumber, input.from, input.to),
      bytes: await statementPdf(statement),
    })
  })

  for (const kind of ['week', 'month'] as const) {
    calls.post(`/email${kind}`, ({ body, user }) =>
      sendStatementEmail(db, user, kind, parseInput(statementEmailRequest, body)),
    )
  }
}
