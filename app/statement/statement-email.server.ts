/**
 * The statement e-mail of one entitlement (spec 2, Elastic Statements screen):
 * the form's fields checked on the server, the question asked first, and the
 * texts that report the outcome (spec 2 section 8).
 */
import { z } from 'zod'

export const EMAIL_SENT = 'Email has been sent.'
export const EMAIL_NOT_SENT = 'Email has not been sent.'

export const STATEMENT_EMAIL_INTENTS = { emailweek: 'week', emailmonth: 'month' } as const

export const statementEmailForm = z.object({
  intent: z.enum(['emailweek', 'emailmonth'], { message: 'Choose a Weekly or Monthly statement email.' }),
  activationId: z.string().trim().min(1, 'The entitlement is missing.').max(200, 'The entitlement is not valid.'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The statement date is not a day like 2026-11-01.'),
})

export type StatementEmailForm = z.infer<typeof statementEmailForm>

export function emailQuestion(intent: StatementEmailForm['intent']): string {
  const kind = intent === 'emailweek' ? 'Weekly' : 'Monthly'
  return `Are you sure you want to send a ${kind} Statement email for this entitlement?`
}

export function emailDetail(serverId: string, activationId: string): string[] {
  return [`Cloud Server Id: ${serverId}`, `Activation Id: ${activationId}`]
}

/** 'Email has not been sent.' with the reason. */
export function emailNotSent(reason: string): string {
  return `${EMAIL_NOT_SENT} ${reason}`.trim()
}
