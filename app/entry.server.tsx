import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

const ABORT_DELAY = 10_000

/**
 * Pages defer nothing, so the whole document is rendered before it is sent,
 * and it is sent as one buffer: one write to the socket instead of a chunk
 * per React flush, which under load cost more than the rendering itself.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={loadContext.cspNonce} />,
      {
        nonce: loadContext.cspNonce,
        onAllReady() {
          // Cleared once everything is rendered, so a finished render is not held in memory for ABORT_DELAY.
          clearTimeout(abortTimer)
          const chunks: Buffer[] = []
          // Not destroyed once finished: React answers a 'close' by ending its destination again.
          const body = new Writable({
            autoDestroy: false,
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
            final(callback) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-store')
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
              callback()
            },
          })
          body.on('error', reject)
          pipe(body)
        },
        onShellReady() {
          shellRendered = true
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // An error before the shell is rendered reaches Remix through onShellError.
          if (shellRendered) console.error(error)
        },
      },
    )
    const abortTimer = setTimeout(abort, ABORT_DELAY)
  })
}
