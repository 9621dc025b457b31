/** The statement calls of the licensing API (spec 2 section 7): the statement, and its weekly and monthly e-mails. */
import type { StatementData, StatementEmailRequest, StatementRequest } from '../domain/statement-types'
import type { ApiClient } from './client.server'

export function statementCalls(api: ApiClient) {
  return {
    statement: (request: StatementRequest) => api.call<StatementData>('POST', '/statements', request),
    email: (period: 'week' | 'month', request: StatementEmailRequest) =>
      api.call<{ sent: true }>('POST', period === 'week' ? '/emailweek' : '/emailmonth', request),
  }
}

export type StatementCalls = ReturnType<typeof statementCalls>
