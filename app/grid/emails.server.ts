/** The e-mail list's data source and its entry in the grid registry. */
import type { ApiClient } from '../api-client/client.server'
import { emailCalls, type EmailSummary } from '../api-client/emails.server'
import { emailGrid, emailGridFor } from './emails'
import type { GridList } from './registry.server'
import type { GridSource } from './types'

export function emailSource(api: ApiClient, customerNumber: string): GridSource<EmailSummary> {
  const calls = emailCalls(api)
  return {
    page: (request) => calls.list(customerNumber, request),
    count: (filter) => calls.count(customerNumber, filter),
    distinct: (filter, key, limit) => calls.distinct(customerNumber, filter, key, limit),
  }
}

export const emailList: GridList<EmailSummary> = {
  spec: emailGrid,
  exportName: 'emails',
  source: emailSource,
  specFor: async (api, customerNumber) => emailGridFor(await emailCalls(api).hasDeliveryStates(customerNumber)),
  screen: 'emails',
}
