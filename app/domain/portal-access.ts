/**
 * Licensing Portal Access: the rules for a customer's contact list (spec 1
 * sections 2.7, 4, 5 and 6). The same functions validate in the browser, in the
 * portal's action and in the licensing API, so a rule exists once.
 *
 * Wire format of a contact: `{ email, role }` with role one of
 * 'Administrator' (Licensing Portal Administrator), 'Viewer' (Licensing Portal
 * Viewer) or 'Support Coordinator'. Stored roles are admin, viewer and asc.
 */
import { flagSet, isBusops, isViewOnly } from './permissions'
import type { AccountInfo, User } from './types'

export const ROLE_ADMINISTRATOR = 'Administrator'
export const ROLE_VIEWER = 'Viewer'
export const ROLE_COORDINATOR = 'Support Coordinator'

export const PORTAL_ROLES = [ROLE_ADMINISTRATOR, ROLE_VIEWER, ROLE_COORDINATOR] as const
export type PortalRole = (typeof PORTAL_ROLES)[number]

/** The roles the role list offers; the coordinator option is hidden (the Account Manager grants it). */
export const ASSIGNABLE_ROLES = [ROLE_ADMINISTRATOR, ROLE_VIEWER] as const

export type StoredRole = 'admin' | 'viewer' | 'asc'

const STORED_TO_ROLE: Record<StoredRole, PortalRole> = {
  admin: ROLE_ADMINISTRATOR,
  viewer: ROLE_VIEWER,
  asc: ROLE_COORDINATOR,
}

export function roleFromStored(stored: string): PortalRole | null {
  return Object.hasOwn(STORED_TO_ROLE, stored) ? STORED_TO_ROLE[stored as StoredRole] : null
}

export function storedFromRole(role: PortalRole): StoredRole {
  return (Object.keys(STORED_TO_ROLE) as StoredRole[]).find((k) => STORED_TO_ROLE[k] === role)!
}

export function isPortalRole(value: unknown): value is PortalRole {
  return typeof value === 'string' && (PORTAL_ROLES as readonly string[]).includes(value)
}

export interface Contact {
  email: string
  role: PortalRole
}

export const MAX_CONTACTS = 500
/** RFC 5321 limits: 254 for the address, 64 for the local part. */
export const MAX_EMAIL_LENGTH = 254
const MAX_LOCAL_LENGTH = 64

export const PORTAL_ACCESS_MESSAGES = {
  emailRequired: 'Email is required.',
  emailFormat: 'Incorrect Email Format.',
  freeDomain: 'Free domain is not allowed. Use a corporate e-mail address.',
  noAccount: 'No active account exists for this e-mail address.',
  roleRequired: 'Role is required.',
  duplicate: 'This contact is already in the list.',
  grantAdmin: 'Only an existing Administrator or a Support Coordinator can grant Administrator.',
  changeAdmin: 'Only an existing Administrator or a Support Coordinator can change or remove an Administrator.',
  coordinatorGrant: 'The Support Coordinator role is granted by the Account Manager.',
  coordinatorLocked: 'A Support Coordinator cannot be changed or removed here. Ask the Account Manager.',
  self: 'You cannot remove or change your own access. Ask another Administrator.',
  viewOnly: 'You have view-only access to this customer and cannot change its contacts.',
  stale: 'The contacts were changed by someone else. Reload the page to see the current list.',
  tooMany: `A customer can have at most ${MAX_CONTACTS} contacts.`,
  noChanges: 'There are no changes to save.',
} as const

const M = PORTAL_ACCESS_MESSAGES

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

// Deliberately narrower than RFC 5322: ASCII letters, digits and . _ % + - ' in the
// local part, starting with a letter or digit (no leading = + - @ that spreadsheets
// read as formulas, no quotes, angle brackets, commas or semicolons).
const LOCAL_PART = /^[A-Za-z0-9](?:[A-Za-z0-9._%+'-]*[A-Za-z0-9_%+'-])?$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

/**
 * A plain ASCII address user@domain.tld. Non-ASCII addresses are refused, which
 * also refuses look-alike domains written with other scripts (gmaіl.com with a
 * Cyrillic і); an IDN domain must be given in its punycode (xn--) form.
 */
export function emailFormatValid(email: string): boolean {
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false
  if (!/^[\x21-\x7e]+$/.test(email)) return false
  const at = email.indexOf('@')
  if (at <= 0 || at !== email.lastIndexOf('@')) return false
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local) || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false
  return TOP_LEVEL.test(labels[labels.length - 1])
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase()
}

/** The domain, or any domain it is a subdomain of, is on the list of free and consumer providers. */
export function isFreeEmailDomain(domain: string, freeDomains: ReadonlySet<string>): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    if (freeDomains.has(labels.slice(i).join('.'))) return true
  }
  return false
}

/** The first problem of an e-mail address, in the spec's order, or null. */
export function emailProblem(raw: string | null | undefined, freeDomains: ReadonlySet<string>): string | null {
  const email = (raw ?? '').trim()
  if (email === '') return M.emailRequired
  if (!emailFormatValid(email)) return M.emailFormat
  if (isFreeEmailDomain(emailDomain(email), freeDomains)) return M.freeDomain
  return null
}

export function roleProblem(role: unknown, { allowCoordinator = false } = {}): string | null {
  if (role === null || role === undefined || role === '') return M.roleRequired
  if (role === ROLE_COORDINATOR && !allowCoordinator) return M.coordinatorGrant
  return isPortalRole(role) ? null : M.roleRequired
}

