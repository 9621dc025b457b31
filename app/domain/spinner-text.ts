/**
 * The loading overlay's text (spec 1 section 2.2): chosen by the screen being
 * loaded, i.e. the path the navigation goes to, so the overlay can name it
 * before that screen's code or data have arrived.
 */
export const DEFAULT_SPINNER_TEXT = 'Loading...'

const SPINNER_TEXTS: readonly (readonly [RegExp, string])[] = [
  [/^\/emails\/?$/, 'Getting Emails...'],
  [/^\/emails\/[^/]+\/?$/, 'Getting Email...'],
  [/^\/portalaccess\/?$/, 'Manage Portal Access...'],
  [/^\/(notifications|notifications-category\/[^/]+|notification-details\/[^/]+)\/?$/, 'Getting Alerts...'],
  [/^\/activations-history\/?$/, 'Getting Activations History...'],
  [/^\/entitlementsFSA\/?$/, 'Getting Flexible Spending Account Details...'],
]

/** A form's text by the screen it posts to and its intent (spec 3, Manage Activations' spinner texts). */
const SUBMISSION_TEXTS: Record<string, Record<string, string>> = {
  '/activations-history': {
    deactivate: 'Deactivating...',
    delete: 'Removing host...',
    rehost: 'Rehosting to...',
  },
  '/activations-history/check': {
    check: 'Checking licence file...',
  },
  '/entitlementsFSA': {
    order: 'Creating entitlements...',
    'order-activate': 'Creating entitlements...',
  },
}

/** The text for a navigation to `pathname`, or a submission of a form with `intent` to it. */
export function spinnerText(pathname: string | null | undefined, intent?: unknown): string {
  if (!pathname) return DEFAULT_SPINNER_TEXT
  const bare = pathname.replace(/\/$/, '') || '/'
  const submitted = typeof intent === 'string' ? SUBMISSION_TEXTS[bare]?.[intent] : undefined
  return submitted ?? SPINNER_TEXTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? DEFAULT_SPINNER_TEXT
}
