/**
 * The licensing service's raw activation errors as the activation screens show
 * them (spec 3 section 8): known failures become a sentence that says what to
 * do, with the service's reference id (32 hexadecimal characters after
 * 'reference id [') kept in parentheses so support can find the request; any
 * other text is shown as it came.
 */

export const ACTIVATION_ERROR_TEXTS = {
  timeout: 'Unable to complete the activation due to request timeout. Please clear the error and retry.',
  policy:
    'Unable to complete the activation as the fulfillment is denied by the activation policy. Please clear the error and retry.',
  exception: 'Unable to complete the activation due to an exception. Please clear the error and retry.',
  fetchCustomers: 'Unable to fetch customers for the selected server due to an exception.',
} as const

const RULES: [(raw: string) => boolean, string][] = [
  [(raw) => raw.includes('ESOCKETTIMEDOUT'), ACTIVATION_ERROR_TEXTS.timeout],
  [
    (raw) => raw.includes('activation of the fulfillment is denied by the activation policy'),
    ACTIVATION_ERROR_TEXTS.policy,
  ],
  [
    (raw) => raw.includes('caught an exception') || raw.includes('500 Internal Server Error'),
    ACTIVATION_ERROR_TEXTS.exception,
  ],
  [(raw) => raw.includes('EFETCH'), ACTIVATION_ERROR_TEXTS.fetchCustomers],
]

/** The service's reference id in a raw error ('reference id [<32 hex>]'), or null. */
export function referenceId(raw: string): string | null {
  return /reference id \[([0-9a-f]{32})\]/i.exec(raw)?.[1] ?? null
}

export function rewriteActivationError(raw: string): string {
  const rule = RULES.find(([matches]) => matches(raw))
  if (!rule) return raw
  const reference = referenceId(raw)
  return reference ? `${rule[1]} (${reference})` : rule[1]
}
