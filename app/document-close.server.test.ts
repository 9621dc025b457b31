import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { closeDocumentLast } from './document-close.server'

const through = (chunks: string[]) => text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(closeDocumentLast()))

describe('closeDocumentLast', () => {
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
})
