import autocannon from 'autocannon'
import { getAccessToken } from '../tests/support/tokens'
const base = 'http://127.0.0.1:4511'
process.env.PORT='4511'
const token = await getAccessToken(base, 'admin@acme.example')
const run = (url: string, headers: Record<string,string> = {}) => new Promise<any>((res, rej) => autocannon({ url, connections: 50, duration: 8, headers }, (e, r) => e ? rej(e) : res(r)))
for (const [name, url, h] of [
  ['healthz', base + '/healthz', {}],
  ['api getaccountinfo', base + '/api/getaccountinfo/1000001', { authorization: `Bearer ${token}` }],
  ['api environment', base + '/api/environment', { authorization: `Bearer ${token}` }],
] as const) {
  const r = await run(url, h as any)
  console.log(name, Math.round(r.requests.average), 'rps p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx)
}
