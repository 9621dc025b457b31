import type { ExportStatusField } from './product'

/** Every role a signed-in user can carry. */
export const ROLES = [
  'user',
  'admin',
  'busops',
  'support',
  'sales',
  'salesaccess',
  'asc',
  'portalview',
  'portaledit',
  'weblicense',
] as const
export type Role = (typeof ROLES)[number]

/** The signed-in user (from getUserDetails). `roles` holds values of `Role`. */
export type User = {
  email: string
  name: string
  roles: string[]
}

export const ORG_TYPES = ['Undefined', 'Direct', 'Channel', 'Indirect'] as const
/** Known org types; the API may send other strings, which count as none of them. */
export type OrgType = (typeof ORG_TYPES)[number] | (string & {})

/**
 * Account info as returned by GET /api/getaccountinfo/{customerNumber}.
 * Numeric flags: 0 means no, anything else yes.
 */
export type AccountInfo = {
  customerNumber: string
  customerName: string
  isPortalView: number
  isPortalEdit: number
  isAsc: number
  isFNPLicenseGenerator: number
  isAccessDisabled: number
  isSalesAccess: number
  isSales: number
  hasSSL: number
  hasSharedLicense: number
  hasNamedLicense: number
  hasFSA: number
  hasElastic: number
  orgType: OrgType
  supportEmail: string
} & { [K in ExportStatusField]: string }
