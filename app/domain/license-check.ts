/**
 * Check a licence file (Manage Activations): who may check one, what each line
 * of a file grants as people read it, and how a file differs from what its
 * host's activations give today, in words. Pure: the API reads the file, checks
 * the signatures and generates today's file; this module compares.
 */
import { customerOfVendorString } from './license-file'
import { attribute, type LicenseLine } from './license-lines'
import { isBusops, isSupport, flagSet } from './permissions'
import type { AccountInfo, User } from './types'

/** A customer's administrators, and vendor support and business operations. */
export function mayCheckLicense(user: User | null | undefined, info: AccountInfo | null | undefined): boolean {
  return isBusops(user) || isSupport(user) || flagSet(info?.isPortalEdit)
}

export const LICENSE_CHECK_MESSAGES = {
  empty: 'Paste the text of a licence file, or choose a .lic file to upload.',
  both: 'Paste a licence file or upload one, not both.',
  tooLarge: (limitKb: number) => `The file is larger than ${limitKb} KB: a licence file is smaller.`,
  notText: 'The file is not a text file: a licence file is plain text.',
  notLicense: 'This is not a licence file: it has no SERVER line and no FEATURE or INCREMENT line.',
  refused: 'You may check the licence files of the customers you administer only.',
} as const

/** One licence line as a person reads it. */
export interface CheckedGrant {
  lineNumber: number
  keyword: string
  /** No problems: signed by this portal's key for what it grants, and not a repeat. */
  genuine: boolean
  problems: string[]
  feature: string
  /** The product name of the activation it was issued for, when the customer has it. */
  productName: string | null
  activationId: string | null
  count: string
  /** 'permanent' or dd-mmm-yyyy. */
  expiry: string
  start: string | null
  version: string
  /** 'No', 'Yes', or 'Up to N hours'. */
  borrowing: string
  /** A node-locked line's host (HOSTID=), or null for a line served by the file's servers. */
  lockedTo: string | null
  customerNumber: string | null
}

export interface LicenseCheck {
  genuine: boolean
  host: {
    /** The host ids of the file's SERVER lines. */
    ids: string[]
    /** The host's name when it is a host of a customer the checker may see. */
    name: string | null
  }
  customers: { number: string; name: string }[]
  lines: CheckedGrant[]
  /** Lines of customers the checker may not see: counted, never described. */
  hiddenLines: number
  /** Lines that are neither comments nor lines of a licence file. */
  strayLines: { lineNumber: number; text: string }[]
  /** 'current': the same as the host's activations give today. */
  state: 'current' | 'differs' | 'unknownHost'
  differences: string[]
}

function borrowingOf(line: LicenseLine): string {
  const borrow = attribute(line, 'BORROW')
  if (borrow === undefined) return 'No'
  return borrow === '' ? 'Yes' : `Up to ${borrow} hours`
}

/** What a licence line grants, read from its fields (FEATURE/INCREMENT, UPGRADE and PACKAGE lay them out apart). */
export function grantOf(
  line: LicenseLine,
  problems: readonly string[],
  productName: string | null = null,
): CheckedGrant {
  const p = line.positional
  const upgrade = line.keyword === 'UPGRADE'
  const offset = upgrade ? 1 : 0
  return {
    lineNumber: line.lineNumber,
    keyword: line.keyword,
    genuine: problems.length === 0,
    problems: [...problems],
    feature: p[0] ?? '',
    productName,
    activationId: attribute(line, 'SN') ?? null,
    count: line.keyword === 'PACKAGE' ? '' : (p[4 + offset] ?? ''),
    expiry: line.keyword === 'PACKAGE' ? '' : (p[3 + offset] ?? ''),
    start: attribute(line, 'START') ?? null,
    version: line.keyword === 'PACKAGE' ? (p[2] ?? '') : (p[2 + offset] ?? ''),
    borrowing: borrowingOf(line),
    lockedTo: attribute(line, 'HOSTID') ?? null,
    customerNumber: customerOfVendorString(attribute(line, 'VENDOR_STRING')),
  }
}

const named = (g: CheckedGrant) => `${g.productName ?? g.feature}${g.activationId ? ` (${g.activationId})` : ''}`

const keyOf = (g: CheckedGrant) => `${g.customerNumber ?? ''}|${g.activationId ?? `${g.keyword} ${g.feature}`}`

const FIELDS: [keyof CheckedGrant, string][] = [
  ['count', 'count'],
  ['expiry', 'expiry'],
  ['start', 'start'],
  ['version', 'version'],
  ['borrowing', 'borrowing'],
  ['lockedTo', 'host lock'],
  ['feature', 'feature'],
]

/**
 * How the file's lines differ from the lines the host's activations give today,
 * in words, in file order then today's order; none when the file is current.
 */
export function grantDifferences(file: readonly CheckedGrant[], today: readonly CheckedGrant[]): string[] {
  const differences: string[] = []
  const now = new Map(today.map((g) => [keyOf(g), g]))
  const seen = new Set<string>()
  for (const g of file) {
    const key = keyOf(g)
    const current = now.get(key)
    if (seen.has(key)) continue
    seen.add(key)
    if (!current) {
      differences.push(`Line ${g.lineNumber}, ${named(g)}: not activated on this host today.`)
      continue
    }
    for (const [field, label] of FIELDS) {
      if ((g[field] ?? '') !== (current[field] ?? '')) {
        differences.push(
          `Line ${g.lineNumber}, ${named(current)}: ${label} ${g[field] || 'none'} in the file, ${current[field] || 'none'} today.`,
        )
      }
    }
  }
  for (const g of today) {
    if (!seen.has(keyOf(g))) {
      differences.push(`${named(g)}: ${g.count} activated on this host today, missing from the file.`)
    }
  }
  return differences
}
