/**
 * FlexNet licence files (spec 3 section 7, Merging): the text of one
 * customer's activations on a host, and the merge of several customers' texts
 * into the host's file. Pure: the signature of each INCREMENT line comes from
 * the caller (a keyed HMAC on the server), so the layout is tested here and the
 * key never enters the domain.
 *
 *   # <header comments>
 *   SERVER <hostname> <hostid> <port>          (three lines for a triad; the first is the master)
 *   VENDOR <daemon>                            (one per daemon group with activations)
 *   USE_SERVER
 *   # 1. <product name> (<activation id>)
 *   INCREMENT <feature> <daemon> <yyyy.mmdd> <dd-mmm-yyyy|permanent> <count> \
 *   	VENDOR_STRING="..." ISSUED=... START=... [BORROW] NOTICE="..." SN=... SIGN=...
 */
import { typedHostId, type HostIdType } from './host-id'
import { canonicalLine, FEATURE_NAME_MAX, licenseLineOf } from './license-lines'
import { PRODUCT_PREFIX } from './product'

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** Lines longer than this are continued with ' \' on a tab-indented next line. */
export const LINE_WIDTH = 78

/** The daemon groups a file may name (spec 3 section 7), in the order their VENDOR lines appear. */
export const DAEMON_GROUPS = [
  `${PRODUCT_PREFIX}lmd`,
  'ansoftd',
  'fluentlm',
  'apachelm',
  'seqlmd',
  `${PRODUCT_PREFIX}lmd_nodelocked`,
  'ansoftd_nodelocked',
  'fluentlm_nodelocked',
  'apachelm_nodelocked',
  'seqlmd_nodelocked',
] as const

function dayParts(day: string): [string, number, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day)
  if (!match) throw new RangeError(`Not a day: ${day}`)
  return [match[1], Number(match[2]), match[3]]
}

/** A day as FlexNet writes it: 'dd-mmm-yyyy', e.g. '05-mar-2027'. */
export function flexDate(day: string): string {
  const [year, month, date] = dayParts(day)
  return `${date}-${MONTHS[month - 1]}-${year}`
}

/** The feature version from the maintenance end (version date): 'yyyy.mmdd'. */
export function flexVersion(versionDate: string): string {
  const [year, month, date] = dayParts(versionDate)
  return `${year}.${String(month).padStart(2, '0')}${date}`
}

/** The expiry of an INCREMENT line: its end day, or 'permanent' without one. */
export function flexExpiry(endDate: string | null | undefined): string {
  return endDate ? flexDate(endDate) : 'permanent'
}

/** Text from data on one line: a line break in a name must not start a line of the file. */
function oneLine(text: string): string {
  // Control characters (line breaks, tabs ...) become spaces.
  const printable = [...text].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('')
  return printable.replace(/ {2,}/g, ' ').trim()
}

/** A quoted attribute value: FlexNet strings cannot hold a double quote. */
function quoted(text: string): string {
  return `"${oneLine(text.replace(/"+/g, ' '))}"`
}

/** Tokens laid out on lines of at most LINE_WIDTH characters, continued with ' \' and a tab. */
export function continued(tokens: readonly string[]): string {
  const lines: string[] = []
  let line = ''
  for (const token of tokens) {
    const next = line ? `${line} ${token}` : token
    // Room for the continuation mark on every line but the last.
    if (line && next.length > LINE_WIDTH - 2) {
      lines.push(line)
      line = `\t${token}`
    } else {
      line = next
    }
  }
  if (line) lines.push(line)
  return lines.join(' \\\n')
}

export interface LicenseHost {
  name: string
  ids: string[]
  type: HostIdType
  port: number
}

export interface LicenseProduct {
  /** The feature name (CA[ENT|ansysproduct]). */
  feature: string
  productName: string
  activationId: string
  daemon: string
  /** 'YYYY-MM-DD' */
  startDate: string
  endDate: string | null
  versionDate: string
  count: number
  borrowable: boolean
}

export interface LicenseText {
  host: LicenseHost
  customer: { number: string; name: string }
  products: readonly LicenseProduct[]
  /** 'YYYY-MM-DD' */
  issued: string
  /** The signature of a line's canonical form (canonicalLine). */
  sign: (canonical: string) => string
  /** The issuer named in the header comment. */
  signedBy: string
}

/**
 * The SERVER lines of a host: one, or three for a triad (the first is the
 * master). A triad's three names are comma-separated, as every triad is
 * added (readHostNames); a triad stored under one name, which adding no longer
 * accepts, still gets three lines: the name with _2 and _3 added.
 */
export function serverLines(host: LicenseHost): string[] {
  const names = host.name.split(',').map((name) => name.trim())
  return host.ids.map((id, i) => {
    const name =
      host.ids.length !== 3 ? host.name : names.length === 3 ? names[i] : `${host.name}${i === 0 ? '' : `_${i + 1}`}`
    return `SERVER ${name} ${typedHostId(host.type, id)} ${host.port}`
  })
}

/** FNV-1a: a short, stable digest of a name (not a secret). */
function digest(text: string): string {
  let hash = 0x811c9dc5
  for (const c of new TextEncoder().encode(text)) hash = Math.imul(hash ^ c, 0x01000193) >>> 0
  return hash.toString(16).padStart(8, '0')
}

