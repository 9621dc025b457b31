import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

const ABORT_DELAY = 10_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  return new Promise((resolve, reject) => {
    let shellRendered = false
    // Cleared once everything is rendered, so a finished render is not held in memory for ABORT_DELAY.
    let abortTimer: ReturnType<typeof setTimeout> | undefined
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={loadContext.cspNonce} />,
      {
        nonce: loadContext.cspNonce,
        onAllReady() {
          clearTimeout(abortTimer)
        },
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          if (waitForAll) clearTimeout(abortTimer)
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-store')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    abortTimer = setTimeout(abort, ABORT_DELAY)
  })
}
