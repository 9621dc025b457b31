/**
 * One HTTP exchange with the licensing API over node:http(s) with kept-alive
 * connections. The API is called for every page, and Node's fetch (undici,
 * WHATWG streams) costs several times more CPU per call than node:http.
 */
import http from 'node:http'
import https from 'node:https'
import { withDeadline } from '../deadline'
import { inProcessCall } from './in-process.server'

export interface TransportReply {
  status: number
  /** The parsed JSON body, or null when it is absent or not JSON. */
  json: unknown
}

export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
}

export class TransportTimeoutError extends Error {
  override name = 'TimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`The licensing API did not answer within ${timeoutMs} ms.`)
  }
}

/** A reply body parsed as JSON, or null when it is empty or not JSON. */
function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
}

/** One exchange with the API: in this process when it is the embedded one, otherwise over HTTP. */
export function send(request: TransportRequest): Promise<TransportReply> {
  const call = inProcessCall(request.url)
  if (!call) return sendOverHttp(request)
  const { method, headers, body, timeoutMs } = request
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1]
  return withDeadline(call({ method, authorization, body }), timeoutMs, () => new TransportTimeoutError(timeoutMs))
}

function sendOverHttp({ method, url, headers, body, timeoutMs }: TransportRequest): Promise<TransportReply> {
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:']
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          clearTimeout(timer)
          const json = jsonOf(Buffer.concat(chunks))
          resolve({ status: res.statusCode ?? 0, json })
        })
      },
    )
    // The whole exchange, not only the wait for the first byte, is bounded.
    const timer = setTimeout(() => req.destroy(new TransportTimeoutError(timeoutMs)), timeoutMs)
    req.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end(body)
  })
}
