import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { settleHandoff } from './render/handoff.server'
import { documentResponse } from './render/document-response.server'

const HANDOFF_TIMEOUT_MS = 10_000

/**
 * Pages defer nothing, so the document is rendered in one synchronous pass
 * once the loader data sent to the browser is complete (see handoff.server.ts):
 * React's string renderer costs a fraction of its streaming one, which encodes
 * every small piece of markup into bytes and flushes it through a stream.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await settleHandoff(remixContext, HANDOFF_TIMEOUT_MS)
  const markup = renderToString(
    <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />,
  )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-store')
  return documentResponse(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode })
}
