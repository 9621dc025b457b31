/**
 * GET /statementv2/pdf: the statement of the page's period as a PDF file (spec 2
 * section 9 names it), for the same query as the page (range or from/to, the
 * customer). A link to it downloads without JavaScript; a failure returns to the
 * page with the reason (app/statement/statement-pdf.server.tsx).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { statementPdf, statementPdfResponse, wantsPdfReply } from '../statement/statement-pdf.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, 'statements', {
    noRedirects: wantsPdfReply(request),
  })
  const outcome = await statementPdf(
    screen.api,
    { customerNumber: screen.customerNumber, customerName: screen.info.customerName },
    new URL(request.url).searchParams,
  )
  return statementPdfResponse(outcome, request)
}
