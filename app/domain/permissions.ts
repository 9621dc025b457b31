import { exportControlStatus, type WithExportStatus } from './product'
import type { AccountInfo, Role, User } from './types'

type MaybeUser = User | null | undefined
type MaybeInfo = AccountInfo | null | undefined

/** A numeric account flag is set when it is present and not 0. */
export function flagSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false
  const n = Number(value)
  return !Number.isNaN(n) && n !== 0
}

export function hasRole(user: MaybeUser, role: Role): boolean {
  return !!user?.roles?.some((r) => r.trim().toLowerCase() === role)
}

export function isBusops(user: MaybeUser): boolean {
  return hasRole(user, 'busops')
}

export function isSupport(user: MaybeUser): boolean {
  return hasRole(user, 'support')
}

export function isSales(user: MaybeUser): boolean {
  return hasRole(user, 'sales')
}

export function isSalesAccess(user: MaybeUser): boolean {
  return hasRole(user, 'salesaccess')
}

/** Vendor staff: business operations, support, sales or sales access. */
export function isStaff(user: MaybeUser): boolean {
  return isBusops(user) || isSupport(user) || isSales(user) || isSalesAccess(user)
}

/** True when the customer or its info is missing, or the account flags access as disabled. */
export function isAccessDisabled(info: MaybeInfo): boolean {
  return !info || flagSet(info.isAccessDisabled)
}

/**
 * SSL access is permissible when access is not disabled and the licence-generator
 * flag is not set, or when access is disabled and the generator flag is set
 * without asc or portalEdit.
 */
export function sslAccessPermissible(info: MaybeInfo): boolean {
  const disabled = isAccessDisabled(info)
  const generator = flagSet(info?.isFNPLicenseGenerator)
  if (!disabled) return !generator
  return generator && !flagSet(info?.isAsc) && !flagSet(info?.isPortalEdit)
}

export function selfServeLicensingAllowed(user: MaybeUser, info: MaybeInfo): boolean {
  return isStaff(user) || sslAccessPermissible(info)
}

/** Activations need self-serve licensing and an account with SSL. */
export function activationsAllowed(user: MaybeUser, info: MaybeInfo): boolean {
  return selfServeLicensingAllowed(user, info) && flagSet(info?.hasSSL)
}

/** FSA activations follow the self-serve licensing rule. */
export function fsaActivationsAllowed(user: MaybeUser, info: MaybeInfo): boolean {
  return selfServeLicensingAllowed(user, info)
}

function orgType(info: MaybeInfo): string {
  return typeof info?.orgType === 'string' ? info.orgType.trim().toLowerCase() : ''
}

export function isDirect(info: MaybeInfo): boolean {
  return orgType(info) === 'direct'
}

export function isChannel(info: MaybeInfo): boolean {
  return orgType(info) === 'channel'
}

export function isIndirect(info: MaybeInfo): boolean {
  return orgType(info) === 'indirect'
}

/** The org type is Direct, Channel or Indirect. */
export function customerTypeAllowed(info: MaybeInfo): boolean {
  return isDirect(info) || isChannel(info) || isIndirect(info)
}

/** The email list is for Channel or Direct customers only. */
export function emailListAllowed(info: MaybeInfo): boolean {
  return isDirect(info) || isChannel(info)
}

/** View-only unless the user is busops or the customer flags asc, portalEdit or licence generator. */
export function isViewOnly(user: MaybeUser, info: MaybeInfo): boolean {
  return !(
    isBusops(user) ||
    flagSet(info?.isAsc) ||
    flagSet(info?.isPortalEdit) ||
    flagSet(info?.isFNPLicenseGenerator)
  )
}

/** Elastic is always allowed. */
export function elasticAllowed(): boolean {
  return true
}

/** Denied when the export-control status is non-empty and not 'approved' (case-insensitive). */
export function exportDenied(info: WithExportStatus | null | undefined): boolean {
  const status = exportControlStatus(info)
  return status !== '' && status.toLowerCase() !== 'approved'
}

