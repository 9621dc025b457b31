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
]

export function spinnerText(pathname: string | null | undefined): string {
  if (!pathname) return DEFAULT_SPINNER_TEXT
  return SPINNER_TEXTS.find(([pattern]) => pattern.test(pathname))?.[1] ?? DEFAULT_SPINNER_TEXT
}
