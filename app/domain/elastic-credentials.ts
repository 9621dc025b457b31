/**
 * Elastic licence server credentials (spec 2 "Elastic Credentials screen", sections
 * 4 "PIN and usernames" and 5): the 6-digit PIN and the list of allowed usernames.
 * The same rules run in the browser, in the portal's action and in the API.
 */
import * as z from 'zod/mini'
import { parseSavedList } from './saved-list'

export const PIN_LENGTH = 6
export const MAX_USERNAMES = 500
export const USERNAME_MAX = 64

export const CREDENTIAL_MESSAGES = {
  pinInvalid: 'PIN number is not valid. Please enter a 6 digits number.',
  pinExportInvalid: 'PIN number is not valid. Please enter a 6 digits number and save it before exporting.',
  usernamesInvalid: 'List of usernames is not valid. Please enter a valid list.',
  pinQuestion: 'Are you sure you want to change the PIN for this Elastic License Server?',
  usernamesQuestion: 'Are you sure you want to change the allowed usernames for this Elastic License Server?',
  pinNotFound: 'PIN not found',
} as const

export const USERNAMES_BANNER = {
  open: 'Allowing all users with current PIN',
  restricted: 'Blocking all other users',
} as const

// ASCII digits only: /\d/ without the u flag never matches other scripts' digits.
const PIN = /^[0-9]{6}$/

/** Exactly 6 ASCII digits: no sign, decimal point, spaces or other characters. */
export function isValidPin(pin: unknown): pin is string {
  return typeof pin === 'string' && PIN.test(pin)
}

/** A number below 1 000 000 as a PIN, keeping leading zeros (7 -> '000007'). */
export function formatPin(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 10 ** PIN_LENGTH) throw new RangeError('PIN source out of range')
  return String(n).padStart(PIN_LENGTH, '0')
}

export interface PinControls {
  /** Change PIN: the PIN is valid and differs from the stored one. */
  canChange: boolean
  /** Cancel: the PIN differs and the stored one is valid. */
  canCancel: boolean
  /** Export ID & PIN: the PIN is valid and unchanged. */
  canExport: boolean
}

/** Spec 2 section 4, PIN. `stored` is null when the server has no PIN. */
export function pinControls(pin: string, stored: string | null, viewOnly = false): PinControls {
  const valid = isValidPin(pin)
  const changed = pin !== (stored ?? '')
  return {
    canChange: !viewOnly && valid && changed,
    canCancel: changed && isValidPin(stored),
    canExport: valid && !changed,
  }
}

/** A username: printable ASCII without whitespace. */
const USERNAME = /^[\x21-\x7e]+$/

export type UsernamesResult = { ok: true; users: string[] } | { ok: false; reason: string }

/**
 * The textarea's text as a list of usernames: one per line (LF, CRLF or CR), no empty
 * line, no whitespace, ASCII only, at most USERNAME_MAX characters, no duplicate
 * (case-insensitive). Empty text is the empty list. One final line break is allowed,
 * since it ends the last line rather than adding an empty one.
 */
export function parseUsernames(text: string | null | undefined): UsernamesResult {
  const raw = text ?? ''
  if (raw === '') return { ok: true, users: [] }
  const body = raw.replace(/(\r\n|\n|\r)$/, '')
  const lines = body.split(/\r\n|\n|\r/)
  return checkUsernames(lines)
}

/** The same rules for a list (as the API receives it). */
export function checkUsernames(users: unknown[]): UsernamesResult {
  if (users.length > MAX_USERNAMES) return { ok: false, reason: `At most ${MAX_USERNAMES} usernames are allowed.` }
  const seen = new Set<string>()
  for (const [i, user] of users.entries()) {
    const line = i + 1
    if (typeof user !== 'string' || user === '') return { ok: false, reason: `Line ${line} is empty.` }
    if (user.length > USERNAME_MAX)
      return { ok: false, reason: `Line ${line} is longer than ${USERNAME_MAX} characters.` }
    if (!USERNAME.test(user)) {
      return { ok: false, reason: `Line ${line} must be one username without spaces, in ASCII characters only.` }
    }
    const key = user.toLowerCase()
    if (seen.has(key)) return { ok: false, reason: `Line ${line} repeats a username (case is ignored).` }
    seen.add(key)
  }
  return { ok: true, users: users as string[] }
}

