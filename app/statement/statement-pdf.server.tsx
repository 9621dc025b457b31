/**
 * Export as PDF (spec 2, Elastic Statements screen): the statement of the
 * page's period, printed from the page's own header and charts
 * (StatementDocument), and the answer to the browser. A link followed without
 * JavaScript gets the file, or is sent back to the page with the reason in its
 * address; a script that asks for application/pdf gets the file, or a status
 * with `{error}` in JSON.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { PdfUnavailableError, pdfAvailability, printPdf, type PrintOptions } from '../pdf/pdf-printer.server'
import type { StatementData } from '../domain/statement-types'
import {
  StatementDocument,
  STATEMENT_MARGIN,
  statementFooterTemplate,
  statementHeaderTemplate,
} from '../ui/statement/statement-document'
import type { ApiClient } from '../api-client/client.server'
import { loadStatement } from './load-statement.server'
import { PDF_ERROR_PARAM, pdfErrorText, type PdfErrorCode } from './statement-pdf-errors'
import { statementPdfName } from './statement-view'
import { screenPath } from '../screens/registry'

export type StatementPdfOutcome =
  { ok: true; pdf: Uint8Array; fileName: string } | { ok: false; code: PdfErrorCode; reason?: string }

/** The statement as the complete HTML document the printer prints. */
export function statementPdfHtml(statement: StatementData): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<StatementDocument statement={statement} />)}`
}

export function statementPrintOptions(statement: StatementData): PrintOptions {
  return {
    format: 'A4',
    margin: STATEMENT_MARGIN,
    headerTemplate: statementHeaderTemplate(statement),
    footerTemplate: statementFooterTemplate(),
  }
}

/**
 * The PDF of the statement of `params`' period, or why there is none: this server
 * cannot print ('unavailable'), the statement did not load, including a customer
 * without elastic entitlements, for there is nothing to print ('load'), or the
 * print failed ('export').
 */
export async function statementPdf(
  api: ApiClient,
  customer: { customerNumber: string; customerName: string },
  params: URLSearchParams,
  now = Date.now(),
): Promise<StatementPdfOutcome> {
  const availability = pdfAvailability()
  if (!availability.available) return { ok: false, code: 'unavailable', reason: availability.reason }
  const { from, to, result } = await loadStatement(api, customer, params, now)
  if (result.state !== 'loaded') return { ok: false, code: 'load' }
  const { statement } = result
  try {
    const pdf = await printPdf(statementPdfHtml(statement), statementPrintOptions(statement))
    return { ok: true, pdf, fileName: statementPdfName(customer.customerNumber, from, to) }
  } catch (error) {
    if (error instanceof PdfUnavailableError) return { ok: false, code: 'unavailable', reason: error.message }
    console.error(JSON.stringify({ level: 'error', msg: 'Statement PDF failed', detail: String(error) }))
    return { ok: false, code: 'export' }
  }
}

/** Whether the request is a script's that wants the file itself (and a status, not a redirect, on failure). */
export function wantsPdfReply(request: Request): boolean {
  return /\bapplication\/pdf\b/i.test(request.headers.get('Accept') ?? '')
}

const FAILURE_STATUS: Record<PdfErrorCode, number> = { load: 404, export: 500, unavailable: 503 }

/**
 * The answer to the browser: the file; or for a page load the statement page
 * with the same query and the reason (303); or for a script a status with
 * `{error, message}`.
 */
export function statementPdfResponse(outcome: StatementPdfOutcome, request: Request): Response {
  const noStore = { 'Cache-Control': 'no-store' }
  if (outcome.ok) {
    return new Response(outcome.pdf as Uint8Array<ArrayBuffer>, {
      headers: {
        ...noStore,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${outcome.fileName}"`,
        'Content-Length': String(outcome.pdf.byteLength),
      },
    })
  }
  if (wantsPdfReply(request)) {
    return Response.json(
      { error: outcome.code, message: pdfErrorText(outcome.code, outcome.reason) },
      { status: FAILURE_STATUS[outcome.code], headers: noStore },
    )
  }
  const query = new URL(request.url).searchParams
  query.delete(PDF_ERROR_PARAM)
  query.append(PDF_ERROR_PARAM, outcome.code)
  return new Response(null, { status: 303, headers: { ...noStore, Location: `${screenPath('statements')}?${query}` } })
}
