import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressedAssets } from './precompressed-assets'

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))})`
let base = ''
let close = () => {}

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'assets-'))
  writeFileSync(path.join(root, 'app.js'), SCRIPT)
  writeFileSync(path.join(root, 'app.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(path.join(root, 'plain.js'), SCRIPT)
  const app = express()
  app.use('/build', precompressedAssets(root, 'public, max-age=31536000, immutable'))
  app.use('/build', express.static(root))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

async function get(file: string, encoding: string) {
  const res = await fetch(`${base}/build/${file}`, { headers: { 'accept-encoding': encoding } })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('scripts compressed at build time', () => {
  it('are sent as their Brotli copy to a browser that takes Brotli, cached for good', async () => {
    const { res, bytes } = await get('app.js', 'gzip, br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    // fetch decodes what it is sent: the text is the script's.
    expect(bytes.toString()).toBe(SCRIPT)
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(SCRIPT).length)
  })

  it('fall through to the plain file for a browser without Brotli, or a file without a copy', async () => {
    for (const [file, encoding] of [
      ['app.js', 'gzip'],
      ['plain.js', 'br'],
    ]) {
      const { res, bytes } = await get(file, encoding)
      expect(res.status, file).toBe(200)
      expect(res.headers.get('content-encoding'), file).toBeNull()
      expect(bytes.toString(), file).toBe(SCRIPT)
    }
  })

  it('send nothing outside their folder', async () => {
    const res = await fetch(`${base}/build/..%2f..%2fetc%2fpasswd.js`, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.status).toBe(404)
  })
})
