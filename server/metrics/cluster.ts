/**
 * A scrape reports the whole server. With several processes (node:cluster,
 * server/index.ts) the worker that receives GET /metrics asks the primary, which
 * gathers every worker's registry and combines them with prom-client's
 * AggregatorRegistry (sums for counts and times, each metric's own rule
 * otherwise). A server of one process answers from its own registry.
 */
import cluster from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import { metricsRegistry } from './registry'

const REQUEST = 'licensing-portal:metrics-request'
const REPLY = 'licensing-portal:metrics-reply'
/** prom-client gives up on silent workers after 5 s; the asking worker waits a little longer for that answer. */
const REPLY_TIMEOUT_MS = 7_000

interface MetricsRequest {
  type: typeof REQUEST
  id: number
}

interface MetricsReply {
  type: typeof REPLY
  id: number
  text?: string
  error?: string
}

/** In the primary: answers the workers' requests with every worker's metrics combined. */
export function gatherWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: Partial<MetricsRequest>) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return
    const id = message.id
    const reply = (fields: Omit<MetricsReply, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: REPLY, id, ...fields } satisfies MetricsReply)
    }
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    )
  })
}

const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>()
let nextId = 0
let workerListening = false

/** In a worker: hands this process's registry to the primary's requests, and takes the primary's answers. */
function listenAsWorker() {
  if (workerListening) return
  workerListening = true
  // Its constructor answers the primary's requests for this process's figures (prom-client's messages).
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries(metricsRegistry())
  process.on('message', (message: Partial<MetricsReply>) => {
    if (message?.type !== REPLY || typeof message.id !== 'number') return
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    if (typeof message.text === 'string') waiting.resolve(message.text)
    else waiting.reject(new Error(message.error ?? 'no metrics in the reply'))
  })
}

/** In a worker: prepares it to answer the primary (called when the server starts, before any scrape). */
export function joinClusterMetrics(): void {
  if (cluster.isWorker) listenAsWorker()
}

/** The whole server's metrics as Prometheus text. */
export function serverMetrics(): Promise<string> {
  if (!cluster.isWorker) return metricsRegistry().metrics()
  listenAsWorker()
  const id = nextId++
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error('the primary process did not answer with the metrics in time'))
    }, REPLY_TIMEOUT_MS)
    pending.set(id, {
      resolve: (text) => {
        clearTimeout(timer)
        resolve(text)
      },
      reject: (error) => {
        clearTimeout(timer)
        reject(error)
      },
    })
    process.send!({ type: REQUEST, id } satisfies MetricsRequest)
  })
}