export interface ContactProblem {
  /** Index in the list checked. */
  index: number
  field: 'email' | 'role'
  message: string
}

/**
 * Field problems of a list of contacts: e-mail, role and duplicates (a later
 * row repeating an earlier e-mail, case-insensitively). `coordinators` names
 * e-mails whose Support Coordinator role may stay (the locked rows); `known`
 * names e-mails already on the list, which keep their place even if they would
 * not pass today's format or provider rules (only new addresses are checked).
 */
export function contactProblems(
  contacts: readonly { email?: string | null; role?: unknown }[],
  freeDomains: ReadonlySet<string>,
  {
    coordinators = new Set<string>(),
    known = new Set<string>(),
  }: { coordinators?: ReadonlySet<string>; known?: ReadonlySet<string> } = {},
): ContactProblem[] {
  const problems: ContactProblem[] = []
  const seen = new Set<string>()
  contacts.forEach((contact, index) => {
    const email = normalizeEmail(contact.email ?? '')
    const emailError = email !== '' && known.has(email) ? null : emailProblem(contact.email, freeDomains)
    if (emailError) problems.push({ index, field: 'email', message: emailError })
    else if (seen.has(email)) problems.push({ index, field: 'email', message: M.duplicate })
    if (email) seen.add(email)
    const roleError = roleProblem(contact.role, { allowCoordinator: coordinators.has(email) })
    if (roleError) problems.push({ index, field: 'role', message: roleError })
  })
  return problems
}

const keyOf = (c: Contact) => `${normalizeEmail(c.email)}\u0000${c.role}`

/** Same contacts with the same roles, in any order, e-mails compared case-insensitively. */
export function sameContacts(a: readonly Contact[], b: readonly Contact[]): boolean {
  const left = new Set(a.map(keyOf))
  const right = new Set(b.map(keyOf))
  return left.size === right.size && [...left].every((k) => right.has(k))
}

export interface ContactDiff {
  added: Contact[]
  removed: Contact[]
  changed: { email: string; from: PortalRole; to: PortalRole }[]
}

/** What turns `before` into `after`, by e-mail (case-insensitive). */
export function diffContacts(before: readonly Contact[], after: readonly Contact[]): ContactDiff {
  const old = new Map(before.map((c) => [normalizeEmail(c.email), c.role]))
  const next = new Map(after.map((c) => [normalizeEmail(c.email), c.role]))
  const diff: ContactDiff = { added: [], removed: [], changed: [] }
  for (const [email, role] of next) {
    const was = old.get(email)
    if (was === undefined) diff.added.push({ email, role })
    else if (was !== role) diff.changed.push({ email, from: was, to: role })
  }
  for (const [email, role] of old) if (!next.has(email)) diff.removed.push({ email, role })
  return diff
}

/** What the acting user may do on this customer's contact list. */
export interface PortalAccessAuthority {
  /** Not view-only: may save the list at all. */
  canEdit: boolean
  /** An Administrator or Support Coordinator of the customer, or business operations. */
  canGrantAdmin: boolean
  /** The actor's own e-mail when they are a contact of the customer (their own row is protected). */
  selfEmail: string | null
}

export function portalAccessAuthority(
  user: User | null | undefined,
  info: AccountInfo | null | undefined,
): PortalAccessAuthority {
  const contact = flagSet(info?.isPortalEdit) || flagSet(info?.isPortalView) || flagSet(info?.isAsc)
  return {
    canEdit: !isViewOnly(user, info),
    canGrantAdmin: isBusops(user) || flagSet(info?.isAsc) || flagSet(info?.isPortalEdit),
    selfEmail: contact && user?.email ? normalizeEmail(user.email) : null,
  }
}

/**
 * Problems of a change that valid contacts alone do not reveal: who may grant
 * or take away Administrator, the locked Support Coordinator rows, the actor's
 * own row. Each message is returned once.
 */
export function changeProblems(
  before: readonly Contact[],
  after: readonly Contact[],
  authority: PortalAccessAuthority,
): string[] {
  if (!authority.canEdit) return [M.viewOnly]
  const problems = new Set<string>()
  const diff = diffContacts(before, after)
  const touched = [
    ...diff.added.map((c) => ({ email: c.email, from: null as PortalRole | null, to: c.role as PortalRole | null })),
    ...diff.removed.map((c) => ({ email: c.email, from: c.role as PortalRole | null, to: null as PortalRole | null })),
    ...diff.changed,
  ]
  for (const t of touched) {
    if (t.from === ROLE_COORDINATOR) problems.add(M.coordinatorLocked)
    else if (t.to === ROLE_COORDINATOR) problems.add(M.coordinatorGrant)
    if (!authority.canGrantAdmin) {
      if (t.to === ROLE_ADMINISTRATOR) problems.add(M.grantAdmin)
      else if (t.from === ROLE_ADMINISTRATOR) problems.add(M.changeAdmin)
    }
    if (authority.selfEmail && t.email === authority.selfEmail) problems.add(M.self)
  }
  return [...problems]
}

/** Contacts in display order: Support Coordinators first, then Administrators, then Viewers; by e-mail within a role. */
export function sortContacts<C extends Contact>(contacts: readonly C[]): C[] {
  const order: Record<PortalRole, number> = { 'Support Coordinator': 0, Administrator: 1, Viewer: 2 }
  return [...contacts].sort((a, b) => order[a.role] - order[b.role] || a.email.localeCompare(b.email))
}
