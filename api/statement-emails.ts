/**
 * API: the weekly and monthly statement e-mails (spec 2 section 7).
 *
 * POST /emailweek, /emailmonth {customerid, customername?, server, activationid, date} -> { sent: true }
 *   Writes the statement of one elastic entitlement for the week (7 days) or month
 *   (from the 1st) ending on `date` into the customer's outbox, to its portal
 *   administrators, with its audit record, in one transaction. Refused to view-only
 *   users; `server` must be an activated elastic server of the customer and
 *   `activationid` one of its elastic entitlements.
 */
import { transact } from '../db/transact'
import { first } from '../db/query'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { elasticServers } from '../db/tables'
import { isViewOnly } from '../app/domain/permissions'
import { emailPeriod, statementEmailSubject, type StatementEntitlement } from '../app/domain/statement'
import { formatDay } from '../app/domain/utc-day'
import { buildAccountInfo, requireCustomerAccess, type Account } from './access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { statementCalls, type StatementEmailInput } from './contract/statements'
import { forbidden, notFound } from './envelope'
import { administratorAddresses, CREDIT_MESSAGES, findElasticEntitlement } from './elastic-credit'
import { writeOutboxEmail, type OutboxDelivery } from './outbox'
import { ELASTIC_ERRORS } from './elastic'
import { computeStatement } from './statement-data'
import { statementHtml } from './statement-html'
import type { ApiDeps } from './index'

export const STATEMENT_EMAIL_MESSAGES = {
  viewOnly: 'View-only users cannot send statement e-mails.',
  serverNotFound: ELASTIC_ERRORS.serverNotFound,
  entitlementNotFound: CREDIT_MESSAGES.notFound,
} as const

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
  delivery: OutboxDelivery
}

/**
 * Writes the weekly or monthly statement of one entitlement into the customer's
 * outbox, to its portal administrators. Call inside the writing transaction.
 */
export async function writeStatementEmail(
  tx: Tx,
  { account, entitlement, kind, serverId, date, sentAt, delivery }: StatementEmail,
) {
  const period = emailPeriod(kind, date)
  const statement = await computeStatement(tx, account, period, formatDay(sentAt), [entitlement])
  const subject = statementEmailSubject(kind, period)
  const body = statementHtml(statement, {
    intro: [
      `Dear ${account.accountName} licence administrator,`,
      `here is the ${kind === 'week' ? 'weekly' : 'monthly'} statement of the elastic entitlement ${entitlement.activationId} ` +
        `(PO ${entitlement.poNumber || 'none'}, Cloud Server Id ${serverId}) for ${period.from} to ${period.to}.`,
    ],
  })
  const id = await writeOutboxEmail(tx, delivery, {
    accountId: account.accountId,
    at: sentAt,
    subject,
    to: await administratorAddresses(tx, account),
    body,
    kind: 'statement',
  })
  return { id, subject, period }
}

async function sendStatementEmail(
  db: Db,
  delivery: OutboxDelivery,
  user: ApiUser,
  kind: StatementEmailKind,
  input: StatementEmailInput,
) {
  const { account, access } = await requireCustomerAccess(db, user, input.customerid)
  if (isViewOnly(user, buildAccountInfo(account, access, user))) throw forbidden(STATEMENT_EMAIL_MESSAGES.viewOnly)
  return await transact(db, async (tx) => {
    const server = await first(
      tx
        .select({ deviceId: elasticServers.deviceId })
        .from(elasticServers)
        .where(
          and(
            eq(elasticServers.deviceId, input.server),
            eq(elasticServers.accountId, account.accountId),
            eq(elasticServers.activated, 1),
          ),
        ),
    )
    if (!server) throw notFound(STATEMENT_EMAIL_MESSAGES.serverNotFound)
    const entitlement = await findElasticEntitlement(tx, account.accountId, input.activationid)
    const email = await writeStatementEmail(tx, {
      account,
      entitlement,
      kind,
      serverId: server.deviceId,
      date: input.date,
      sentAt: Date.now(),
      delivery,
    })
    await recordAudit(tx, {
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
  })
}

export function statementEmailCalls(calls: CallTable, { db, config }: ApiDeps) {
  calls.implement(
    statementCalls.emailWeek,
    async ({ input, user }) => await sendStatementEmail(db, config.mail, user, 'week', input),
  )
  calls.implement(
    statementCalls.emailMonth,
    async ({ input, user }) => await sendStatementEmail(db, config.mail, user, 'month', input),
  )
}
