/** The statement calls of the licensing API (spec 2 section 7): the statement, and its weekly and monthly e-mails. */
import {
  statementCalls as declared,
  type StatementEmailRequest,
  type StatementRequest,
} from '../../api/contract/statements'
import type { ApiClient } from './client.server'

export function statementCalls(api: ApiClient) {
  return {
    statement: (request: StatementRequest) => api.send(declared.statement, request),
    email: (period: 'week' | 'month', request: StatementEmailRequest) =>
      api.send(period === 'week' ? declared.emailWeek : declared.emailMonth, request),
  }
}
