/**
 * GET /statementv2/pdf on the whole server, for what the browser journey does
 * not show: each way it can fail, as a page load (back to the statement page with
 * the reason in the address) and as a script's request for application/pdf (a
 * status and {error, message}). The failures are real: a customer without
 * elastic entitlements, a Chromium path with nothing there, and an executable
 * there that is no browser.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PDF_ERROR_PARAM, pdfErrorText } from '../../app/statement/statement-pdf-errors'
import { closePdfPrinter, pdfAvailability } from '../../app/pdf/pdf-printer.server'
import { portalSignIn } from '../support/tokens'
import { startPortalTestServer } from './support/portal'
import type { TestServer } from './support/server'

const ACME = '1000001'
/** Cobalt Energy has no elastic entitlements: its statement fails with 'No active entitlements for account'. */
const COBALT = '1000003'
const QUERY = 'range=lastWeek'

let server: TestServer
const cookies = new Map<string, string>()
const chromiumPath = process.env.CHROMIUM_PATH

beforeAll(async () => {
  server = await startPortalTestServer()
  cookies.set(ACME, (await portalSignIn(server.url, 'admin@acme.example')).cookie)
  cookies.set(COBALT, (await portalSignIn(server.url, 'partner@channel.example')).cookie)
}, 240_000)

afterEach(() => {
  if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH
  else process.env.CHROMIUM_PATH = chromiumPath
})

afterAll(async () => {
  await server?.close()
})

/** A link followed (no JavaScript), or a script's fetch asking for the file. */
function get(customer: string, as: 'page' | 'script') {
  return fetch(`${server.url}/statementv2/pdf?customer=${customer}&${QUERY}`, {
    redirect: 'manual',
    headers: {
      cookie: cookies.get(customer)!,
      ...(as === 'page'
        ? { accept: 'text/html,*/*', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }
        : { accept: 'application/pdf' }),
    },
  })
}

async function expectBackOnPage(res: Response, customer: string, code: string) {
  expect(res.status).toBe(303)
  const location = new URL(res.headers.get('location')!, server.url)
  expect(location.pathname).toBe('/statementv2')
  expect(Object.fromEntries(location.searchParams)).toEqual({ customer, range: 'lastWeek', [PDF_ERROR_PARAM]: code })
}

describe('GET /statementv2/pdf', () => {
  it('gives a script the PDF with its file name', async () => {
    const res = await get(ACME, 'script')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="SummaryStatement_1000001_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf"$/,
    )
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
  })

  it("reports 'load' when the statement does not load (no elastic entitlements: nothing to print)", async () => {
    await expectBackOnPage(await get(COBALT, 'page'), COBALT, 'load')
    const res = await get(COBALT, 'script')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'load', message: 'An error occurred when loading the PDF.' })
  })

  it("reports 'unavailable' with the reason when this server has no Chromium", async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium'
    const reason = (pdfAvailability() as { reason: string }).reason
    expect(reason).toContain('Chromium was not found at /nonexistent/chromium')
    await expectBackOnPage(await get(ACME, 'page'), ACME, 'unavailable')
    const res = await get(ACME, 'script')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ error: 'unavailable', message: pdfErrorText('unavailable', reason) })
  })

  it("reports 'export' when printing fails", async () => {
    // An executable that is no browser: the printer's next start fails.
    await closePdfPrinter()
    process.env.CHROMIUM_PATH = '/bin/false'
    await expectBackOnPage(await get(ACME, 'page'), ACME, 'export')
    const res = await get(ACME, 'script')
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ error: 'export', message: 'An error occurred when exporting the PDF.' })
  })
})
