/** Reading /metrics in tests: plain HTTP requests (one connection each) and the Prometheus text as samples. */
import http from 'node:http'
import os from 'node:os'

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of a Prometheus text exposition (comments left out). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name] = value
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) })
  }
  return samples
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0)
}

/** The metric families the text describes (its `# TYPE` lines). */
export function families(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]))
}

export interface PlainReply {
  status: number
  contentType: string | undefined
  text: string
}

/** A GET on a connection of its own (no keep-alive), so a cluster's workers share the requests. */
export function plainGet(url: string, headers: Record<string, string> = {}): Promise<PlainReply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    req.on('error', reject)
  })
}

/** The server's samples, as a loopback client reads them (which the default METRICS_ALLOW allows). */
export async function scrape(baseUrl: string): Promise<Sample[]> {
  const reply = await plainGet(`${baseUrl}/metrics`)
  if (reply.status !== 200) throw new Error(`GET /metrics: HTTP ${reply.status}`)
  return parseMetrics(reply.text)
}

/**
 * The server's samples once `ready` holds for them: a request is counted when the server has sent its last
 * byte, which a client can have read a moment before.
 */
export async function scrapeWhen(baseUrl: string, ready: (samples: Sample[]) => boolean, timeoutMs = 5_000) {
  const started = Date.now()
  for (;;) {
    const samples = await scrape(baseUrl)
    if (ready(samples)) return samples
    if (Date.now() - started > timeoutMs) return samples
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** An address of this machine that is not loopback (a client connecting to it is not on loopback either). */
export function machineAddress(family: 'IPv4' | 'IPv6'): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) {
      if (!a.internal && a.family === family && !a.address.toLowerCase().startsWith('fe80')) return a.address
    }
  }
  return undefined
}

/** `http://address:port` for an address of either family. */
export function urlAt(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`
}
