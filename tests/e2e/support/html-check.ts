import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { e2eDataDir } from './data-dir'

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
 * Checked documents by content (one checker verdict per distinct document): a worker meets the
 * same page many times, and the run's workers (JavaScript off and on) meet the same pages.
 */
const verdicts = new Map<string, Promise<HtmlProblem[]>>()

/**
 * The verdicts the run's workers share, a file per distinct document, next to the suite server's
 * database (the server's start empties that folder).
 */
const SHARED_VERDICTS = path.join(e2eDataDir(Number(process.env.E2E_PORT ?? 3100)), 'html-verdicts')

/**
 * The document without its per-request nonce, which is any random text and so no part of the
 * verdict: every occurrence goes (the attributes, and the copy in the page's data, escaped there).
 */
function contentKey(html: string): string {
  const nonce = /\bnonce="([^"]+)"/.exec(html)?.[1] ?? /\\?"nonce\\?",\\?"([^"\\]+)\\?"/.exec(html)?.[1]
  return createHash('sha256')
    .update(nonce ? html.split(nonce).join('') : html)
    .digest('hex')
}

/** The errors the Nu HTML checker finds in a document (its warnings and notes are not errors). */
export function htmlErrors(html: string): Promise<HtmlProblem[]> {
  const key = contentKey(html)
  let verdict = verdicts.get(key)
  if (!verdict) {
    const file = path.join(SHARED_VERDICTS, `${key}.json`)
    verdict = sharedVerdict(file) ?? check(html).then((problems) => shareVerdict(file, problems))
    verdicts.set(key, verdict)
  }
  return verdict
}

function sharedVerdict(file: string): Promise<HtmlProblem[]> | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  return Promise.resolve(JSON.parse(text) as HtmlProblem[])
}

function shareVerdict(file: string, problems: HtmlProblem[]): HtmlProblem[] {
  // Written whole, then renamed: a worker reading it never sees half of it.
  const partial = `${file}.${process.pid}`
  fs.mkdirSync(SHARED_VERDICTS, { recursive: true })
  fs.writeFileSync(partial, JSON.stringify(problems))
  fs.renameSync(partial, file)
  return problems
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
