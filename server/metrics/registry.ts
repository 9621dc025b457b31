/**
 * The process's metrics in the Prometheus text format (prom-client): one
 * Registry of our own, not prom-client's global one. It is kept on globalThis
 * because the server and the portal's build each load their own copy of this
 * module; whichever copy records a figure, the registry the server exposes
 * holds it.
 */
import { collectDefaultMetrics, Gauge, Registry, type Aggregator, type Metric } from 'prom-client'

/** Every metric of the portal is named with this prefix, Node's own process metrics included. */
export const METRIC_PREFIX = 'portal_'

interface MetricsState {
  registry: Registry
  processMetrics: boolean
}

const key = Symbol.for('licensing-portal.metrics')
const state = ((globalThis as Record<symbol, unknown>)[key] ??= {
  registry: new Registry(),
  processMetrics: false,
}) as MetricsState

export function metricsRegistry(): Registry {
  return state.registry
}

/** The metric `METRIC_PREFIX + name` of the registry, made by `create` the first time (each copy of a module asks). */
export function sharedMetric<M extends Metric>(name: string, create: (name: string, registry: Registry) => M): M {
  const fullName = METRIC_PREFIX + name
  return (state.registry.getSingleMetric(fullName) as M | undefined) ?? create(fullName, state.registry)
}

/** Node's process metrics (CPU, memory, event loop, garbage collection ...), started once per process by the server. */
export function collectProcessMetrics(): void {
  if (state.processMetrics) return
  state.processMetrics = true
  collectDefaultMetrics({ register: state.registry, prefix: METRIC_PREFIX })
}

/** What a gauge source answers: one value, or one value per value of its label. */
export type GaugeReading = number | Record<string, number>

export interface CollectorOptions {
  /** The label whose values a source answers a record for (e.g. `state`). */
  label?: string
  /**
   * How the server's processes' readings combine (node:cluster): `sum` (the default) for what each
   * process holds (its PDF queue), `first` for what every process reads alike (counts in the shared database).
   */
  aggregator?: Aggregator
}

/**
 * A gauge read when the metrics are scraped: `read` answers the current value(s). Registering a
 * name again replaces its source. A source that fails is logged and shows as unknown for that
 * scrape (NaN, or no values by label) rather than failing the whole scrape.
 */
export function registerCollector(
  name: string,
  help: string,
  read: () => GaugeReading | Promise<GaugeReading>,
  { label, aggregator = 'sum' }: CollectorOptions = {},
): void {
  const fullName = METRIC_PREFIX + name
  state.registry.removeSingleMetric(fullName)
  new Gauge({
    name: fullName,
    help,
    labelNames: label ? [label] : [],
    aggregator,
    registers: [state.registry],
    async collect() {
      this.reset()
      try {
        const reading = await read()
        if (typeof reading === 'number') this.set(reading)
        else if (!label) throw new Error('the source answered values by label, but none was registered')
        else for (const [value, count] of Object.entries(reading)) this.set({ [label]: value }, count)
      } catch (error) {
        const line = { time: new Date().toISOString(), level: 'warn', msg: 'metrics source failed', metric: fullName }
        console.error(JSON.stringify({ ...line, error: String(error) }))
        if (!label) this.set(Number.NaN)
      }
    },
  })
}