export type CustomerCategory = 'Busops' | 'Channel' | 'Direct' | 'Indirect'

/** The category shown in the toolbar: busops first, then the customer's org type. */
export function customerCategory(user: MaybeUser, info: MaybeInfo): CustomerCategory | null {
  if (isBusops(user)) return 'Busops'
  if (isChannel(info)) return 'Channel'
  if (isDirect(info)) return 'Direct'
  if (isIndirect(info)) return 'Indirect'
  return null
}

export const ROLE_LABELS = {
  busops: 'Business Operations Role',
  support: 'Support Role',
  sales: 'Sales Role',
  salesAccess: 'Sales Access Role',
  customer: 'Customer',
} as const

export const CUSTOMER_FLAG_LABELS = {
  isAsc: '(Support Coordinator)',
  isPortalEdit: '(Portal Administrator Role)',
  isFNPLicenseGenerator: '(FNP License Generator)',
  isPortalView: '(Portal Viewer Role)',
  isSales: '(Sales Role)',
  isSalesAccess: '(Sales Access Role)',
} as const

/**
 * The role label in the user menu: a staff label (at most one, highest first),
 * then one parenthesised label per flag set on the selected customer.
 * A flag label repeating the staff label ('Sales Role (Sales Role)') is left out.
 * Someone with neither a staff label nor a customer flag is shown as 'Customer'.
 */
export function roleLabel(user: MaybeUser, info: MaybeInfo): string {
  const parts = roleLabelParts(user, info)
  return parts.length > 0 ? parts.join(' ') : ROLE_LABELS.customer
}

function roleLabelParts(user: MaybeUser, info: MaybeInfo): string[] {
  const generator = flagSet(info?.isFNPLicenseGenerator)
  let base: string | null = null
  if (isBusops(user)) base = ROLE_LABELS.busops
  else if (isSupport(user) && !generator) base = ROLE_LABELS.support
  else if (isSales(user)) base = ROLE_LABELS.sales
  else if (isSalesAccess(user)) base = ROLE_LABELS.salesAccess

  const flags = (Object.keys(CUSTOMER_FLAG_LABELS) as (keyof typeof CUSTOMER_FLAG_LABELS)[])
    .filter((key) => flagSet(info?.[key]))
    .map((key) => CUSTOMER_FLAG_LABELS[key])
    .filter((label) => label !== `(${base})`)

  return base ? [base, ...flags] : flags
}

/** A role label's plain name: '(Portal Administrator Role)' is 'Portal Administrator'. */
function plainRoleName(label: string): string {
  return label.replace(/^\((.*)\)$/, '$1').replace(/ Role$/, '')
}

/**
 * The roles of the user menu's label as a sentence for the page, e.g. 'Your role:
 * Portal Administrator' or 'Your roles: Business Operations, Portal Viewer'.
 */
export function roleSentence(user: MaybeUser, info: MaybeInfo): string {
  const parts = roleLabelParts(user, info)
  const names = parts.length > 0 ? parts.map(plainRoleName) : [ROLE_LABELS.customer]
  return `${names.length > 1 ? 'Your roles' : 'Your role'}: ${names.join(', ')}`
}

function firstLetters(words: string[]): string {
  const chars = (w: string) => Array.from(w)
  if (words.length >= 2) {
    return chars(words[0])[0] + chars(words[words.length - 1])[0]
  }
  return chars(words[0] ?? '')
    .slice(0, 2)
    .join('')
}

/**
 * Two upper-case letters for the user menu: first and last word of the name
 * (punctuation inside a word ignored, so O'Brien is one word),
 * else of the e-mail local part (split on . _ - +); a single word gives its first
 * two letters. '?' when there is nothing to go on.
 */
export function initials(user: MaybeUser): string {
  const nameWords = (user?.name ?? '')
    .split(/\s+/u)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
  const local = (user?.email ?? '').split('@')[0]
  const words = nameWords.length > 0 ? nameWords : local.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const result = firstLetters(words).toUpperCase()
  return result === '' ? '?' : result
}
