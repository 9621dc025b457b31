/**
 * Export as PDF without JavaScript: the signed-in customer administrator asks
 * for /statementv2/pdf as a followed link would, and gets a PDF named for the
 * customer and the period. Its first page, read back with poppler-utils
 * (pdftotext), shows the header, the customer, the period and the total Period
 * Used; drawn at 40 dpi (pdftoppm) it is not blank.
 *
 * The expected figures come from the licensing API's own POST /statements for
 * the same period, asked with the same user's access token: the PDF must print
 * what the API computed (the API's tests prove the figures themselves).
 *
 * With JavaScript the file is the same; the page's script that fetches it is
 * tested with the page.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { getAccessToken } from '../support/tokens'
import { formatNumber } from '../../app/domain/entitlements'
import type { StatementData } from '../../app/domain/statement-types'
import { statementDays } from '../../app/statement/statement-view'

const ACME = '1000001'
const ADMIN = 'admin@acme.example'

/** The API's statement of Last month, as the PDF route asks for it. */
async function apiStatement(baseURL: string, from: string, to: string): Promise<StatementData> {
  const token = await getAccessToken(baseURL, ADMIN)
  const res = await fetch(`${baseURL}/api/statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from, to, today: new Date().toISOString().slice(0, 10), customerNumber: ACME }),
  })
  const reply = (await res.json()) as { status: string; data: StatementData; err?: string }
  expect(reply.status, reply.err).toBe('SUCCESS')
  return reply.data
}

/** The period's Period Used per currency, summed to the cent, as the PDF prints it ('23,513.37 USD'). */
function totalsPrinted(statement: StatementData): string[] {
  const cents = new Map<string, number>()
  for (const record of statement.Records)
    cents.set(record.Currency, (cents.get(record.Currency) ?? 0) + Math.round(record.Used * 100))
  return [...cents].map(([currency, sum]) => `${formatNumber(sum / 100, 2)} ${currency}`)
}

/** The share of a binary PGM's pixels that are darker than light grey. */
function inkShare(pgm: Buffer): number {
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)
  expect(header, 'a binary PGM').not.toBeNull()
  const [whole, width, height] = header!
  const pixels = pgm.subarray(whole.length)
  expect(pixels.length).toBe(Number(width) * Number(height))
  let ink = 0
  for (const value of pixels) if (value < 200) ink++
  return ink / pixels.length
}

test('the statement downloads as a PDF whose first page shows the header, customer, period and totals', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(jsEnabled(testInfo), 'the same file with JavaScript; the page’s own download is tested with the page')
  await signIn(page, ADMIN)

  const { from, to } = statementDays(new URLSearchParams('range=lastMonth'), Date.now())
  const res = await page.request.get(`/statementv2/pdf?customer=${ACME}&range=lastMonth`, {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('application/pdf')
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="SummaryStatement_${ACME}_${from}_${to}.pdf"`)
  const file = testInfo.outputPath('statement.pdf')
  fs.writeFileSync(file, await res.body())

  const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', file, '-'], { encoding: 'utf8' })
  const line = firstPage.replace(/[ \t]+/g, ' ')
  expect(line).toContain(`Elastic Licensing Summary Statement — ${ACME} Acme Aerospace — ${from} to ${to}`)
  expect(line).toMatch(/^Elastic Licensing Summary Statement$/m)
  expect(line).toContain(`Customer ${ACME} - Acme Aerospace`)
  expect(line).toContain(`Period Start ${from}`)
  expect(line).toContain(`Period End ${to}`)
  const statement = await apiStatement(baseURL!, from, to)
  expect(statement.Records.length, 'Acme has elastic entitlements in the period').toBeGreaterThan(0)
  expect(line).toContain(`Purchase Orders ${statement.Records.length}`)
  const [first, ...others] = totalsPrinted(statement)
  expect(line).toContain(`Total Period Used ${first}`)
  for (const other of others) expect(line).toContain(other)
  expect(line).toContain('Usage by Purchase Order')

  const image = testInfo.outputPath('first-page')
  execFileSync('pdftoppm', ['-r', '40', '-gray', '-f', '1', '-l', '1', '-singlefile', file, image])
  const share = inkShare(fs.readFileSync(`${image}.pgm`))
  expect(share, 'the first page has text, tables and a chart on it').toBeGreaterThan(0.02)
  expect(share, 'and is not one dark block').toBeLessThan(0.5)
})