/**
 * A FlexNet feature name: letters, digits and underscores ('Ansys Fluent'
 * becomes 'Ansys_Fluent'), at most FEATURE_NAME_MAX characters. A longer name
 * keeps its start and ends in a digest of the whole, so two long names that
 * share a start stay two features (lines of one feature add up).
 */
export function featureName(feature: string): string {
  const name = feature.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || '_'
  if (name.length <= FEATURE_NAME_MAX) return name
  const tail = digest(name)
  return `${name.slice(0, FEATURE_NAME_MAX - tail.length - 1).replace(/_+$/, '')}_${tail}`
}

/** The customer a licence line was issued to, as its VENDOR_STRING names it. */
export const vendorString = (customerNumber: string) => `customer=${customerNumber}`

/** The customer number of a VENDOR_STRING written by vendorString, or null. */
export function customerOfVendorString(value: string | undefined): string | null {
  return /^customer=(\d+)$/.exec(value ?? '')?.[1] ?? null
}

function incrementLine(text: LicenseText, product: LicenseProduct): string {
  const tokens = [
    'INCREMENT',
    featureName(product.feature),
    product.daemon,
    flexVersion(product.versionDate),
    flexExpiry(product.endDate),
    String(product.count),
    `VENDOR_STRING=${quoted(vendorString(text.customer.number))}`,
    `ISSUED=${flexDate(text.issued)}`,
    `START=${flexDate(product.startDate)}`,
    ...(product.borrowable ? ['BORROW'] : []),
    `NOTICE=${quoted(text.customer.name)}`,
    `SN=${oneLine(product.activationId).replace(/\s+/g, '_')}`,
  ]
  const hostIds = text.host.ids.map((id) => typedHostId(text.host.type, id))
  const line = licenseLineOf(tokens)!
  return continued([...tokens, `SIGN=${quoted(text.sign(canonicalLine(line, hostIds)))}`])
}

/** The licence text of one customer's activations on a host. */
export function licenseText(text: LicenseText): string {
  const daemons = DAEMON_GROUPS.filter((d) => text.products.some((p) => p.daemon === d))
  const unknown = text.products.find((p) => !(DAEMON_GROUPS as readonly string[]).includes(p.daemon))
  if (unknown) throw new RangeError(`Unknown vendor daemon ${unknown.daemon} of ${unknown.activationId}`)
  return [
    `# Licence file for ${oneLine(`${text.customer.number} ${text.customer.name}`)} on ${oneLine(text.host.name)}`,
    `# Issued ${flexDate(text.issued)}; every INCREMENT line is signed by ${text.signedBy}.`,
    '',
    ...serverLines(text.host),
    ...daemons.map((d) => `VENDOR ${d}`),
    'USE_SERVER',
    '',
    ...text.products.flatMap((product, i) => [
      `# ${i + 1}. ${oneLine(product.productName)} (${oneLine(product.activationId)})`,
      incrementLine(text, product),
      '',
    ]),
  ].join('\n')
}

const PRODUCT_COMMENT = /^# \d+\. /

/**
 * Several customers' texts for one host as one file (spec 3 section 7): the
 * header comments of each, the SERVER lines once, the VENDOR lines of every
 * daemon group any of them uses, one USE_SERVER, then every product; runs of
 * blank lines collapse to one and the product comments are numbered through.
 */
export function mergeLicenseTexts(texts: readonly string[]): string {
  const header: string[] = []
  const servers: string[] = []
  const vendors = new Set<string>()
  const body: string[] = []
  for (const text of texts) {
    let products = false
    for (const line of text.split('\n')) {
      if (products) body.push(line)
      else if (line === 'USE_SERVER') products = true
      else if (line.startsWith('SERVER ')) {
        if (!servers.includes(line)) servers.push(line)
      } else if (line.startsWith('VENDOR ')) vendors.add(line.slice('VENDOR '.length))
      else if (line.startsWith('#') && !header.includes(line)) header.push(line)
    }
    body.push('')
  }
  const daemons = [...vendors].sort((a, b) => daemonOrder(a) - daemonOrder(b))
  let n = 0
  const lines = [...header, '', ...servers, ...daemons.map((d) => `VENDOR ${d}`), 'USE_SERVER', ''].concat(
    body.map((line) => (PRODUCT_COMMENT.test(line) ? line.replace(PRODUCT_COMMENT, `# ${++n}. `) : line)),
  )
  const collapsed = lines.filter((line, i) => line.trim() !== '' || (i > 0 && lines[i - 1].trim() !== ''))
  while (collapsed.at(-1)?.trim() === '') collapsed.pop()
  return `${collapsed.join('\n')}\n`
}

function daemonOrder(daemon: string): number {
  const at = (DAEMON_GROUPS as readonly string[]).indexOf(daemon)
  return at < 0 ? DAEMON_GROUPS.length : at
}

/**
 * Spec 3 section 7: license_{customerNumber}_{serverId}.lic, named after the
 * customers whose lines the file holds (whoever asked for it); a file of several
 * customers names them all, joined by '-', and ends in _shared.
 */
export function licenseFileName(customerNumbers: readonly string[], serverId: string): string {
  const safeId = serverId.replace(/[^A-Za-z0-9-]+/g, '_')
  const customers = [...customerNumbers].sort().join('-')
  return `license_${customers}_${safeId}${customerNumbers.length > 1 ? '_shared' : ''}.lic`
}
