/**
 * The loader data a document hands to the browser (Remix single fetch) is a
 * turbo-stream that Remix's <StreamTransfer> reads chunk by chunk while React
 * renders, suspending on each read, which needs React's streaming renderer.
 * Reading the whole stream first and putting the text into the render's
 * stream cache (`renderMeta.streamCache`, part of Remix's entry context type)
 * lets <StreamTransfer> render it at once, as one script, with no suspension.
 */
import type { EntryContext } from '@remix-run/node'

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>

export class HandoffTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page's data was not complete within ${ms} ms.`)
  }
}

export async function readHandoff(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new HandoffTimeoutError(timeoutMs))
      void reader.cancel().catch(() => {})
    }, timeoutMs)
  })
  try {
    let text = ''
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timeout])
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    return text + decoder.decode()
  } finally {
    clearTimeout(timer)
    reader.releaseLock()
  }
}

/** Reads the context's handoff stream to its end and hands the text to <StreamTransfer> as its only chunk. */
export async function settleHandoff(context: EntryContext, timeoutMs: number) {
  if (!context.serverHandoffStream) return
  const value = await readHandoff(context.serverHandoffStream, timeoutMs)
  const settled: StreamCache[number] = Object.assign(Promise.resolve(), { result: { done: true, value } })
  context.renderMeta ??= {}
  context.renderMeta.streamCache = { 0: settled }
}
