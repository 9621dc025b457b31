import { createHash } from 'node:crypto'

/** The Nu HTML checker's service, started by the Playwright config next to the portal. */
export const VNU_URL = process.env.VNU_URL ?? 'http://127.0.0.1:8888/'

export interface HtmlProblem {
  message: string
  extract?: string
  line?: number
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  message: string
  extract?: string
  lastLine?: number
}

/**
 * Checked documents by content (one checker verdict per distinct document; the
 * per-request nonce is left out of the key): a worker meets the same page many times.
 */
const verdicts = new Map<string, Promise<HtmlProblem[]>>()

function contentKey(html: string): string {
  return createHash('sha256')
    .update(html.replace(/nonce="[^"]*"/g, '').replace(/"nonce","[^"]*"/g, ''))
    .digest('hex')
}

/** The errors the Nu HTML checker finds in a document (its warnings and notes are not errors). */
export function htmlErrors(html: string): Promise<HtmlProblem[]> {
  const key = contentKey(html)
  let verdict = verdicts.get(key)
  if (!verdict) {
    verdict = check(html)
    verdicts.set(key, verdict)
  }
  return verdict
}

async function check(html: string): Promise<HtmlProblem[]> {
  const response = await fetch(`${VNU_URL}?out=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: html,
  })
  if (!response.ok) throw new Error(`the HTML checker answered HTTP ${response.status}`)
  const { messages } = (await response.json()) as { messages: VnuMessage[] }
  return messages
    .filter((m) => m.type !== 'info')
    .map((m) => ({ message: m.message, extract: m.extract, line: m.lastLine }))
}
