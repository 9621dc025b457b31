/**
 * Figures of one load run from the responses it got: each with the time it
 * arrived (ms since the run started), its latency (ms) and the connection it
 * came on. Responses that arrived during the warm-up only count towards the
 * connection start-up: how long until every connection had its first answer.
 */
export interface Sample {
  at: number
  latency: number
  connection: number
}

export interface WindowFigures {
  requests: number
  requestsPerSecond: number
  latencyMs: { p50: number; p90: number; p99: number; avg: number; max: number }
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil(p * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** Throughput and latency of the responses that arrived in [from, to) ms. */
export function windowFigures(samples: Sample[], from: number, to: number): WindowFigures {
  const latencies = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.latency)
  latencies.sort((a, b) => a - b)
  const sum = latencies.reduce((a, b) => a + b, 0)
  return {
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / ((to - from) / 1000)),
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      avg: round(latencies.length ? sum / latencies.length : 0),
      max: round(latencies.at(-1) ?? 0),
    },
  }
}

/** When the last of `connections` connections got its first response (ms since the start), or null if one never did. */
export function allConnectionsServedAt(samples: Sample[], connections: number): number | null {
  const first = new Map<number, number>()
  for (const s of samples) if (!first.has(s.connection)) first.set(s.connection, s.at)
  if (first.size < connections) return null
  return Math.max(...first.values())
}

/** `connections` spread over `targets` as evenly as they go, the first ones taking one more when they do not divide. */
export function connectionShares(connections: number, targets: number): number[] {
  return Array.from(
    { length: targets },
    (_, i) => Math.floor(connections / targets) + (i < connections % targets ? 1 : 0),
  )
}
