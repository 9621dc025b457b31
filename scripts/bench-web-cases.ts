/**
 * The web licence bench's figures as pure functions: what a round of concurrent checkouts
 * must show (exactly the seats granted, every other request refused 'no-free-seat', and the
 * database's web transactions agreeing) and the JSON line of the case.
 * scripts/bench-web.ts runs it.
 */
import { percentile } from './bench-stats'

/** 200 checkouts at once against Acme's 10 shared Discovery seats (db/seed-web.ts). */
export const CONCURRENT_CHECKOUTS = 200
export const SHARED_SEATS = 10
export const CHECKOUT_P99_TARGET_MS = 100

export interface CheckoutReply {
  status: number
  /** 'granted' or the refusal's reason; the err of a failure. */
  outcome: string
  ms: number
}

/** What the database holds for a round, counted after it. */
export interface RoundRecord {
  /** 'granted' web transactions of the round. */
  granted: number
  /** 'denied' web transactions of the round with reason 'no-free-seat'. */
  denied: number
  /** Seats running after the round, and after the round's seats were returned. */
  activeAfter: number
  activeAfterReturn: number
  /** CPU time of the server's processes during the round's checkouts (Linux; null elsewhere). */
  serverCpuMs: number | null
}

export interface CheckoutLine {
  case: 'checkout-concurrent'
  /** Every round, the warm-up's first; the seats are checked in all of them. */
  rounds: number
  /** Rounds that warm the server's code up (a fresh process gets faster for its first few thousand calls), not timed. */
  warmupRounds: number
  /** Per round. */
  requests: number
  seats: number
  granted: number[]
  denied: number[]
  /** Replies that were neither a grant nor a 'no-free-seat' refusal. */
  wrong: number
  /** The rows each round wrote, from the database. */
  recordedGranted: number[]
  recordedDenied: number[]
  activeAfter: number[]
  activeAfterReturn: number[]
  /** Over the timed rounds' checkouts, in milliseconds from request to reply. */
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Server CPU per checkout over the timed rounds: steadier than latency on a shared machine. */
  serverCpuMsPerCheckout: number | null
  /** Each round's p99, the warm-up's too (its first round also opens the connections). */
  p99ByRoundMs: number[]
  targetP99Ms: number
  met: boolean
}

const round1 = (n: number) => Math.round(n * 10) / 10

export function checkoutLine(
  rounds: readonly CheckoutReply[][],
  records: readonly RoundRecord[],
  warmupRounds = 0,
): CheckoutLine {
  const sorted = (replies: readonly CheckoutReply[]) => replies.map((r) => r.ms).sort((a, b) => a - b)
  const ms = sorted(rounds.slice(warmupRounds).flat())
  const timed = records.slice(warmupRounds)
  const granted = rounds.map((r) => r.filter((x) => x.status === 200 && x.outcome === 'granted').length)
  const denied = rounds.map((r) => r.filter((x) => x.status === 200 && x.outcome === 'no-free-seat').length)
  const wrong = rounds.reduce((sum, r, i) => sum + r.length - granted[i] - denied[i], 0)
  const p99 = percentile(ms, 0.99)
  const exact = (values: readonly number[], expected: number) =>
    values.length === rounds.length && values.every((v) => v === expected)
  return {
    case: 'checkout-concurrent',
    rounds: rounds.length,
    warmupRounds,
    requests: CONCURRENT_CHECKOUTS,
    seats: SHARED_SEATS,
    granted,
    denied,
    wrong,
    recordedGranted: records.map((r) => r.granted),
    recordedDenied: records.map((r) => r.denied),
    activeAfter: records.map((r) => r.activeAfter),
    activeAfterReturn: records.map((r) => r.activeAfterReturn),
    p50Ms: round1(percentile(ms, 0.5)),
    p99Ms: round1(p99),
    maxMs: round1(ms.at(-1) ?? 0),
    serverCpuMsPerCheckout: timed.some((r) => r.serverCpuMs === null)
      ? null
      : Math.round((timed.reduce((sum, r) => sum + r.serverCpuMs!, 0) / Math.max(1, ms.length)) * 100) / 100,
    p99ByRoundMs: rounds.map((r) => round1(percentile(sorted(r), 0.99))),
    targetP99Ms: CHECKOUT_P99_TARGET_MS,
    met:
      rounds.length > warmupRounds &&
      wrong === 0 &&
      exact(granted, SHARED_SEATS) &&
      exact(denied, CONCURRENT_CHECKOUTS - SHARED_SEATS) &&
      exact(
        records.map((r) => r.granted),
        SHARED_SEATS,
      ) &&
      exact(
        records.map((r) => r.denied),
        CONCURRENT_CHECKOUTS - SHARED_SEATS,
      ) &&
      exact(
        records.map((r) => r.activeAfter),
        SHARED_SEATS,
      ) &&
      exact(
        records.map((r) => r.activeAfterReturn),
        0,
      ) &&
      p99 < CHECKOUT_P99_TARGET_MS,
  }
}

/** The figures as a table for people. */
export function webTable(line: CheckoutLine): string {
  const rows = [
    ['case', 'figures', 'p50', 'p99', 'target', 'met'],
    [
      line.case,
      `${line.rounds} x ${line.requests} checkouts (${line.warmupRounds} rounds to warm up) of ${line.seats} seats: granted ${line.granted.join('/')}, ` +
        `denied ${line.denied.join('/')}, recorded ${line.recordedGranted.join('/')} + ${line.recordedDenied.join('/')}, ` +
        `wrong ${line.wrong}`,
      `${line.p50Ms} ms`,
      `${line.p99Ms} ms`,
      `${line.seats} granted, p99 < ${line.targetP99Ms} ms`,
      line.met ? 'yes' : 'NO',
    ],
  ]
  return rows.map((r) => r.join(' | ')).join('\n')
}
