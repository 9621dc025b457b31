/**
 * The loader data a document hands to the browser (Remix single fetch) is a
 * turbo-stream that Remix's <StreamTransfer> reads chunk by chunk while React
 * renders, suspending on each read, which needs React's streaming renderer.
 * Reading the whole stream first and putting the text into the render's
 * stream cache (`renderMeta.streamCache`, part of Remix's entry context type)
 * lets <StreamTransfer> render it at once, as one script, with no suspension.
 */
import type { EntryContext } from '@remix-run/node'
import { withDeadline } from '../deadline'

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>

export class HandoffTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page's data was not complete within ${ms} ms.`)
  }
}

export async function readHandoff(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string> {
  const reader = stream.getReader()
  const readAll = async () => {
    const decoder = new TextDecoder()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return text + decoder.decode()
      text += decoder.decode(value, { stream: true })
    }
  }
  try {
    return await withDeadline(readAll(), timeoutMs, () => {
      void reader.cancel().catch(() => {})
      return new HandoffTimeoutError(timeoutMs)
    })
  } finally {
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
