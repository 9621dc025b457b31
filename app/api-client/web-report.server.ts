/** Web Reporting's call: the report of a customer's web entitlements over a period. */
import { webReportCalls } from '../../api/contract/web-report'
import type { ApiClient } from './client.server'

export function webReportCall(api: ApiClient) {
  return (customerNumber: string, from: string, to: string, activationId?: string) =>
    api.send(webReportCalls.report, { customerNumber, from, to, activationId })
}
