/**
 * The rules of e-mail delivery over SMTP (docs/decisions/0032): the states of an e-mail's delivery,
 * when a failed attempt is tried again, and which failures are worth trying again.
 */

export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/** The field of the e-mail list that holds an e-mail's delivery state. */
export const DELIVERY_STATE_FIELD = 'deliveryState'

export const isDeliveryState = (value: unknown): value is DeliveryState =>
  typeof value === 'string' && (DELIVERY_STATES as readonly string[]).includes(value)

/** How long to wait after each failed attempt, and when to stop trying. */
export interface RetryPolicy {
  /** The wait after the first failed attempt; each later one doubles it. */
  firstDelayMs: number
  /** The longest wait between two attempts. */
  maxDelayMs: number
  /** No attempt is planned later than this after the e-mail was queued: it has failed. */
  giveUpAfterMs: number
}

/** 1, 2, 4 … minutes, at most an hour apart, for a day. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
}

/** The wait after failed attempt number `attempts` (1 for the first). */
export function retryDelay(policy: RetryPolicy, attempts: number): number {
  const doublings = Math.max(0, attempts - 1)
  // 2^40 minutes is far past any cap; stop doubling before the number stops being exact.
  return Math.min(policy.firstDelayMs * 2 ** Math.min(doublings, 40), policy.maxDelayMs)
}

/** After a transient failure: when to try again, or null when the e-mail has been tried long enough. */
export function nextAttemptAt(
  policy: RetryPolicy,
  delivery: { queuedAt: number; attempts: number },
  now: number,
): number | null {
  const at = now + retryDelay(policy, delivery.attempts)
  return at > delivery.queuedAt + policy.giveUpAfterMs ? null : at
}

/** What a failed attempt tells: the fields of nodemailer's errors that matter here. */
export interface SmtpFailure {
  /** nodemailer's code: ECONNECTION, ETIMEDOUT, ESOCKET, EAUTH, EENVELOPE, EMESSAGE … */
  code?: string
  /** The server's reply code, when it answered (e.g. 451, 550). */
  responseCode?: number
  /** The server's reply line. */
  response?: string
  message?: string
}

/**
 * Whether trying again may succeed. A 4xx reply, an unreachable or slow server and a refused
 * sign-in are transient (a refused sign-in is the portal's own configuration, which an operator
 * fixes; the e-mails wait for it). A 5xx reply about the message or its recipients, and a message
 * nodemailer cannot send as it is (no recipient, an address it cannot read), are permanent.
 */
export function isPermanentFailure(failure: SmtpFailure): boolean {
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH') return false
  const reply = failure.responseCode
  if (reply !== undefined && reply >= 500 && reply < 600) return true
  if (reply !== undefined && reply >= 400 && reply < 500) return false
  return failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE'
}

/** The longest answer kept: a server's reply can carry a whole transcript. */
const MAX_ANSWER = 1000

/** What to record of a failed attempt: the server's reply when it gave one, otherwise the error's own words. */
export function failureAnswer(failure: SmtpFailure): string {
  const text = (failure.response || failure.message || failure.code || 'Unknown error').trim()
  return text.length > MAX_ANSWER ? `${text.slice(0, MAX_ANSWER - 1)}…` : text
}
