/** What a web transaction is, as Web Transactions shows it: its outcome, a denial's reason in words, its duration. */
import { DENIAL_TEXTS, type DenialReason } from './web-seats'
import { WEB_LICENSE_MODEL, isWebEntitlementType } from './web-licenses'

export const WEB_OUTCOMES = ['granted', 'returned', 'expired', 'denied'] as const
export type WebOutcome = (typeof WEB_OUTCOMES)[number]

const OUTCOME_LABELS: Record<WebOutcome, string> = {
  granted: 'Granted',
  returned: 'Returned',
  expired: 'Expired (lease ended)',
  denied: 'Denied',
}

export const webOutcomeLabel = (outcome: string): string =>
  Object.hasOwn(OUTCOME_LABELS, outcome) ? OUTCOME_LABELS[outcome as WebOutcome] : outcome

/** Why the service ended a seat itself, beside the denial reasons. */
const RETURN_TEXTS: Record<string, string> = {
  'user-removed': 'The user was removed from the customer’s web licence users.',
}

/** A reason code in words: a denial's (DENIAL_TEXTS) or a return's; the code itself when unknown, '' for none. */
export function webReasonText(reason: string): string {
  if (reason === '') return ''
  if (Object.hasOwn(DENIAL_TEXTS, reason)) return DENIAL_TEXTS[reason as DenialReason]
  return RETURN_TEXTS[reason] ?? reason
}

/** SHARED_WEB / NAMED_USER as the portal names them; '' for none. */
export const webLicenseTypeLabel = (type: string): string =>
  isWebEntitlementType(type) ? WEB_LICENSE_MODEL[type] : type

/** Milliseconds as minutes to one decimal; null for none. */
export function durationMinutes(ms: number | null | undefined): number | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null
  return Math.round(ms / 6000) / 10
}
