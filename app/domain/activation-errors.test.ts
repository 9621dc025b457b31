import { describe, expect, it } from 'vitest'
import { ACTIVATION_ERROR_TEXTS, referenceId, rewriteActivationError } from './activation-errors'

const REF = '0123456789abcdef0123456789ABCDEF'

describe('raw activation errors as the screens show them', () => {
  it('says a timed-out request can be retried', () => {
    expect(rewriteActivationError('Error: ESOCKETTIMEDOUT after 30000 ms')).toBe(ACTIVATION_ERROR_TEXTS.timeout)
  })

  it('says the activation policy denied the fulfilment', () => {
    expect(
      rewriteActivationError('FAILURE: activation of the fulfillment is denied by the activation policy (rule 7)'),
    ).toBe(ACTIVATION_ERROR_TEXTS.policy)
  })

  it('says an exception stopped it, for either form the service reports', () => {
    expect(rewriteActivationError('The server caught an exception while activating')).toBe(
      ACTIVATION_ERROR_TEXTS.exception,
    )
    expect(rewriteActivationError('POST /fulfillments: 500 Internal Server Error')).toBe(
      ACTIVATION_ERROR_TEXTS.exception,
    )
  })

  it('says customers could not be fetched', () => {
    expect(rewriteActivationError('EFETCH: customers')).toBe(ACTIVATION_ERROR_TEXTS.fetchCustomers)
  })

  it('keeps the reference id of 32 hexadecimal characters in parentheses', () => {
    expect(referenceId(`caught an exception, reference id [${REF}]`)).toBe(REF)
    expect(rewriteActivationError(`caught an exception, reference id [${REF}]`)).toBe(
      `${ACTIVATION_ERROR_TEXTS.exception} (${REF})`,
    )
    // 31 characters is no reference id.
    expect(rewriteActivationError(`ESOCKETTIMEDOUT reference id [${REF.slice(1)}]`)).toBe(
      ACTIVATION_ERROR_TEXTS.timeout,
    )
  })

  it('shows any other text as it came', () => {
    expect(rewriteActivationError('Host acme (001122aabbcc) is active.')).toBe('Host acme (001122aabbcc) is active.')
    expect(rewriteActivationError('')).toBe('')
  })
})
