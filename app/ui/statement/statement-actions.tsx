/**
 * The statement's actions: Export as PDF, and the Weekly and Monthly statement
 * e-mails of one entitlement. Without JavaScript the PDF is a link that
 * downloads (a failure comes back as the page with its message) and the e-mails
 * are forms; with JavaScript the PDF is fetched, checked and saved under its name.
 */
import { useState } from 'react'
import { Form, useNavigation } from '@remix-run/react'
import { isPdfErrorCode, pdfErrorText, PDF_EXPORT_ERROR, PDF_LOAD_ERROR } from '../../statement/statement-pdf-errors'
import { useHydrated } from '../use-hydrated'

export type StatementState = 'loading' | 'loaded' | 'failed'

/** The file name a Content-Disposition header gives, or null. */
function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null
  return match ? match[1] : null
}

async function fetchPdf(
  href: string,
): Promise<{ ok: true; blob: Blob; name: string | null } | { ok: false; message: string }> {
  let res: Response
  try {
    res = await fetch(href, { headers: { Accept: 'application/pdf' } })
  } catch {
    return { ok: false, message: PDF_EXPORT_ERROR }
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown; message?: unknown } | null
    if (body && isPdfErrorCode(body.error)) {
      return {
        ok: false,
        message: pdfErrorText(body.error, typeof body.message === 'string' ? body.message : undefined),
      }
    }
    return { ok: false, message: PDF_EXPORT_ERROR }
  }
  // Spec 2 section 8: an answer that is not a PDF.
  if (!(res.headers.get('content-type') ?? '').startsWith('application/pdf'))
    return { ok: false, message: PDF_LOAD_ERROR }
  return { ok: true, blob: await res.blob(), name: attachmentName(res.headers.get('content-disposition')) }
}

export function StatementPdfButton({
  href,
  fileName,
  state,
  unavailable,
}: {
  href: string
  fileName: string
  state: StatementState
  /** Why this server cannot print, when it cannot. */
  unavailable: string | null
}) {
  const hydrated = useHydrated()
  const [exporting, setExporting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const enabled = state === 'loaded' && !unavailable
  const label = exporting ? 'Exporting PDF...' : 'Export as PDF'

  const exportPdf = async () => {
    setExporting(true)
    setError(null)
    const result = await fetchPdf(href)
    setExporting(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    const url = URL.createObjectURL(result.blob)
    const link = document.createElement('a')
    link.href = url
    link.download = result.name ?? fileName
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {!enabled || exporting ? (
        <button
          type="button"
          className="btn-secondary"
          disabled
          aria-describedby={unavailable ? 'pdf-unavailable' : undefined}
        >
          {label}
        </button>
      ) : hydrated ? (
        <button type="button" className="btn-secondary" onClick={() => void exportPdf()}>
          {label}
        </button>
      ) : (
        <a href={href} className="btn-secondary">
          {label}
        </a>
      )}
      {unavailable ? (
        <span id="pdf-unavailable" className="text-sm text-gray-700">
          {unavailable}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-2 py-1 text-sm text-red-900">
          {error}
        </span>
      ) : null}
    </span>
  )
}

const EMAIL_BUTTONS = [
  ['emailweek', 'Weekly'],
  ['emailmonth', 'Monthly'],
] as const

/** The Weekly and Monthly statement e-mail buttons of one entitlement (each asks first). */
export function StatementEmailButtons({
  activationId,
  date,
  action,
}: {
  activationId: string
  date: string
  action: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('activationId') === activationId
  return (
    <Form method="post" action={action} className="flex flex-wrap gap-1" preventScrollReset>
      <input type="hidden" name="activationId" value={activationId} />
      <input type="hidden" name="date" value={date} />
      {EMAIL_BUTTONS.map(([intent, label]) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          className="btn-secondary px-2 py-0.5 text-xs"
          disabled={busy}
        >
          {label}
          <span className="sr-only"> statement email for {activationId}</span>
        </button>
      ))}
    </Form>
  )
}
