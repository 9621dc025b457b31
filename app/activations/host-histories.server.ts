/**
 * Host histories as Manage Activations reads them (spec 3 section 9): 5 hosts a
 * request, the requests of a round (at most 10 hosts not yet fetched) at once,
 * round after round until every host asked for has its history.
 */
import type { HostHistory } from '../domain/activation-types'
import { HISTORY_MESSAGES, nextHistoryRound } from '../domain/host-history'
import type { activationCalls } from '../api-client/activations.server'
import { failureStatus } from '../api-client/envelope'

type Calls = ReturnType<typeof activationCalls>

export type Histories =
  { ok: true; byHost: Map<number, HostHistory> } | { ok: false; message: string; httpStatus: number }

export async function fetchHistories(
  calls: Calls,
  customerNumber: string,
  hostIds: readonly number[],
): Promise<Histories> {
  const byHost = new Map<number, HostHistory>()
  const fetched = new Set<number>()
  for (let round = nextHistoryRound(hostIds, fetched); round.length > 0; round = nextHistoryRound(hostIds, fetched)) {
    const replies = await Promise.all(round.map((batch) => calls.history(customerNumber, batch)))
    for (const [i, reply] of replies.entries()) {
      if (reply.status !== 'SUCCESS') {
        console.error(JSON.stringify({ level: 'error', msg: 'host history failed', detail: reply.err }))
        return { ok: false, message: HISTORY_MESSAGES.fetchFailed, httpStatus: failureStatus(reply) }
      }
      round[i].forEach((hostId, j) => byHost.set(hostId, reply.data[j]))
    }
    for (const id of round.flat()) fetched.add(id)
  }
  return { ok: true, byHost }
}
