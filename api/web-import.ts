/**
 * API: importing web users from a CSV file (app/domain/web-user-import reads it). A file that
 * cannot be read is refused whole. Otherwise each row is answered: added, already there (then
 * only added to the groups it names; its name and role stay) or refused with the reason. A
 * group a row names that does not exist yet is created. Each row runs in a savepoint of the
 * one transaction with the named seat guard, so a row that would give a named entitlement
 * more holders than seats (through a group) is refused alone and the others are added.
 */
import { transact } from '../db/transact'
import { and, eq } from 'drizzle-orm'
import { webGroups, webUsers } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { parseWebUserCsv, type ImportRow } from '../app/domain/web-user-import'
import type { CallTable } from './call-table'
import { webCalls as declared, type WebImportRow } from './contract/web'
import type { Account } from './access'
import type { Tx } from './audit-log'
import { ApiError, badRequest } from './envelope'
import { addMembers } from './web-groups'
import { auditWeb, groupByName, guardNamedSeats, webAccess, webWrite } from './web-store'
import type { ApiDeps } from './index'

interface RowResult {
  outcome: 'added' | 'already-there'
  created: string[]
}

async function importRow(tx: Tx, account: Account, row: ImportRow, today: string): Promise<RowResult> {
  return await guardNamedSeats(tx, account, today, async () => {
    const existing = (
      await tx
        .select({ id: webUsers.id })
        .from(webUsers)
        .where(and(eq(webUsers.accountId, account.accountId), eq(webUsers.email, row.email)))
    )[0]
    const userId =
      existing?.id ??
      (
        await tx
          .insert(webUsers)
          .values({
            accountId: account.accountId,
            email: row.email,
            name: row.name,
            role: row.role,
            createdAt: Date.now(),
          })
          .returning({ id: webUsers.id })
      )[0].id
    const created: string[] = []
    for (const name of row.groups) {
      let group = await groupByName(tx, account, name)
      if (!group) {
        group = (
          await tx
            .insert(webGroups)
            .values({ accountId: account.accountId, name, createdAt: Date.now() })
            .returning({ id: webGroups.id, name: webGroups.name, description: webGroups.description })
        )[0]
        created.push(name)
      }
      await addMembers(tx, group.id, [userId])
    }
    return { outcome: existing ? 'already-there' : 'added', created }
  })
}

export function webImportCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.importUsers, async ({ input, user }) => {
    const account = await webAccess(db, user, input.customerNumber, { write: true })
    const parsed = parseWebUserCsv(input.csv)
    if (!parsed.ok) throw badRequest(parsed.message)
    return await webWrite(db, async (tx) => {
      const today = todayUtc()
      const rows: WebImportRow[] = parsed.problems.map((p) => ({
        row: p.row,
        email: p.email,
        outcome: 'refused',
        reason: p.reason,
      }))
      const groupsCreated: string[] = []
      for (const row of parsed.rows) {
        try {
          // A savepoint per row: a refused row leaves nothing behind, the others stay.
          const result = await transact(tx, async (sp) => await importRow(sp as Tx, account, row, today))
          groupsCreated.push(...result.created)
          rows.push({ row: row.row, email: row.email, outcome: result.outcome })
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 400) throw error
          rows.push({ row: row.row, email: row.email, outcome: 'refused', reason: error.message })
        }
      }
      rows.sort((a, b) => a.row - b.row)
      const total = (outcome: WebImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length
      const reply = {
        rows,
        added: total('added'),
        alreadyThere: total('already-there'),
        refused: total('refused'),
        groupsCreated,
      }
      if (reply.added > 0 || reply.alreadyThere > 0) {
        await auditWeb(tx, user, account, 'import users', null, {
          added: reply.added,
          alreadyThere: reply.alreadyThere,
          refused: reply.refused,
          groupsCreated,
        })
      }
      return reply
    })
  })
}
