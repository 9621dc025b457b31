/**
 * API: elastic statements (spec 2 sections 3, 4 and 7).
 *
 * POST /statements {from, to, today, customerNumber, customerName?} -> StatementData
 *   The customer's statement for the period (app/domain/statement has the rules,
 *   api/statement-data reads the figures); FAILURE 'No active entitlements for
 *   account' (404) when it lists no entitlement.
 * POST /getPdf (the same body) -> the statement as application/pdf, over HTTP only
 *   (failures are envelopes as for every call)
 * POST /emailweek, /emailmonth: api/statement-emails
 */
import { printPdf, PdfUnavailableError } from '../app/pdf/pdf-printer.server'
import type { StatementData } from '../app/domain/statement-types'
import { statementPdfName } from '../app/statement/statement-view'
import type { CallTable } from './call-table'
import { statementCalls as declared } from './contract/statements'
import { ApiError, fileReply } from './envelope'
import { statementFor } from './statement-data'
import { statementEmailCalls } from './statement-emails'
import { statementHtml } from './statement-html'
import type { ApiDeps } from './index'

/** The statement as a PDF: its HTML document printed by the shared browser; 503 when printing is unavailable. */
async function statementPdf(statement: StatementData): Promise<Uint8Array> {
  try {
    return await printPdf(statementHtml(statement), {
      format: 'A4',
      footerTemplate: `<div style="font-size: 8px; width: 100%; text-align: center; color: #6b7280">
<span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
    })
  } catch (error) {
    if (error instanceof PdfUnavailableError) throw new ApiError(503, error.message)
    throw error
  }
}

export function statementCalls(calls: CallTable, deps: ApiDeps) {
  const { db } = deps
  calls.implement(declared.statement, async ({ input, user }) => await statementFor(db, user, input))

  calls.implement(declared.pdf, async ({ input, user }) => {
    const statement = await statementFor(db, user, input)
    return fileReply({
      contentType: 'application/pdf',
      fileName: statementPdfName(statement.Customer.CustomerNumber, input.from, input.to),
      bytes: await statementPdf(statement),
    })
  })

  statementEmailCalls(calls, deps)
}