export function formatUsernames(users: string[]): string {
  return users.join('\n')
}

export function sameUsernames(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((u, i) => u === b[i])
}

export interface UsernamesControls {
  changed: boolean
  /** Save: the list is valid and changed. */
  canSave: boolean
  /** Cancel: the list is changed. */
  canCancel: boolean
}

/** Spec 2 section 4, usernames. */
export function usernamesControls(text: string, saved: string[], viewOnly = false): UsernamesControls {
  const parsed = parseUsernames(text)
  const changed = parsed.ok ? !sameUsernames(parsed.users, saved) : text !== formatUsernames(saved)
  return { changed, canSave: !viewOnly && parsed.ok && changed, canCancel: changed }
}

export function usernamesBanner(users: string[]): string {
  return users.length === 0 ? USERNAMES_BANNER.open : USERNAMES_BANNER.restricted
}

/** The Export ID & PIN file (spec 2 section 7): fields clsid, Alias and PIN. */
export function credentialsExport(server: { deviceId: string; alias: string }, pin: string) {
  return { clsid: server.deviceId, Alias: server.alias, PIN: pin }
}

/** File name of the export: a fixed prefix and the server id, reduced to safe characters. */
export function credentialsFileName(deviceId: string): string {
  const safe = deviceId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'server'
  return `elastic-server-${safe}.json`
}

const pinText = (message: string) => z.string({ error: message }).check(z.refine(isValidPin, message))

export const pinSchema = pinText(CREDENTIAL_MESSAGES.pinInvalid)

export const usernamesSchema = z.array(z.string()).check(
  z.superRefine((users, ctx) => {
    const result = checkUsernames(users)
    if (!result.ok)
      ctx.addIssue({ code: 'custom', message: `${CREDENTIAL_MESSAGES.usernamesInvalid} ${result.reason}` })
  }),
)

/* ------------------------------------------------------------------ the screen's forms */

/** The textarea's text as a list of usernames, or the spec's message followed by the reason. */
const usernamesText = z.pipe(
  z.optional(z.string()),
  z.transform((text: string | undefined, ctx) => {
    const parsed = parseUsernames(text)
    if (parsed.ok) return parsed.users
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: `${CREDENTIAL_MESSAGES.usernamesInvalid} ${parsed.reason}`,
    })
    return z.NEVER
  }),
)

/** The saved usernames an edit started from, as the form carries them; undefined when unreadable. */
export function parseSavedUsernames(text: unknown): string[] | undefined {
  return parseSavedList(text, z.string())
}

/** The PIN form as the browser checks it, whichever button submits it. */
export const pinFormSchema = z.object({ pin: pinSchema })

/** The usernames form: the list, and the saved list it started from (oldUsers, JSON). */
export const usernamesFormSchema = z.object({
  users: usernamesText,
  oldUsers: z.pipe(
    z.optional(z.string()),
    z.transform((text: string | undefined) => parseSavedUsernames(text)),
  ),
})

/** Each intent of the screen's action with its own fields. */
export const credentialsActionSchema = z.discriminatedUnion('intent', [
  z.extend(pinFormSchema, { intent: z.literal('changepin') }),
  // Export without JavaScript: the PIN shown must be valid, and (the action checks) the stored one.
  z.object({ intent: z.literal('export'), pin: pinText(CREDENTIAL_MESSAGES.pinExportInvalid) }),
  z.extend(usernamesFormSchema, { intent: z.literal('saveusers') }),
])

export type CredentialsIntent = z.infer<typeof credentialsActionSchema>['intent']
