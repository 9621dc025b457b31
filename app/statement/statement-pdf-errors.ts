/**
 * Why a statement's PDF could not be had (spec 2 section 8), as the PDF route
 * tells the page: the code in the page's address (`pdfError`) without
 * JavaScript, or the JSON answer `{error: code}` to a script's request.
 */

export const PDF_ERROR_PARAM = 'pdfError'

export const PDF_ERROR_CODES = ['load', 'export', 'unavailable'] as const
export type PdfErrorCode = (typeof PDF_ERROR_CODES)[number]

export const PDF_LOAD_ERROR = 'An error occurred when loading the PDF.'
export const PDF_EXPORT_ERROR = 'An error occurred when exporting the PDF.'

export function isPdfErrorCode(value: unknown): value is PdfErrorCode {
  return typeof value === 'string' && (PDF_ERROR_CODES as readonly string[]).includes(value)
}

/**
 * The text to show: 'load' when there was no statement to print (or the answer
 * was not a PDF), 'export' when printing failed, 'unavailable' with the
 * printer's reason (pdfAvailability) when this server cannot print.
 */
export function pdfErrorText(code: PdfErrorCode, reason?: string): string {
  if (code === 'load') return PDF_LOAD_ERROR
  if (code === 'export') return PDF_EXPORT_ERROR
  return reason?.trim() || 'PDF export is unavailable on this server.'
}
