/**
 * patches/turbo-stream and patches/@remix-run+server-runtime (applied by
 * `npm install`, upstream in react-router) clear the page data encoder's
 * timer once everything is sent: it bounds the wait for deferred values only,
 * and otherwise kept every encoder alive for about 5 s and then aborted it.
 */
import { createRequire } from 'node:module'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const require = createRequire(import.meta.url)
const singleFetch = require('@remix-run/server-runtime/dist/single-fetch.js') as {
  encodeViaTurboStream(
    data: unknown,
    signal: AbortSignal,
    streamTimeout: number | undefined,
    serverMode: string,
  ): ReadableStream<Uint8Array>
}

const encode = (data: unknown, streamTimeout?: number) =>
  singleFetch.encodeViaTurboStream(data, new AbortController().signal, streamTimeout, 'production')
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text()

// Only the timers the encoder starts are counted; streams keep their own scheduling.
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
afterEach(() => void vi.useRealTimers())

describe('the page data encoder (patched turbo-stream and server runtime)', () => {
  it('clears its timer once all the data is sent', async () => {
    const stream = encode({ root: { data: { a: 1 } } })
    expect(vi.getTimerCount()).toBe(1)
    expect(await text(stream)).toContain('"a"')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('still sends deferred data that settles before the timeout, then clears its timer', async () => {
    let settle!: (value: string) => void
    const later = new Promise<string>((resolve) => (settle = resolve))
    const stream = encode({ root: { data: { later } } }, 1_000)
    const sent = text(stream)
    expect(vi.getTimerCount()).toBe(1)
    settle('done')
    expect(await sent).toContain('"done"')
    expect(vi.getTimerCount()).toBe(0)
  })
})
