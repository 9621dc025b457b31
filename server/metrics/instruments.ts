/**
 * The portal's own histograms. Each module that records asks for them here; the
 * first copy of this module to load creates them in the process's registry.
 */
import { Histogram } from 'prom-client'
import { sharedMetric } from './registry'

/** Seconds, for requests and calls: 5 ms to 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Seconds, for SQL: 50 µs to 1 s. */
const SQL_BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]
/** Seconds, for a PDF print: 50 ms to 30 s (the print's time limit). */
const PDF_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

function histogram<L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) {
  return sharedMetric(name, (fullName, registry) => {
    return new Histogram<L>({ name: fullName, help, labelNames, buckets, registers: [registry] })
  })
}

export const httpRequestDuration = histogram(
  'http_request_duration_seconds',
  'HTTP requests by route (the route pattern, the API call or a fixed name), method and status class.',
  ['route', 'method', 'status_class'],
  REQUEST_BUCKETS,
)

export const apiClientCallDuration = histogram(
  'api_client_call_duration_seconds',
  "The portal's calls to the licensing API, retries included, by call and outcome.",
  ['call', 'outcome'],
  REQUEST_BUCKETS,
)

export const apiCallDuration = histogram(
  'api_call_duration_seconds',
  "The licensing API's handling of each call (over HTTP and in process), by call and outcome.",
  ['call', 'outcome'],
  REQUEST_BUCKETS,
)

export const sqlStatementDuration = histogram(
  'db_statement_duration_seconds',
  'SQL statements run, by kind (read: the statement writes nothing; write).',
  ['kind'],
  SQL_BUCKETS,
)

export const sqlTransactionDuration = histogram(
  'db_transaction_duration_seconds',
  'Outermost SQL transactions, from BEGIN to COMMIT or ROLLBACK (their statements are also counted one by one).',
  [],
  SQL_BUCKETS,
)

export const pdfRenderDuration = histogram(
  'pdf_render_duration_seconds',
  'Statement PDF prints, from the start of the print (after any wait for a turn) to its end, by outcome.',
  ['outcome'],
  PDF_BUCKETS,
)

/** Seconds since `started`, a value of performance.now(). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000
}
