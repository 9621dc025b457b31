import { describe, expect, it } from 'vitest'
import { deliveryStateLabel, deliveryStatusText } from './email-delivery'

describe('an e-mail’s delivery in words', () => {
  it('names each state in the list, and an e-mail kept in the portal only', () => {
    expect(deliveryStateLabel('queued')).toBe('Queued')
    expect(deliveryStateLabel('sent')).toBe('Sent')
    expect(deliveryStateLabel('failed')).toBe('Failed')
    expect(deliveryStateLabel(null)).toBe('Not e-mailed')
    expect(deliveryStateLabel('bounced')).toBe('bounced')
  })

  it('tells when a queued e-mail is tried next, with the last answer once an attempt failed', () => {
    const queued = {
      state: 'queued' as const,
      attempts: 0,
      nextAttemptAt: '2026-03-05 10:01:30',
      sentAt: null,
      answer: null,
    }
    expect(deliveryStatusText(queued)).toBe('Queued — next attempt at 2026-03-05 10:01:30 UTC')
    expect(
      deliveryStatusText({
        ...queued,
        attempts: 2,
        nextAttemptAt: '2026-03-05 10:04:00',
        answer: '451 4.3.0 Try later',
      }),
    ).toBe('Queued — next attempt at 2026-03-05 10:04:00 UTC; last answer: 451 4.3.0 Try later')
  })

  it('tells when the mail server took it', () => {
    expect(
      deliveryStatusText({
        state: 'sent',
        attempts: 1,
        nextAttemptAt: null,
        sentAt: '2026-03-05 10:00:07',
        answer: '250 OK',
      }),
    ).toBe('Sent at 2026-03-05 10:00:07 UTC')
  })

  it('gives the mail server’s answer of a failure', () => {
    expect(
      deliveryStatusText({
        state: 'failed',
        attempts: 1,
        nextAttemptAt: null,
        sentAt: null,
        answer: '550 5.1.1 <x@acme.example>: Recipient address rejected',
      }),
    ).toBe('Failed: 550 5.1.1 <x@acme.example>: Recipient address rejected')
    expect(deliveryStatusText({ state: 'failed', attempts: 1, nextAttemptAt: null, sentAt: null, answer: null })).toBe(
      'Failed: no answer from the mail server',
    )
  })
})
