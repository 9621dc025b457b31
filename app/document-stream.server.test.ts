import { PassThrough, Readable, type Writable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { documentStream } from './document-stream.server'

const through = (chunks: (string | Buffer)[]) =>
  text(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).pipe(documentStream()))

describe('documentStream', () => {
  it('moves the end tags after what streams late', async () => {
    expect(await through(['<html><body><p>shell</p></body></html>', '<script>late()</script>'])).toBe(
      '<html><body><p>shell</p><script>late()</script></body></html>',
    )
  })

  it('finds the end tags split across chunks', async () => {
    expect(await through(['<body>a</bo', 'dy></h', 'tml>', '<div>b</div>'])).toBe('<body>a<div>b</div></body></html>')
  })

  it('passes a document without the end tags through unchanged', async () => {
    expect(await through(['<p>a</p', '>', 'x'])).toBe('<p>a</p>x')
  })

  it('drops the zero bytes that end a chunk, and nothing else', async () => {
    const block = Buffer.concat([Buffer.from('<p>Filter'), Buffer.alloc(2)])
    expect(await through([block, '…</p>'])).toBe('<p>Filter…</p>')
  })

  it('mends React 18 output whose multi-byte characters straddle its 2,048-byte blocks', async () => {
    // Many short texts, so React packs them into its blocks and some '…' falls on a boundary.
    const words = Array.from({ length: 600 }, (_, i) => `mot${i}é…`)
    const items = words.map((word) => createElement('li', { key: word }, word))
    const app = createElement('html', null, createElement('body', null, createElement('ul', null, items)))
    const render = (into: Writable) =>
      new Promise<string>((resolve, reject) => {
        const { pipe } = renderToPipeableStream(app, { onAllReady: () => pipe(into), onError: reject })
        text(into as unknown as Readable).then(resolve, reject)
      })
    // The fault is there to mend: React's own output has zero bytes in it.
    expect(await render(new PassThrough())).toContain('\u0000')
    const mended = await render(documentStream())
    expect(mended).not.toContain('\u0000')
    expect(mended).toContain(`<ul>${words.map((word) => `<li>${word}</li>`).join('')}</ul>`)
  })
})
