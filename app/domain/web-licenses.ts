/**
 * Web licences: shared web seats (a pool of concurrent seats) and named-user seats (one
 * per person). The rules both the API and the portal apply: roles, who holds a named seat,
 * whether the seats suffice, and an entitlement's term.
 */

export const WEB_ENTITLEMENT_TYPES = ['SHARED_WEB', 'NAMED_USER'] as const
export type WebEntitlementType = (typeof WEB_ENTITLEMENT_TYPES)[number]

export function isWebEntitlementType(value: unknown): value is WebEntitlementType {
  return typeof value === 'string' && (WEB_ENTITLEMENT_TYPES as readonly string[]).includes(value)
}

/** The licence model a web entitlement of each type carries. */
export const WEB_LICENSE_MODEL: Record<WebEntitlementType, string> = {
  SHARED_WEB: 'Shared Web',
  NAMED_USER: 'Named User',
}

export const WEB_ROLES = ['member', 'admin'] as const
export type WebRole = (typeof WEB_ROLES)[number]

const ROLE_LABELS: Record<WebRole, string> = { member: 'Member', admin: 'Customer Administrator' }

export function webRoleLabel(role: WebRole): string {
  return ROLE_LABELS[role]
}

/**
 * A role as written by a person (CSV, form): the code or its label, any case; '' is a member.
 * Null when it is neither.
 */
export function parseWebRole(text: string): WebRole | null {
  const t = text.trim().toLowerCase()
  if (t === '') return 'member'
  for (const role of WEB_ROLES) {
    if (t === role || t === ROLE_LABELS[role].toLowerCase()) return role
  }
  return null
}

/* ---------------------------------------------------------------- term */

export type WebTermState = 'not-started' | 'in-term' | 'ended'

/**
 * Days are 'YYYY-MM-DD', so they compare as text. A null end never ends.
 * The lists use it in SQL: SQLite calls this function (api/web-store.ts), PostgreSQL its copy
 * web_term_state (db/migrations-pg/0002_sql_functions.sql), which must agree with it: a change here
 * is a change there, and db/pg-functions.test.ts checks that they agree.
 */
export function webTermState(startDate: string, endDate: string | null, today: string): WebTermState {
  if (startDate > today) return 'not-started'
  if (endDate !== null && endDate < today) return 'ended'
  return 'in-term'
}

const TERM_LABELS: Record<WebTermState, string> = {
  'not-started': 'Not started',
  'in-term': 'In term',
  ended: 'Ended',
}

export function webTermLabel(state: WebTermState): string {
  return TERM_LABELS[state]
}

/* ---------------------------------------------------------------- named seats */

export interface DirectSeat {
  userId: number
  /** 'YYYY-MM-DD' or null (with the entitlement). */
  endDate: string | null
}

/** A direct seat counts while it has no end date or its end date is today or later. */
export function isSeatCurrent(seat: { endDate: string | null }, today: string): boolean {
  return seat.endDate === null || seat.endDate >= today
}

/**
 * The people holding a seat of a named entitlement: the users of its current direct
 * assignments and the members of its assigned groups, each once.
 */
export function namedHolders(direct: DirectSeat[], groupMembers: number[], today: string): Set<number> {
  const holders = new Set<number>(groupMembers)
  for (const seat of direct) if (isSeatCurrent(seat, today)) holders.add(seat.userId)
  return holders
}

export interface NamedSeatCheck {
  productName: string
  quantity: number
  /** Holders before the change. */
  held: number
  /** Holders the change would give. */
  wanted: number
}

/**
 * Null when the change fits; otherwise the refusal, naming the entitlement and the numbers.
 * A change that does not add holders is always allowed, even on an entitlement already over
 * its quantity (a quantity lowered later must not block removals).
 */
export function namedSeatShortfall(check: NamedSeatCheck): string | null {
  const { productName, quantity, held, wanted } = check
  if (wanted <= quantity || wanted <= held) return null
  const seats = `${quantity} ${quantity === 1 ? 'seat' : 'seats'}`
  const heldText = `${held} ${held === 1 ? 'is' : 'are'} held`
  const more = wanted - held
  return `${productName} has ${seats}: ${heldText}, ${more} more ${more === 1 ? 'is' : 'are'} needed.`
}

/** Seats a named entitlement can still give: quantity - holders, never below zero. */
export function allowedLeft(quantity: number, holders: number): number {
  return Math.max(0, quantity - holders)
}

/* ---------------------------------------------------------------- messages */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export const WEB_MESSAGES = {
  viewOnly: 'You have view-only access to this customer and cannot change its web licences.',
  sharedToGroups: (productName: string) =>
    `${productName} is a shared web licence: it is assigned to groups, not to users.`,
  notNamed: (productName: string) => `${productName} is not a named-user licence.`,
  userExists: (email: string) => `${email} is already a web user of this customer.`,
  groupExists: (name: string) => `There is already a group called ${name}.`,
  notUsers: (emails: string[]) =>
    `${emails.length === 1 ? 'This e-mail is not a web user' : 'These e-mails are not web users'} of this customer: ${emails.join(', ')}.`,
  notUserIds: (ids: number[]) => `Not web users of this customer: ${ids.join(', ')}.`,
  stale: 'The seats were changed by someone else. Reload to see the current holders.',
  alreadyAssigned: (productName: string, group: string) => `${productName} is already assigned to ${group}.`,
} as const

/**
 * Why removing a user needs a confirmation, or null when nothing is lost: the named seats
 * the user holds are freed and the running checkouts end at once.
 */
export function removeUserConfirmation(name: string, namedSeats: string[], checkouts: number): string | null {
  if (namedSeats.length === 0 && checkouts === 0) return null
  const parts = [
    namedSeats.length > 0 ? `holds a named seat of ${namedSeats.join(', ')}` : '',
    checkouts > 0 ? `has ${plural(checkouts, 'running session')}, which will end at once` : '',
  ].filter(Boolean)
  return `${name} ${parts.join(' and ')}. Confirm to remove the user.`
}

/** Why deleting a group needs a confirmation, or null when it has no members and no assignments. */
export function removeGroupConfirmation(name: string, members: number, assignments: number): string | null {
  if (members === 0 && assignments === 0) return null
  const parts = [
    members > 0 ? plural(members, 'member') : '',
    assignments > 0 ? plural(assignments, 'licence assignment') : '',
  ].filter(Boolean)
  return `The group ${name} has ${parts.join(' and ')}. Confirm to delete it; its members stay users.`
}
