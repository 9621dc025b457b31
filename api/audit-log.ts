/**
 * The audit trail of a customer's access settings: who changed what, when, with
 * the state before and after. Writers call `recordAudit` inside the transaction
 * of the change itself, so a change and its record commit or roll back together.
 *
 * Secrets never belong in a record: callers pass summaries (e.g. `{ pinSet: true }`),
 * and as a second line of defence any field named like a secret (pin, password,
 * secret, token, with any prefix: newPin, oldPin ...) is replaced by '[redacted]'.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Tx } from '../db/transact'
import { auditLog } from '../db/tables'
import type { ListSource } from './list-engine'
import type { PageRequest } from './contract/list-requests'
import type { AuditArea, AuditEntry } from './contract/audit'
import { listCount, listPage } from './list-engine'

/** A transaction's handle (what `transact(db, work)` passes to `work`), or the db itself. */
export type { Tx }

export interface AuditInput {
  actorEmail: string
  /** The customer number the change belongs to. */
  accountId: string
  area: AuditArea
  /** Short verb phrase, e.g. 'update', 'change', 'generate'. */
  action: string
  before: unknown
  after: unknown
}

/** One record as the API returns it. */
export type { AuditEntry }

export const REDACTED = '[redacted]'
const SECRET_KEY = /(pin|password|secret|token)$/i

/** A copy of `value` with every secret-looking field replaced by '[redacted]'. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && v !== null && v !== undefined && typeof v !== 'boolean'
          ? REDACTED
          : redactSecrets(v, depth + 1),
      ]),
    )
  }
  return value
}

/** Writes one audit record. Call it inside the transaction that makes the change. */
export async function recordAudit(tx: Tx | Db, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    at: Date.now(),
    actorEmail: entry.actorEmail,
    accountId: entry.accountId,
    area: entry.area,
    action: entry.action,
    before: redactSecrets(entry.before ?? null),
    after: redactSecrets(entry.after ?? null),
  })
}

/** The audit records of one customer as a list (filterable and sortable by the list engine). */
export function auditList(db: Db, accountId: string): ListSource {
  return {
    columns: {
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      area: auditLog.area,
      action: auditLog.action,
    },
    fields: {
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      customerNumber: auditLog.accountId,
      area: auditLog.area,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    },
    defaultSort: [
      { name: 'at', direction: 'desc' },
      { name: 'id', direction: 'desc' },
    ],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(auditLog).$dynamic(),
    scope: eq(auditLog.accountId, accountId),
  }
}

type AuditRow = Omit<AuditEntry, 'at'> & { at: number }

const toEntry = (row: AuditRow): AuditEntry => ({ ...row, at: new Date(row.at).toISOString() })

/** One page of a customer's audit records, newest first unless sorted otherwise. */
export async function readAudit(db: Db, accountId: string, request: PageRequest = {}) {
  const page = await listPage<AuditRow>(auditList(db, accountId), request)
  return { rows: page.rows.map(toEntry), token: page.token }
}

export async function countAudit(db: Db, accountId: string, request: Pick<PageRequest, 'filter'> = {}) {
  return await listCount(auditList(db, accountId), { filter: request.filter })
}
