/**
 * One HTTP exchange with the licensing API over node:http(s) with kept-alive
 * connections. The API is called for every page, and Node's fetch (undici,
 * WHATWG streams) costs several times more CPU per call than node:http.
 */
import http from 'node:http'
import https from 'node:https'
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
  /** Ends the exchange: its abort rejects the call with the signal's reason. */
  signal: AbortSignal
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
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
  const { method, headers, body, signal } = request
  if (signal.aborted) return Promise.reject(signal.reason)
  const call = inProcessCall(request.url)
  if (!call) return sendOverHttp(request)
  const header = (wanted: string) => Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1]
  return untilAborted(
    call({ method, authorization: header('authorization'), body, contentType: header('content-type') }),
    signal,
  )
}

/** `work`, or a rejection with the signal's reason when it aborts first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {}
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort))
}

function sendOverHttp({ method, url, headers, body, signal }: TransportRequest): Promise<TransportReply> {
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
        res.on('error', fail)
        res.on('end', () => {
          signal.removeEventListener('abort', abort)
          resolve({ status: res.statusCode ?? 0, json: jsonOf(Buffer.concat(chunks)) })
        })
      },
    )
    // The whole exchange, not only the wait for the first byte, ends with the signal.
    const abort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)))
    function fail(error: Error) {
      signal.removeEventListener('abort', abort)
      reject(signal.aborted ? signal.reason : error)
    }
    signal.addEventListener('abort', abort, { once: true })
    req.on('error', fail)
    req.end(body)
  })
}

/** Errors raised before any byte of the request left: the address did not resolve or the connection was refused. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

/** Whether a failed exchange ended before the request reached the API, so even a write may be sent again. */
export function nothingSent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && NOTHING_SENT.has(code)
}
