/**
 * The ask scenario's questions, URLs and figures (scripts/bench-ask.ts). Pure, so the rules are
 * unit-tested.
 */
import type { AskIntent } from '../app/ask/intents'
import type { Answer } from '../app/ask/types'
import { percentile } from './bench-stats'

export const ASK_SCREEN = '/ask'
/** Issue 37: an answer's p50 under this, over every case's requests together. */
export const ASK_TARGET_MS = 100

export interface AskCase {
  name: string
  question: string
  /** What the question must be understood as ('unknown' for the one it cannot answer). */
  intent: AskIntent | 'unknown'
  /** A follow-up: the case whose answer's context it is asked with. */
  after?: string
}

/**
 * One question per intent on Acme's demo data, in the order they run; the names (CFX, acme-lic-2019,
 * Lena Fischer) are Acme's own.
 */
export function askCases(): AskCase[] {
  return [
    { name: 'credit-left', intent: 'credit.remaining', question: 'how much elastic credit do we have left' },
    { name: 'usage-cost-by-user', intent: 'usage.cost', question: 'usage cost by user last month' },
    { name: 'top-users', intent: 'usage.topUsers', question: 'who used the most AEUs last month' },
    { name: 'statement-total', intent: 'statement.total', question: 'what is the total of the March statement' },
    { name: 'leases-ending', intent: 'entitlements.ending', question: 'which leases end in the next 90 days' },
    { name: 'product-seats', intent: 'product.seats', question: 'free seats for CFX' },
    { name: 'product-hosts', intent: 'product.hosts', question: 'on which servers is CFX installed' },
    { name: 'host-products', intent: 'host.products', question: 'what licences does acme-lic-2019 have' },
    { name: 'fsa-balance', intent: 'fsa.balance', question: 'what is our FSA balance' },
    { name: 'fsa-orders', intent: 'fsa.orders', question: 'FSA orders last month' },
    { name: 'web-in-use', intent: 'web.inUse', question: 'how many Discovery web seats are checked out' },
    { name: 'web-denials', intent: 'web.denials', question: 'web denials yesterday' },
    { name: 'named-holders', intent: 'web.namedHolder', question: 'does Lena Fischer hold a named seat' },
    { name: 'access-users', intent: 'access.users', question: 'who has access to the portal' },
    { name: 'ip-allow-list', intent: 'ip.allowList', question: 'what is on the IP allow list' },
    { name: 'alerts', intent: 'alerts.active', question: 'are there any active alerts' },
    { name: 'emails-about', intent: 'emails.about', question: 'show e-mails about the FSA order' },
    { name: 'how-to', intent: 'help.howto', question: 'how to add a contact' },
    { name: 'unknown', intent: 'unknown', question: 'what is the weather' },
    { name: 'follow-up', intent: 'usage.cost', question: 'and this year?', after: 'usage-cost-by-user' },
  ]
}

/** The page's address for a case: the question for the customer, with the context of a follow-up. */
export function askUrl(c: Pick<AskCase, 'question'>, customer: string, ctx?: string): string {
  const params = new URLSearchParams({ customer, q: c.question })
  if (ctx) params.set('ctx', ctx)
  return `${ASK_SCREEN}?${params}`
}

/** The kind of answer a case's intent gives (the data intents answer or refuse; help; unsure). */
export function expectedKinds(intent: AskCase['intent']): Answer['kind'][] {
  if (intent === 'unknown') return ['unsure']
  if (intent === 'help.howto') return ['help']
  return ['answered']
}

/** Whether the page shows an answer of one of these kinds. */
export function showsAnswer(html: string, kinds: readonly Answer['kind'][]): boolean {
  return html.includes('data-testid="ask-answer"') && kinds.some((kind) => html.includes(`data-kind="${kind}"`))
}

/** The time of each step of one answer, run in this process with the server's API. */
export interface AskSteps {
  namesMs: number
  understandMs: number
  answerMs: number
}

export interface AskLine {
  case: string
  p50Ms: number
  p95Ms: number
  /** The steps' p50s, in process: reading the names, the understanding, the answer. */
  namesP50Ms: number
  understandP50Ms: number
  answerP50Ms: number
  n: number
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
const p = (values: readonly number[], at: number) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      at,
    ),
  )

/** One case's figures: the page's p50/p95 and the p50 of each step. */
export function askLine(name: string, pageMs: readonly number[], steps: readonly AskSteps[]): AskLine {
  return {
    case: name,
    p50Ms: p(pageMs, 0.5),
    p95Ms: p(pageMs, 0.95),
    namesP50Ms: p(
      steps.map((s) => s.namesMs),
      0.5,
    ),
    understandP50Ms: p(
      steps.map((s) => s.understandMs),
      0.5,
    ),
    answerP50Ms: p(
      steps.map((s) => s.answerMs),
      0.5,
    ),
    n: pageMs.length,
  }
}

/** The last line: the p50 of every request of every case together against the target. */
export function askSummary(
  pageMs: readonly (readonly number[])[],
  lines: readonly AskLine[],
  settings: Record<string, unknown>,
) {
  const all = pageMs.flat()
  const p50 = p(all, 0.5)
  return {
    summary: 'ask',
    cases: lines.length,
    requests: all.length,
    p50Ms: p50,
    p95Ms: p(all, 0.95),
    targetMs: ASK_TARGET_MS,
    met: all.length > 0 && p50 < ASK_TARGET_MS,
    slowest: [...lines].sort((a, b) => b.p50Ms - a.p50Ms)[0]?.case ?? null,
    ...settings,
  }
}

/** The cases as a table for people: the page's p50/p95 and the steps' p50s. */
export function askTable(lines: readonly AskLine[]): string {
  const header = ['case', 'p50 ms', 'p95 ms', 'names', 'understand', 'answer']
  const rows = lines.map((l) => [l.case, l.p50Ms, l.p95Ms, l.namesP50Ms, l.understandP50Ms, l.answerP50Ms].map(String))
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  return [header, ...rows]
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '))
    .join('\n')
}
