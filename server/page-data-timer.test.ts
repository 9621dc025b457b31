/**
 * patches/turbo-stream and patches/@remix-run+server-runtime (applied by
 * `npm install`, upstream in react-router) clear the page data encoder's
 * timer once everything is sent: it bounds the wait for deferred values only,
 * and otherwise kept every encoder alive for about 5 s and then aborted it.
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const singleFetch = require('@remix-run/server-runtime/dist/single-fetch.js') as {
  encodeViaTurboStream(
    data: unknown,
    signal: AbortSignal,
    streamTimeout: number | undefined,
    serverMode: string,
  ): ReadableStream<Uint8Array>
}

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text()
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('the page data encoder (patched turbo-stream and server runtime)', () => {
  it('clears its timer once all the data is sent', async () => {
    const before = timers()
    const stream = singleFetch.encodeViaTurboStream({ root: { data: { a: 1 } } }, new AbortController().signal, undefined, 'production')
    expect(timers()).toBe(before + 1)
    expect(await text(stream)).toContain('"a"')
    await nextTurn()
    expect(timers()).toBe(before)
  })

  it('still sends deferred data that settles before the timeout, then clears its timer', async () => {
    const before = timers()
    const later = new Promise((resolve) => setTimeout(() => resolve('done'), 10))
    const stream = singleFetch.encodeViaTurboStream({ root: { data: { later } } }, new AbortController().signal, 1_000, 'production')
    expect(await text(stream)).toContain('"done"')
    await nextTurn()
    expect(timers()).toBe(before)
  })
})
