/** The licensing API's handling time per call, for the server's metrics. */
import { callName } from './contract/define'
import type { Call } from './call-table'
import { apiCallDuration } from '../server/metrics/instruments'

/** `success`, `refused` (a 4xx: the caller's mistake or no right) or `error` (a 5xx). */
export function apiOutcome(status: number): 'success' | 'refused' | 'error' {
  if (status < 400) return 'success'
  return status < 500 ? 'refused' : 'error'
}

/** Records one call's handling; an address that names no call counts as `unknown`. */
export function recordApiCall(call: Call | undefined, status: number, seconds: number): void {
  apiCallDuration.observe({ call: call ? callName(call) : 'unknown', outcome: apiOutcome(status) }, seconds)
}
