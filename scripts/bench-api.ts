/** The licensing API as a bench calls it: a POST with a user's bearer token, answered with its status and envelope. */
import http from 'node:http'

export type BenchApi = (
  route: string,
  body: unknown,
) => Promise<{ status: number; json: { data?: unknown; err?: string } }>

/**
 * node:http with kept-alive sockets rather than fetch: the load generator shares the machine's CPUs with the
 * server, and fetch costs it several times more per request, which a burst of 200 then counts as server latency.
 */
export function apiAs(baseUrl: string, token: string): BenchApi {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const base = new URL(baseUrl)
  return (route, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body)
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: `/api${route}`,
          method: 'POST',
          agent,
          timeout: 30_000,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)))
            }
          })
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error(`${route} timed out after 30 s`)))
      req.on('error', reject)
      req.end(payload)
    })
}
