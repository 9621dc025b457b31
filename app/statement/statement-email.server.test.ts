import { describe, expect, it } from 'vitest'
import { emailDetail, emailNotSent, emailQuestion, statementEmailForm } from './statement-email.server'

describe('the statement e-mail form', () => {
  it('asks with the spec’s question, then the Cloud Server Id and the Activation Id', () => {
    expect(emailQuestion('emailweek')).toBe(
      'Are you sure you want to send a Weekly Statement email for this entitlement?',
    )
    expect(emailQuestion('emailmonth')).toBe(
      'Are you sure you want to send a Monthly Statement email for this entitlement?',
    )
    expect(emailDetail('CLS-1', 'A-1')).toEqual(['Cloud Server Id: CLS-1', 'Activation Id: A-1'])
  })

  it('takes a known intent, an activation id and a day, and says what is wrong otherwise', () => {
    expect(statementEmailForm.safeParse({ intent: 'emailweek', activationId: ' A-1 ', date: '2026-10-31' })).toEqual({
      success: true,
      data: { intent: 'emailweek', activationId: 'A-1', date: '2026-10-31' },
    })
    const bad = statementEmailForm.safeParse({ intent: 'emailyear', activationId: '', date: '31.10.2026' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Choose a Weekly or Monthly statement email.',
      'The entitlement is missing.',
      'The statement date is not a day like 2026-11-01.',
    ])
  })

  it('reports a failure with the reason', () => {
    expect(emailNotSent('View-only users cannot send statement e-mails.')).toBe(
      'Email has not been sent. View-only users cannot send statement e-mails.',
    )
  })
})
