/**
 * Prints HTML documents to PDF with one headless Chromium per process
 * (puppeteer-core driving Debian's chromium). The browser is started on the
 * first print and reused: each print gets a page of its own, closed after it. At
 * most MAX_RENDERS prints run at once; the others wait their turn. A browser
 * that dies (crash, killed) is started again by the next print. The server
 * closes it on shutdown (closePdfPrinter).
 *
 * The document is printed offline: scripts are off and every request the page
 * would make is refused, so HTML built from data can never make the server
 * fetch an address.
 */
import { accessSync, constants } from 'node:fs'
import puppeteer, { type Browser, type Page, type PDFOptions } from 'puppeteer-core'
import { pdfRenderDuration, secondsSince } from '../../server/metrics/instruments'
import { registerCollector } from '../../server/metrics/registry'

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium'
/** Prints that run at once; more wait (each costs a renderer process and some 20 MB). */
export const MAX_RENDERS = 4
/** A print that takes longer is abandoned (its page closed) and reported as failed. */
export const PRINT_TIMEOUT_MS = 30_000

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
]

export class PdfUnavailableError extends Error {}

export type PdfAvailability = { available: true } | { available: false; reason: string }

export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH
}

/** Whether this machine can print, and if not, why (in words for the page). */
export function pdfAvailability(path = chromiumPath()): PdfAvailability {
  try {
    accessSync(path, constants.X_OK)
    return { available: true }
  } catch {
    return {
      available: false,
      reason: `PDF export is unavailable on this server: Chromium was not found at ${path}. Install Debian's chromium package (or set CHROMIUM_PATH) and restart the portal.`,
    }
  }
}

export interface PrintOptions {
  /** Chromium's header and footer templates (pageNumber and totalPages are filled in); inline styles only. */
  headerTemplate?: string
  footerTemplate?: string
  margin?: PDFOptions['margin']
  format?: 'A4' | 'Letter'
  landscape?: boolean
}

interface PrinterState {
  browser: Promise<Browser> | null
  running: number
  waiting: (() => void)[]
}

// On globalThis because the server and the portal's build each load their own copy of this module.
const key = Symbol.for('licensing-portal.pdf-printer')
const state = ((globalThis as Record<symbol, unknown>)[key] ??= {
  browser: null,
  running: 0,
  waiting: [],
}) as PrinterState

registerCollector('pdf_renders_active', 'Statement PDF prints running in this server.', () => state.running)
registerCollector('pdf_renders_waiting', 'Statement PDF prints waiting for a turn.', () => state.waiting.length)

function launch(): Promise<Browser> {
  const availability = pdfAvailability()
  if (!availability.available) return Promise.reject(new PdfUnavailableError(availability.reason))
  const started = puppeteer
    .launch({
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      // The server handles its own signals and closes the browser (closePdfPrinter).
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    })
    .then((browser) => {
      browser.on('disconnected', () => {
        if (state.browser === started) state.browser = null
      })
      return browser
    })
  started.catch(() => {
    if (state.browser === started) state.browser = null
  })
  return started
}

function browser(): Promise<Browser> {
  state.browser ??= launch()
  return state.browser
}

/**
 * A new page of the shared browser. A browser that died before its
 * 'disconnected' event was handled fails here: it is dropped (and its process
 * killed, should it linger) and another is started, once.
 */
async function newPage(): Promise<Page> {
  const current = browser()
  try {
    return await (await current).newPage()
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw error
    if (state.browser === current) state.browser = null
    const dead = await current.catch(() => null)
    dead?.process()?.kill('SIGKILL')
    return (await browser()).newPage()
  }
}

async function turn(): Promise<void> {
  if (state.running < MAX_RENDERS) {
    state.running++
    return
  }
  await new Promise<void>((resolve) => state.waiting.push(resolve))
}

function done() {
  const next = state.waiting.shift()
  if (next) next()
  else state.running--
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The PDF took longer than ${ms / 1000} s to print.`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** The PDF of a complete HTML document (styles inline or in <style>; no external resources). */
export async function printPdf(html: string, options: PrintOptions = {}): Promise<Uint8Array> {
  await turn()
  const started = performance.now()
  let outcome: 'printed' | 'failed' = 'failed'
  try {
    const page = await newPage()
    try {
      return await withTimeout(
        (async () => {
          await page.setJavaScriptEnabled(false)
          await page.setRequestInterception(true)
          page.on('request', (request) => {
            if (request.url().startsWith('data:')) void request.continue()
            else void request.abort('blockedbyclient')
          })
          await page.setContent(html, { waitUntil: 'load' })
          const pdf = await page.pdf({
            format: options.format ?? 'A4',
            landscape: options.landscape ?? false,
            printBackground: true,
            displayHeaderFooter: Boolean(options.headerTemplate || options.footerTemplate),
            headerTemplate: options.headerTemplate ?? '<span></span>',
            footerTemplate: options.footerTemplate ?? '<span></span>',
            margin: options.margin ?? { top: '20mm', bottom: '18mm', left: '14mm', right: '14mm' },
          })
          outcome = 'printed'
          return pdf
        })(),
        PRINT_TIMEOUT_MS,
      )
    } finally {
      await page.close().catch(() => undefined)
    }
  } finally {
    pdfRenderDuration.observe({ outcome }, secondsSince(started))
    done()
  }
}

/** The browser's process id while one runs (for checks that it is one shared browser). */
export async function printerProcessId(): Promise<number | null> {
  if (!state.browser) return null
  const running = await state.browser.catch(() => null)
  return running?.process()?.pid ?? null
}

/** Closes the shared browser (a later print starts another). Called by the server on shutdown. */
export async function closePdfPrinter(): Promise<void> {
  const running = state.browser
  state.browser = null
  if (!running) return
  const browser = await running.catch(() => null)
  await browser?.close().catch(() => browser.process()?.kill('SIGKILL'))
}
