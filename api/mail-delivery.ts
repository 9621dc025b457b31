/**
 * The delivery worker of the outbox (docs/decisions/0032), one in each serving process when
 * SMTP_URL is set. Every poll it claims the e-mail that has been due longest (api/mail-queue.ts),
 * sends it with nodemailer, records the answer, and goes on until none is due. A transient failure
 * is tried again later (app/domain/email-delivery.ts), a permanent one fails at once.
 *
 * One e-mail at a time: a claim's lease need only outlast one send, which the send's own timeout
 * bounds, so no claim lapses while its e-mail is still being sent.
 */
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import type { MailConfig } from '../server/config'
import {
  DEFAULT_RETRY_POLICY,
  failureAnswer,
  isPermanentFailure,
  nextAttemptAt,
  type RetryPolicy,
  type SmtpFailure,
} from '../app/domain/email-delivery'
import { claimNextDue, recordFailure, recordSent, type ClaimedEmail } from './mail-queue'
import { mailMessage } from './mail-message'

export interface MailDeliveryOptions {
  /** How often to look for due e-mails (default: the configuration's SMTP_POLL_MS). */
  pollMs: number
  retry: RetryPolicy
  /** The longest one send may take, connection included; it is then abandoned and tried again. */
  sendTimeoutMs: number
  /** How long a claim holds: longer than a send may take, so no two processes send one e-mail. */
  leaseMs: number
  log: (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void
}

const DEFAULTS: Omit<MailDeliveryOptions, 'pollMs'> = {
  retry: DEFAULT_RETRY_POLICY,
  sendTimeoutMs: 2 * 60_000,
  leaseMs: 10 * 60_000,
  log: (level, msg, extra = {}) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra })
    if (level === 'info') console.log(line)
    else console.error(line)
  },
}

/** Why a result was not recorded: the claim was no longer this process's. */
const NOT_RECORDED = 'its claim lapsed, or the e-mail was removed meanwhile'

export interface MailDelivery {
  /** Stops polling and waits for the send under way; the worker sends nothing more. */
  stop(): Promise<void>
}

/** The mail server's answer to a message it took, with any recipient it refused. */
function sentAnswer(info: { response?: string; rejected?: unknown[] }): string {
  const response = info.response?.trim() || 'Accepted'
  const refused = (info.rejected ?? []).map(String)
  return refused.length > 0 ? `${response} (refused: ${refused.join(', ')})` : response
}

export function startMailDelivery(
  db: Db,
  mail: MailConfig,
  publicUrl: string,
  options: Partial<MailDeliveryOptions> = {},
): MailDelivery {
  const { pollMs, retry, sendTimeoutMs, leaseMs, log } = { ...DEFAULTS, pollMs: mail.pollMs, ...options }
  // Timeouts well inside the send's own, so a slow server is told apart from a dead one.
  const step = Math.max(1_000, Math.floor(sendTimeoutMs / 4))
  const transport = nodemailer.createTransport({
    url: mail.url,
    connectionTimeout: step,
    greetingTimeout: step,
    socketTimeout: step,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null

  async function deliver(email: ClaimedEmail) {
    let info: { response?: string; rejected?: unknown[] }
    try {
      info = await transport.sendMail({
        ...mailMessage(email, { from: mail.from, publicUrl }),
        signal: AbortSignal.timeout(sendTimeoutMs),
      })
    } catch (error) {
      const failure = error as SmtpFailure
      const permanent = isPermanentFailure(failure)
      const retryAt = permanent ? null : nextAttemptAt(retry, email, Date.now())
      const answer = failureAnswer(failure)
      const recorded = await recordFailure(db, email, { answer, retryAt })
      log(
        retryAt === null ? 'error' : 'warn',
        retryAt === null ? 'e-mail not delivered' : 'e-mail delivery will be retried',
        {
          emailId: email.emailId,
          attempts: email.attempts,
          answer,
          ...(retryAt === null ? {} : { nextAttemptAt: new Date(retryAt).toISOString() }),
          ...(recorded ? {} : { recorded: NOT_RECORDED }),
        },
      )
      return
    }
    if (!(await recordSent(db, email, { at: Date.now(), answer: sentAnswer(info) }))) {
      log('warn', 'e-mail sent; its delivery was not recorded', { emailId: email.emailId, reason: NOT_RECORDED })
    }
  }

  async function drain() {
    while (!stopped) {
      const email = await claimNextDue(db, { now: Date.now(), leaseMs })
      if (!email) break
      await deliver(email)
    }
  }

  /** Sends every e-mail that is due now, one after the other; a poll during a run joins it. */
  async function sendDue(): Promise<void> {
    running ??= drain().finally(() => {
      running = null
    })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      sendDue()
        // A busy or closing database: the next poll tries again.
        .catch((error: unknown) => log('warn', 'e-mail delivery poll failed', { error: String(error) }))
        .finally(schedule)
    }, pollMs)
    timer.unref()
  }
  schedule()

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running?.catch(() => undefined)
      transport.close()
    },
  }
}
