/**
 * Express to Remix, as @remix-run/express does it (same Request, same abort on
 * a closed connection, same status and headers), with one difference: a page
 * rendered by entry.server arrives as a string (documentResponse) and is
 * written with one res.end. Every other response (redirects, resource routes,
 * CSV streams, data requests) is streamed from its body as before.
 */
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import { documentOf } from '../app/render/document-response.server'

export interface RemixHandlerOptions {
  build: ServerBuild
  mode: 'production' | 'development'
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}

export function createRequestHandler({ build, mode, getLoadContext }: RemixHandlerOptions): RequestHandler {
  const handle = createRemixHandler(build, mode)
  return async (req, res, next) => {
    try {
      const response = await handle(remixRequest(req, res), getLoadContext(req, res))
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours "trust proxy" but drops the port; take it from X-Forwarded-Host or Host.
  const forwardedPort = Number.parseInt(req.get('X-Forwarded-Host')?.split(':')[1] ?? '', 10)
  const hostPort = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10)
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : null
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`

  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (!value) continue
    if (Array.isArray(value)) for (const one of value) headers.append(name, one)
    else headers.set(name, value)
  }

  // Loaders and actions are aborted when the connection closes before the response is finished.
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())

  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new Request(url, init)
}

async function send(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)

  const document = documentOf(response)
  if (document !== undefined) {
    res.end(Buffer.from(document))
    return
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
