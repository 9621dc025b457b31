import { describe, expect, it } from 'vitest'
import type { EntryContext } from '@remix-run/node'
import { HandoffTimeoutError, readHandoff, settleHandoff } from './handoff.server'

function streamOf(...chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

describe('readHandoff', () => {
  it('joins every chunk, also a character split between two chunks', async () => {
    const bytes = new TextEncoder().encode('[{"name":"Zoë"},"€"]\n')
    const text = await readHandoff(streamOf(bytes.slice(0, 13), bytes.slice(13, 19), bytes.slice(19)), 1_000)
    expect(text).toBe('[{"name":"Zoë"},"€"]\n')
  })

  it('gives up when the stream does not end in time', async () => {
    const endless = new ReadableStream<Uint8Array>({ start() {} })
    await expect(readHandoff(endless, 50)).rejects.toBeInstanceOf(HandoffTimeoutError)
  })
})

describe('settleHandoff', () => {
  it('puts the whole text into the render stream cache as one finished chunk', async () => {
    const context = {
      serverHandoffStream: streamOf(new TextEncoder().encode('[1]\n'), new TextEncoder().encode('P1:2\n')),
      renderMeta: { didRenderScripts: false },
    } as unknown as EntryContext
    await settleHandoff(context, 1_000)
    const cached = context.renderMeta!.streamCache![0]
    expect(cached.result).toEqual({ done: true, value: '[1]\nP1:2\n' })
    expect(context.renderMeta!.didRenderScripts).toBe(false)
    // The stream is free again for the one who renders it (RemixServer takes a reader).
    expect(context.serverHandoffStream!.locked).toBe(false)
  })

  it('leaves a context without a handoff stream alone', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext
    await settleHandoff(context, 1_000)
    expect(context.renderMeta).toEqual({})
  })
})
