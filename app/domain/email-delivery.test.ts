import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RETRY_POLICY,
  failureAnswer,
  isDeliveryState,
  isPermanentFailure,
  nextAttemptAt,
  retryDelay,
} from './email-delivery'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('the retry schedule', () => {
  it('waits a minute after the first failure and doubles the wait up to an hour', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 30].map((attempts) => retryDelay(DEFAULT_RETRY_POLICY, attempts) / MINUTE)
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
  })

  it('keeps the cap however many attempts were made', () => {
    expect(retryDelay(DEFAULT_RETRY_POLICY, 5000)).toBe(HOUR)
    expect(retryDelay({ firstDelayMs: 10, maxDelayMs: 1_000, giveUpAfterMs: 0 }, 0)).toBe(10)
  })

  it('plans the next attempt from the time of the failure', () => {
    const queuedAt = Date.UTC(2026, 2, 5, 10, 0)
    const now = queuedAt + 3 * MINUTE
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, { queuedAt, attempts: 3 }, now)).toBe(now + 4 * MINUTE)
  })

  it('gives up once the next attempt would fall more than a day after the e-mail was queued', () => {
    const queuedAt = Date.UTC(2026, 2, 5, 10, 0)
    const policy = DEFAULT_RETRY_POLICY
    // The attempts of a server that never answers, each failing as it starts.
    let now = queuedAt
    let attempts = 0
    const times: number[] = []
    for (;;) {
      attempts++
      const next = nextAttemptAt(policy, { queuedAt, attempts }, now)
      if (next === null) break
      times.push(next)
      now = next
    }
    expect(times.at(-1)! - queuedAt).toBeLessThanOrEqual(24 * HOUR)
    expect(now - queuedAt).toBeGreaterThan(23 * HOUR)
    // 1 + 2 + … + 32 minutes, then hourly: about 29 attempts in a day.
    expect(attempts).toBeGreaterThan(25)
    expect(attempts).toBeLessThan(32)
  })
})

describe('which failures are tried again', () => {
  it('tries again after a 4xx reply', () => {
    expect(isPermanentFailure({ code: 'EENVELOPE', responseCode: 451, response: '451 4.3.0 Try again later' })).toBe(
      false,
    )
    expect(isPermanentFailure({ code: 'EMESSAGE', responseCode: 421, response: '421 Service not available' })).toBe(
      false,
    )
  })

  it('fails at once on a 5xx reply about the message or its recipients', () => {
    expect(
      isPermanentFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 Mailbox unavailable' }),
    ).toBe(true)
    expect(isPermanentFailure({ code: 'EMESSAGE', responseCode: 554, response: '554 Transaction failed' })).toBe(true)
  })

  it('tries again when the server cannot be reached, is slow or breaks the connection', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROTOCOL', undefined]) {
      expect(isPermanentFailure({ code, message: 'connect ECONNREFUSED 127.0.0.1:2525' }), String(code)).toBe(false)
    }
  })

  it('tries again when the server refuses the portal’s sign-in, even with a 5xx reply', () => {
    expect(isPermanentFailure({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' })).toBe(
      false,
    )
    expect(isPermanentFailure({ code: 'ENOAUTH', message: 'Missing credentials' })).toBe(false)
  })

  it('fails at once when the message cannot be sent as it is (no recipient)', () => {
    expect(isPermanentFailure({ code: 'EENVELOPE', message: 'No recipients defined' })).toBe(true)
  })
})

describe('the answer kept of a failure', () => {
  it('is the server’s reply when it gave one, else the error’s words', () => {
    expect(
      failureAnswer({ message: 'Can’t send mail - all recipients were rejected', response: '550 5.1.1 No such user' }),
    ).toBe('550 5.1.1 No such user')
    expect(failureAnswer({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toBe(
      'connect ECONNREFUSED 127.0.0.1:2525',
    )
    expect(failureAnswer({ code: 'ETIMEDOUT' })).toBe('ETIMEDOUT')
    expect(failureAnswer({})).toBe('Unknown error')
  })

  it('is cut to a thousand characters', () => {
    const answer = failureAnswer({ response: `550 ${'x'.repeat(5000)}` })
    expect(answer).toHaveLength(1000)
    expect(answer.endsWith('…')).toBe(true)
  })
})

describe('delivery states', () => {
  it('are queued, sent and failed', () => {
    expect(['queued', 'sent', 'failed'].every(isDeliveryState)).toBe(true)
    expect(isDeliveryState('bounced')).toBe(false)
    expect(isDeliveryState(null)).toBe(false)
  })
})
