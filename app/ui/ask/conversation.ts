/**
 * The conversation of the Ask anything panel: the questions asked and their answers, in order.
 * A follow-up is asked with the context of the last answer that has one, as the /ask page's
 * follow-up form carries it. The conversation is kept in the tab's sessionStorage, so what is read
 * back from there is checked and anything else is dropped.
 */
import type { Answer, AskLink } from '../../ask/types'

export interface Turn {
  question: string
  answer: Answer
  /** The selected customer the question was asked for (its name), null without one. */
  customerName: string | null
  /** The customer number the question was asked for. */
  customerNumber: string | null
  /** The context the question was asked with (`ctx` of /ask), '' for none. */
  askedWith: string
  /** The context a follow-up inherits from this answer, '' for none. */
  ctx: string
}

/** What /ask's loader replies (the fields the panel uses). */
export interface AskReply {
  customerNumber: string | null
  customerName: string | null
  question: string
  message: string | null
  answer: Answer | null
  ctx: string
}

/** The context the next question is asked with: the last answer's that has one. */
export function followUpContext(turns: readonly Turn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i].ctx) return turns[i].ctx
  return ''
}

/** The /ask address of a question: what the no-JavaScript page asks, and a bookmark shows again. */
export function askHref({
  customerNumber,
  question,
  ctx,
}: {
  customerNumber: string | null
  question: string
  ctx: string
}) {
  const params = new URLSearchParams()
  if (customerNumber) params.set('customer', customerNumber)
  params.set('q', question)
  if (ctx) params.set('ctx', ctx)
  return `/ask?${params}`
}

/** The turn a reply of /ask adds, or null when it holds no answer (an empty or too long question). */
export function turnOf(reply: AskReply, askedWith: string): Turn | null {
  if (!reply.answer) return null
  return {
    question: reply.question,
    answer: reply.answer,
    customerName: reply.customerName,
    customerNumber: reply.customerNumber,
    askedWith,
    ctx: reply.ctx,
  }
}

/** Whether the panel should say that `turn` is about another customer than the one before it. */
export function customerChanged(turns: readonly Turn[], index: number): boolean {
  return index > 0 && turns[index].customerNumber !== turns[index - 1].customerNumber
}

/** At most this many turns are kept: the oldest go first. */
export const MAX_TURNS = 50

export function keepLatest(turns: readonly Turn[]): Turn[] {
  return turns.slice(-MAX_TURNS)
}

export function serializeConversation(turns: readonly Turn[]): string {
  return JSON.stringify(turns)
}

// What is read back is checked by hand: a schema library would weigh on every page's script (the shell holds this).
type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null
const isText = (value: unknown): value is string => typeof value === 'string'
const ANSWER_KINDS: readonly unknown[] = ['answered', 'refused', 'unsure', 'help'] satisfies Answer['kind'][]
/** The most turns read back: more is not what this module wrote. */
const MAX_STORED = 100

/** A link in the portal only: a path, not another site ('//host'). */
function linkOf(value: unknown): AskLink | null {
  if (!isFields(value) || !isText(value.href) || !isText(value.label) || !/^\/(?!\/)/.test(value.href)) return null
  return { href: value.href, label: value.label }
}

function answerOf(value: unknown): Answer | null {
  if (!isFields(value) || !ANSWER_KINDS.includes(value.kind) || !isText(value.text)) return null
  if (!Array.isArray(value.suggestions)) return null
  const suggestions = value.suggestions.map(linkOf)
  const link = value.link === undefined ? undefined : linkOf(value.link)
  if (link === null || suggestions.some((s) => s === null)) return null
  return {
    kind: value.kind as Answer['kind'],
    text: value.text,
    ...(link ? { link } : {}),
    suggestions: suggestions as AskLink[],
  }
}

const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value)

function storedTurnOf(value: unknown): Turn | null {
  if (!isFields(value)) return null
  const { question, customerName, customerNumber, askedWith, ctx } = value
  const answer = answerOf(value.answer)
  if (!answer || !isText(question) || !isText(askedWith) || !isText(ctx)) return null
  if (!isTextOrNull(customerName) || !isTextOrNull(customerNumber)) return null
  return { question, answer, customerName, customerNumber, askedWith, ctx }
}

/** The conversation stored in the tab, or none when nothing or something else is stored. */
export function parseConversation(stored: string | null): Turn[] {
  if (!stored) return []
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return []
  }
  if (!Array.isArray(value) || value.length > MAX_STORED) return []
  const turns = value.map(storedTurnOf)
  return turns.some((t) => t === null) ? [] : (turns as Turn[])
}
