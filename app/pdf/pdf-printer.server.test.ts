/**
 * The shared printer with the real Chromium: one browser for every print, a new
 * one after it dies, every print of a burst done, and nothing fetched from the
 * network whatever the document asks for.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { closePdfPrinter, MAX_RENDERS, printerProcessId, printPdf } from './pdf-printer.server'

const DOCUMENT = '<!DOCTYPE html><html><head><title>t</title></head><body><h1>Printed</h1></body></html>'
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'

afterAll(async () => {
  await closePdfPrinter()
})

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('printPdf', () => {
  it('prints with one shared browser process', async () => {
    expect(isPdf(await printPdf(DOCUMENT))).toBe(true)
    const pid = await printerProcessId()
    expect(pid).toBeGreaterThan(0)
    expect(isPdf(await printPdf(DOCUMENT))).toBe(true)
    expect(await printerProcessId()).toBe(pid)
  })

  it('starts a new browser for the next print after the browser was killed', async () => {
    await printPdf(DOCUMENT)
    const pid = (await printerProcessId())!
    process.kill(pid, 'SIGKILL')
    // At once, before the printer may have noticed.
    expect(isPdf(await printPdf(DOCUMENT))).toBe(true)
    const next = await printerProcessId()
    expect(next).toBeGreaterThan(0)
    expect(next).not.toBe(pid)
  })

  it('finishes every print of a burst larger than MAX_RENDERS, in one browser', async () => {
    await printPdf(DOCUMENT)
    const pid = await printerProcessId()
    const prints = await Promise.all(
      Array.from({ length: MAX_RENDERS * 2 + 1 }, (_, i) => printPdf(DOCUMENT.replace('Printed', `Printed ${i}`))),
    )
    expect(prints.every(isPdf)).toBe(true)
    expect(await printerProcessId()).toBe(pid)
  })

  it('fetches nothing a document asks for, even from this machine', async () => {
    const requests: string[] = []
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '')
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('x')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const html = `<!DOCTYPE html><html><head><title>t</title>
        <link rel="stylesheet" href="${origin}/style.css">
        <style>@import url('${origin}/import.css'); body { background: url('${origin}/background.png') }</style>
        <script src="${origin}/script.js"></script></head>
        <body><img src="${origin}/image.png" alt=""><iframe src="${origin}/frame.html" title="f"></iframe>
        <object data="${origin}/object.svg"></object><p>Offline</p></body></html>`
      expect(isPdf(await printPdf(html))).toBe(true)
      // The server answers its own request: had the printer asked, the request would be counted by now.
      await fetch(`${origin}/probe`).then((res) => res.text())
      expect(requests).toEqual(['/probe'])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('starts again on the next print after being closed', async () => {
    await printPdf(DOCUMENT)
    const pid = (await printerProcessId())!
    await closePdfPrinter()
    expect(await printerProcessId()).toBeNull()
    expect(processAlive(pid)).toBe(false)
    expect(isPdf(await printPdf(DOCUMENT))).toBe(true)
  })
})
