import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { documentStream } from './document-stream.server'

/** How long loader data deferred by a page may take to settle (Remix reads this export); the render stops a second later. */
export const streamTimeout = 5_000

/**
 * The document is streamed: the shell goes out as soon as it is rendered, and
 * values a loader deferred follow in the same response when they settle,
 * inside the document (before its end tags).
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
    const timer = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />,
      {
        nonce: loadContext.cspNonce,
        onShellReady() {
          shellRendered = true
          const body = documentStream()
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
        onShellError(error) {
          clearTimeout(timer)
          reject(error)
        },
        onAllReady() {
          clearTimeout(timer)
        },
        onError(error) {
          responseStatusCode = 500
          // An error in the shell rejects above; later ones would otherwise go unnoticed.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
