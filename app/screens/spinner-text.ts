/**
 * The loading overlay's text (spec 1 section 2.2): chosen by the screen being
 * loaded, i.e. the path the navigation goes to, so the overlay can name it
 * before that screen's code or data have arrived.
 */
import { SCREEN_IDS, screenDef } from './registry'

export const DEFAULT_SPINNER_TEXT = 'Loading...'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each screen's address as written (a record's segment any one segment), with an optional trailing slash. */
const PATTERNS = SCREEN_IDS.map(screenDef).map((def) => ({
  def,
  pattern: new RegExp(`^${escape(def.path)}${def.param ? '/[^/]+' : ''}/?$`),
}))

/** The text for a navigation to `pathname`, or a submission of a form with `intent` to it. */
export function spinnerText(pathname: string | null | undefined, intent?: unknown): string {
  if (!pathname) return DEFAULT_SPINNER_TEXT
  const def = PATTERNS.find(({ pattern }) => pattern.test(pathname))?.def
  const submitted = typeof intent === 'string' ? def?.submitting?.[intent] : undefined
  return submitted ?? def?.spinner ?? DEFAULT_SPINNER_TEXT
}
