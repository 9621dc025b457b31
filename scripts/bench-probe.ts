/**
 * npx tsx scripts/bench-probe.ts --server http://127.0.0.1:PORT [--duration 8] [--connections 50]
 *
 * Splits the cost of a page: measures, on an already running server with the
 * demo data, the bare HTTP stack (/healthz) and the licensing API calls the
 * home page makes (with admin@acme.example's bearer token). Compare with
 * `npm run bench -- --server ...` for the whole page.
 */
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { getAccessToken } from '../tests/support/tokens'

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
  },
})
if (!values.server) {
  console.error(
    'Usage: npx tsx scripts/bench-probe.ts --server http://127.0.0.1:PORT [--duration 8] [--connections 50]',
  )
  process.exit(2)
}
const base = values.server.replace(/\/+$/, '')
const duration = Number(values.duration)
const connections = Number(values.connections)

const token = await getAccessToken(base, 'admin@acme.example')
const bearer = { authorization: `Bearer ${token}` }
const targets: [string, string, Record<string, string>][] = [
  ['GET /healthz', '/healthz', {}],
  ['GET /api/environment', '/api/environment', bearer],
  ['GET /api/getaccountinfo/1000001', '/api/getaccountinfo/1000001', bearer],
]

for (const [name, path, headers] of targets) {
  const r = await autocannon({ url: base + path, connections, duration, headers })
  console.log(
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
  )
}
