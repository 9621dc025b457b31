/** How an e-mail's delivery is told on the Emails screens: a word in the list, a sentence on the e-mail's page. */
import type { DeliveryState } from '../domain/email-delivery'
import type { EmailDelivery } from '../api-client/emails.server'
import { momentUtcText } from '../domain/date-format'

const STATE_LABELS: Record<DeliveryState, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' }

/** For an e-mail written while delivery was not configured: it was only ever shown here. */
const NOT_EMAILED = 'Not e-mailed'

/** The list's word for a state; a value the portal does not know is shown as it is. */
export function deliveryStateLabel(state: string | null): string {
  if (state === null) return NOT_EMAILED
  return Object.hasOwn(STATE_LABELS, state) ? STATE_LABELS[state as DeliveryState] : state
}

/** What the e-mail's page says of its delivery (times as the API gives them, UTC). */
type DeliveryFacts = Pick<EmailDelivery, 'state' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'answer'>

const at = (time: string | null) => (time ? momentUtcText(time) : 'an unknown time')

/**
 * 'Queued — next attempt at …' (with the last answer after a failed attempt), 'Sent at …' or
 * 'Failed: <the mail server's answer>'.
 */
export function deliveryStatusText(delivery: DeliveryFacts): string {
  switch (delivery.state) {
    case 'queued': {
      const next = `Queued — next attempt at ${at(delivery.nextAttemptAt)}`
      return delivery.attempts > 0 && delivery.answer ? `${next}; last answer: ${delivery.answer}` : next
    }
    case 'sent':
      return `Sent at ${at(delivery.sentAt)}`
    case 'failed':
      return `Failed: ${delivery.answer ?? 'no answer from the mail server'}`
  }
}
