/**
 * The IP allow-list of an elastic licence server (spec 1 sections 2.8, 4 and 5):
 * each rule has a name and an IPv4 or IPv6 address, optionally in CIDR notation.
 * An empty list accepts every address. The same rules run in the browser, in the
 * portal's action and in the API.
 */
import ipaddr from 'ipaddr.js'
import * as z from 'zod/mini'
import { parseSavedList, SAVED_LIST_MAX_LENGTH } from './saved-list'

export interface WhitelistRule {
  rulename: string
  ipaddress: string
}

export const MAX_RULES = 100
export const RULE_NAME_MAX = 64
/** Longer than any IPv6 address with a /128 suffix; longer input is refused before parsing. */
export const IP_ADDRESS_MAX = 64

export const IP_MESSAGES = {
  ruleNameRequired: 'Rule name is required.',
  ruleNameTooLong: `Rule name must be at most ${RULE_NAME_MAX} characters.`,
  ruleNameCharacters:
    "Rule name must start with a letter or digit and may contain letters, digits, spaces and . , _ - ( ) / & ' : # only.",
  addressRequired: 'IP address is required.',
  addressInvalid:
    'Enter a valid IPv4 or IPv6 address, optionally with a CIDR suffix (for example 203.0.113.7/32 or 2001:db8::/48).',
  addressLeadingZeros: 'IPv4 parts must not have leading zeros (write 1.2.3.4, not 01.2.3.4).',
  addressZone: 'IPv6 zone ids (the part after %) are not allowed.',
  prefixV4: 'The CIDR suffix of an IPv4 address must be between /0 and /32.',
  prefixV6: 'The CIDR suffix of an IPv6 address must be between /0 and /128.',
  tooManyRules: `At most ${MAX_RULES} rules are allowed.`,
} as const

export const WHITELIST_BANNER = {
  open: 'All IP Addresses are allowed',
  restricted: 'All other IP Addresses are blocked',
} as const

// Letters and digits of any script (names are labels for people), a few separators; no
// markup, quotes, formula or control characters, so a name is safe in HTML, CSV and logs.
const RULE_NAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} .,_\-()/&':#]*$/u

/** The message for an invalid rule name, or null when it is valid. Surrounding spaces are ignored. */
export function ruleNameError(name: string | null | undefined): string | null {
  const value = (name ?? '').trim()
  if (value === '') return IP_MESSAGES.ruleNameRequired
  if (Array.from(value).length > RULE_NAME_MAX) return IP_MESSAGES.ruleNameTooLong
  if (!RULE_NAME.test(value)) return IP_MESSAGES.ruleNameCharacters
  return null
}

const ADDRESS_CHARS = /^[0-9A-Fa-f:.]+$/
const PREFIX = /^(0|[1-9][0-9]{0,2})$/

/**
 * The message for an invalid address, or null when it is valid: dotted-decimal IPv4
 * (no leading zeros, no short or hex forms) or IPv6 (including '::' and embedded
 * IPv4 such as ::ffff:1.2.3.4), each optionally with /prefix in range.
 * Only ASCII is accepted, so look-alike digits and dots are refused.
 */
export function ipAddressError(address: string | null | undefined): string | null {
  const value = (address ?? '').trim()
  if (value === '') return IP_MESSAGES.addressRequired
  if (value.length > IP_ADDRESS_MAX) return IP_MESSAGES.addressInvalid
  const parts = value.split('/')
  if (parts.length > 2) return IP_MESSAGES.addressInvalid
  const [host, prefix] = parts
  if (host.includes('%')) return IP_MESSAGES.addressZone
  if (!ADDRESS_CHARS.test(host)) return IP_MESSAGES.addressInvalid
  if (prefix !== undefined && !PREFIX.test(prefix)) return IP_MESSAGES.addressInvalid

  if (!host.includes(':')) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(host)) {
      return ipaddr.IPv4.isValid(host) && /(^|\.)0[0-9]/.test(host)
        ? IP_MESSAGES.addressLeadingZeros
        : IP_MESSAGES.addressInvalid
    }
    if (prefix !== undefined && Number(prefix) > 32) return IP_MESSAGES.prefixV4
    return null
  }

  if (!ipaddr.IPv6.isValid(host)) return IP_MESSAGES.addressInvalid
  // ipaddr.js accepts leading zeros in an embedded IPv4 part (::ffff:01.2.3.4); we do not.
  const embedded = host.includes('.') ? host.slice(host.lastIndexOf(':') + 1) : null
  if (embedded !== null && !ipaddr.IPv4.isValidFourPartDecimal(embedded)) return IP_MESSAGES.addressLeadingZeros
  if (prefix !== undefined && Number(prefix) > 128) return IP_MESSAGES.prefixV6
  return null
}

