/**
 * Calls to the embedded licensing API without a socket: the request is handed
 * to the API's own HTTP handler in this process, with the same method, path,
 * headers and JSON body, and the reply is read back from the same status and
 * JSON body a socket would have carried. It spares every page the loopback
 * round trip (HTTP written and parsed at both ends) and, with several workers,
 * a wait in another worker's queue. An API elsewhere is reached over HTTP.
 */
import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { TransportReply, TransportRequest } from './http-transport.server'

/**
 * A request handler. One that gives every request and response it is handed
 * new prototypes, as an Express app does with its `request` and `response`,
 * says which, and gets objects built on them from the start (see build()).
 */
export type Dispatch = ((req: http.IncomingMessage, res: http.ServerResponse) => void) & {
  request?: object
  response?: object
}

interface Registration {
  /** The API's base URL with a trailing slash. */
  base: string
  dispatch: Dispatch
}

// On globalThis because the server and the portal's build each load their own copy of this module.
const key = Symbol.for('licensing-portal.in-process-api')
const registrations = ((globalThis as Record<symbol, unknown>)[key] ??= []) as Registration[]

/** Requests whose URL starts with `base` go to `dispatch` in this process. */
export function serveInProcess(base: string, dispatch: Dispatch) {
  const entry = { base: base.replace(/\/+$/, '') + '/', dispatch }
  registrations.push(entry)
  return () => {
    const at = registrations.indexOf(entry)
    if (at >= 0) registrations.splice(at, 1)
  }
}

export function inProcessTarget(url: string): Dispatch | undefined {
  for (const entry of registrations) if (url.startsWith(entry.base)) return entry.dispatch
  return undefined
}

/** A reply body parsed as JSON, or null when it is empty or not JSON. */
export function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
}

/** What an HTTP handler reads of the connection: the loopback peer, not encrypted. */
function loopbackSocket() {
  return Object.assign(new EventEmitter(), {
    remoteAddress: '127.0.0.1',
    remotePort: 0,
    remoteFamily: 'IPv4',
    encrypted: false,
    readable: false,
    writable: true,
    destroy() {},
  })
}

/**
 * `new Class(...args)`, or, given a prototype that inherits from Class's, the
 * same object built on that prototype. Express swaps the prototype of each
 * request and response; V8 then gives the object a hidden class of its own for
 * every property added afterwards, and those stay on the heap until a full
 * collection (about 4 KB per call, measured). Node's http classes are plain
 * constructor functions, so they can initialise an object made by Object.create.
 */
function build<T extends object>(
  Class: new (...args: never[]) => T,
  prototype: object | undefined,
  ...args: unknown[]
): T {
  if (prototype) {
    const target = Object.create(prototype) as T
    try {
      ;(Class as unknown as (this: T, ...args: unknown[]) => void).apply(target, args)
      return target
    } catch {
      // A class constructor cannot be called without new: build it the plain way.
    }
  }
  return new (Class as unknown as new (...args: unknown[]) => T)(...args)
}

export function dispatchInProcess(
  dispatch: Dispatch,
  { method, url, headers, body }: Omit<TransportRequest, 'timeoutMs'>,
): Promise<TransportReply> {
  const target = new URL(url)
  const socket = loopbackSocket() as unknown as import('node:net').Socket
  const req = build(http.IncomingMessage, dispatch.request, socket)
  const payload = body === undefined ? undefined : Buffer.from(body)
  const allHeaders: Record<string, string> = { host: target.host }
  for (const [name, value] of Object.entries(headers)) allHeaders[name.toLowerCase()] = value
  if (payload) allHeaders['content-length'] = String(payload.length)
  req.method = method
  req.url = target.pathname + target.search
  req.httpVersion = '1.1'
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = allHeaders
  req.rawHeaders = Object.entries(allHeaders).flat()
  if (payload) req.push(payload)
  req.push(null)
  req.complete = true

  return new Promise((resolve, reject) => {
    const res = build(http.ServerResponse, dispatch.response, req)
    const chunks: Buffer[] = []
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      if (typeof chunk !== 'string') chunks.push(Buffer.from(chunk as Uint8Array))
      else chunks.push(Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding))
    }
    // Own properties, so they win over the prototypes a framework swaps in.
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      if (!res.headersSent) res.writeHead(res.statusCode)
      collect(chunk, encoding)
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') process.nextTick(done as () => void)
      return true
    }) as typeof res.write
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (res.writableEnded) return res
      if (!res.headersSent) res.writeHead(res.statusCode)
      collect(chunk, encoding)
      res.finished = true
      resolve({ status: res.statusCode, json: jsonOf(Buffer.concat(chunks)) })
      const done = [chunk, encoding, callback].find((a) => typeof a === 'function')
      process.nextTick(() => {
        res.emit('prefinish')
        res.emit('finish')
        if (typeof done === 'function') (done as () => void)()
      })
      return res
    }) as typeof res.end
    res.on('error', reject)
    try {
      dispatch(req, res)
    } catch (error) {
      reject(error)
    }
  })
}
