/** The statement of the URL's period, as the page and its PDF both load it. */
import { formatRangeDay } from '../domain/date-presets'
import { NO_ACTIVE_ENTITLEMENTS, type StatementData } from '../domain/statement-types'
import type { ApiClient } from '../api-client/client.server'
import { statementCalls } from '../api-client/statements.server'
import { statementDays } from './statement-view'

export type StatementResult =
  | { state: 'loaded'; statement: StatementData }
  /** Spec 2 section 8: 'No active entitlements for account' is silent; any other failure is logged. */
  | { state: 'failed'; silent: boolean; message: string; httpStatus?: number }

export interface LoadedStatement {
  from: string
  to: string
  today: string
  result: StatementResult
}

export async function loadStatement(
  api: ApiClient,
  customer: { customerNumber: string; customerName: string },
  params: URLSearchParams,
  now = Date.now(),
): Promise<LoadedStatement> {
  const { from, to } = statementDays(params, now)
  const today = formatRangeDay(now)
  const reply = await statementCalls(api).statement({ from, to, today, ...customer })
  if (reply.status === 'SUCCESS') return { from, to, today, result: { state: 'loaded', statement: reply.data } }
  const silent = reply.err === NO_ACTIVE_ENTITLEMENTS
  if (!silent) console.error(JSON.stringify({ level: 'error', msg: 'Statement failed', detail: reply.err }))
  return { from, to, today, result: { state: 'failed', silent, message: reply.err, httpStatus: reply.httpStatus } }
}