export interface RuleErrors {
  rulename?: string
  ipaddress?: string
}

export function ruleErrors(rule: Partial<WhitelistRule>): RuleErrors | null {
  const rulename = ruleNameError(rule.rulename) ?? undefined
  const ipaddress = ipAddressError(rule.ipaddress) ?? undefined
  return rulename || ipaddress ? { rulename, ipaddress } : null
}

export function allRulesValid(rules: Partial<WhitelistRule>[]): boolean {
  return rules.length <= MAX_RULES && rules.every((r) => ruleErrors(r) === null)
}

/** A rule as stored: both values trimmed. */
export function normalizeRule(rule: Partial<WhitelistRule>): WhitelistRule {
  return { rulename: (rule.rulename ?? '').trim(), ipaddress: (rule.ipaddress ?? '').trim() }
}

/** Whether two lists hold the same rules in the same order (surrounding spaces ignored). */
export function sameRules(a: Partial<WhitelistRule>[], b: Partial<WhitelistRule>[]): boolean {
  if (a.length !== b.length) return false
  return a.every((rule, i) => {
    const x = normalizeRule(rule)
    const y = normalizeRule(b[i])
    return x.rulename === y.rulename && x.ipaddress === y.ipaddress
  })
}

const savedRule = z.object({ rulename: z.string(), ipaddress: z.string() })

/** The saved rules an edit started from, as its form carries them; undefined when unreadable. */
export function parseSavedRules(text: unknown): WhitelistRule[] | undefined {
  return parseSavedList(text, savedRule)
}

export function whitelistBanner(rules: unknown[]): string {
  return rules.length === 0 ? WHITELIST_BANNER.open : WHITELIST_BANNER.restricted
}

export interface WhitelistControls {
  changed: boolean
  /** Cancel: enabled when the list differs from the saved one. */
  canCancel: boolean
  /** Save: enabled when the list differs and every rule is valid. */
  canSave: boolean
  /** Inputs, Add Rule and Remove: disabled for view-only users. */
  canEdit: boolean
}

/** Spec 1 section 4, IP whitelist. */
export function whitelistControls(
  current: Partial<WhitelistRule>[],
  saved: WhitelistRule[],
  viewOnly: boolean,
): WhitelistControls {
  const changed = !sameRules(current, saved)
  return {
    changed,
    canCancel: changed,
    canSave: !viewOnly && changed && allRulesValid(current),
    canEdit: !viewOnly,
  }
}

/**
 * A trimmed text checked by `validate`. A missing value (a form's empty field arrives
 * as undefined) gets the "required" message, another type a plain one; the value is
 * trimmed after validation.
 */
function checkedText(required: string, validate: (v: string) => string | null) {
  const text = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Expected text.'),
  })
  return z.pipe(
    text.check(
      z.superRefine((value, ctx) => {
        const message = validate(value)
        if (message) ctx.addIssue({ code: 'custom', message })
      }),
    ),
    z.transform((v: string) => v.trim()),
  )
}

/** One rule. */
export const whitelistRuleSchema = z.object({
  rulename: checkedText(IP_MESSAGES.ruleNameRequired, ruleNameError),
  ipaddress: checkedText(IP_MESSAGES.addressRequired, ipAddressError),
})

export const whitelistSchema = z.array(whitelistRuleSchema).check(z.maxLength(MAX_RULES, IP_MESSAGES.tooManyRules))

/** The screen's form: the rules, and the saved list the user started from (JSON), so a save over someone else's is refused. */
export const whitelistFormSchema = z.object({
  baseline: z.optional(z.string().check(z.maxLength(SAVED_LIST_MAX_LENGTH))),
  rules: z._default(whitelistSchema, []),
})
