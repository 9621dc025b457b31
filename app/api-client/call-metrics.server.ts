/** The portal's calls to the licensing API, timed for the server's metrics by call and outcome. */
import { callName, type AnyCall } from '../../api/contract/define'
import { apiClientCallDuration, secondsSince } from '../../server/metrics/instruments'
import type { Envelope, Failure } from './envelope'

export type CallOutcome = 'success' | 'failure' | 'unavailable' | 'timeout' | 'unauthorized'

/** How a call ended: answered (SUCCESS, or a FAILURE the API gave), not answered usefully, or after the page's deadline. */
export function callOutcome(reply: Envelope<unknown>): CallOutcome {
  if (reply.status === 'SUCCESS') return 'success'
  const failure: Failure = reply
  if (failure.timedOut) return 'timeout'
  return failure.unavailable ? 'unavailable' : 'failure'
}

/** `send`'s reply, its time recorded under the call; a call that throws was refused its token (HTTP 401). */
export async function timedCall<T>(call: AnyCall, send: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  const started = performance.now()
  let outcome: CallOutcome = 'unauthorized'
  try {
    const reply = await send()
    outcome = callOutcome(reply)
    return reply
  } finally {
    apiClientCallDuration.observe({ call: callName(call), outcome }, secondsSince(started))
  }
}
