/**
 * Node's HTTP request and response to Remix and back, without Express: the
 * same Request @remix-run/express builds (URL, headers, body, abort when the
 * connection closes), the same status and headers back. A page rendered by
 * entry.server arrives as a string (documentResponse) and is written with one
 * res.end; every other response (redirects, resource routes, CSV streams,
 * data requests) is streamed from its body.
 */
import type http from 'node:http'
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import { documentOf } from '../app/render/document-response.server'
import { requestOrigin } from './client-address'

export type NodeHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  context: AppLoadContext,
) => Promise<void>

export function createRequestHandler(build: ServerBuild, mode: 'production' | 'development'): NodeHandler {
  const handle = createRemixHandler(build, mode)
  return async (req, res, context) => {
    const request = remixRequest(req, res)
    if (!request) {
      res.statusCode = 400
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.end('Bad Request')
      return
    }
    try {
      await send(res, await handle(request, context))
    } catch (error) {
      console.error(error)
      if (res.headersSent) res.destroy()
      else {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end('Internal Server Error')
      }
    }
  }
}

/**
 * The Request Remix gets, or null when the Host header does not make a URL.
 * The path is appended to the origin as it came, so '//x/y' stays a path.
 */
export function remixRequest(req: http.IncomingMessage, res: http.ServerResponse): Request | null {
  const href = `${requestOrigin(req)}${req.url ?? '/'}`
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1])

  // Loaders and actions are aborted when the connection closes before the response is finished.
  const controller = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  let request: Request
  try {
    request = new NodeRequest(href, init, controller.signal)
  } catch {
    return null
  }
  let finished = false
  res.on('finish', () => (finished = true))
  res.on('close', () => finished || controller.abort())
  return request
}

/**
 * A Request whose `signal` is the one given, not one it follows. A Request
 * built with RequestInit.signal follows it through a FinalizationRegistry,
 * which keeps both signals, and what their listeners hold, until a full
 * collection: about 2 KB of every page. The Requests Remix derives from this
 * one are built with `signal: request.signal`, so they follow it as before.
 */
class NodeRequest extends Request {
  readonly #signal: AbortSignal

  constructor(input: string, init: RequestInit, signal: AbortSignal) {
    super(input, init)
    this.#signal = signal
  }

  override get signal() {
    return this.#signal
  }
}

/** Text without a declared charset is UTF-8 (as Express declared it). */
function withCharset(contentType: string) {
  return /^text\//i.test(contentType) && !/;\s*charset=/i.test(contentType)
    ? `${contentType}; charset=utf-8`
    : contentType
}

async function send(res: http.ServerResponse, response: Response) {
  res.statusCode = response.status
  res.statusMessage = response.statusText
  // Headers iterate Set-Cookie once per cookie; every other name once.
  for (const [name, header] of response.headers) {
    const value = name === 'content-type' ? withCharset(header) : header
    const existing = res.getHeader(name)
    res.setHeader(
      name,
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [String(existing), value],
    )
  }

  const document = documentOf(response)
  if (document !== undefined) {
    res.end(Buffer.from(document))
    return
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
