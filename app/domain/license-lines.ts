/**
 * Reading a FlexNet licence file as FlexNet reads it, and the one canonical
 * form of a licence line that its signature covers. The generator signs the
 * canonical form of the tokens it writes; the check reads a file back into the
 * same tokens, so the two cannot disagree about what is signed.
 *
 * - A backslash at the end of a line joins the next line (with or without a
 *   space before it); '#' starts a comment line, which is never continued;
 *   keywords are case-insensitive and lines may be indented.
 * - SERVER, VENDOR (DAEMON), USE_SERVER describe the server and grant nothing;
 *   FEATURE, INCREMENT, UPGRADE and PACKAGE are licence lines: each must carry
 *   SIGN= over its keyword, every positional field and every attribute (BORROW,
 *   DUP_GROUP, HOSTID, VENDOR_STRING, NOTICE ...), and the file's SERVER host ids.
 */

/** FlexNet's longest feature name. */
export const FEATURE_NAME_MAX = 30

export const LICENSE_KEYWORDS = ['FEATURE', 'INCREMENT', 'UPGRADE', 'PACKAGE'] as const
export type LicenseKeyword = (typeof LICENSE_KEYWORDS)[number]
const SERVER_KEYWORDS = ['SERVER', 'VENDOR', 'DAEMON', 'USE_SERVER'] as const

/** The positional fields before the attributes, per licence keyword (PACKAGE's version is optional). */
const POSITIONAL: Record<LicenseKeyword, { names: readonly string[]; required: number }> = {
  FEATURE: { names: ['feature', 'vendor', 'version', 'expiry', 'count'], required: 5 },
  INCREMENT: { names: ['feature', 'vendor', 'version', 'expiry', 'count'], required: 5 },
  UPGRADE: { names: ['feature', 'vendor', 'from version', 'version', 'expiry', 'count'], required: 6 },
  PACKAGE: { names: ['package', 'vendor', 'version'], required: 2 },
}

export interface Attribute {
  /** Upper case: FlexNet reads attribute names in any case. */
  name: string
  /** Without the quotes; null for a flag (BORROW). */
  value: string | null
}

export interface LicenseLine {
  /** The first line of the file this line starts on (1-based). */
  lineNumber: number
  keyword: LicenseKeyword
  positional: string[]
  attributes: Attribute[]
  /** The line as read, continuations joined. */
  text: string
}

export interface ServerLine {
  lineNumber: number
  name: string
  hostId: string
}

export interface ReadFile {
  servers: ServerLine[]
  licenseLines: LicenseLine[]
  /** Lines that are neither comments nor lines of a licence file. */
  unknown: { lineNumber: number; text: string }[]
}

const isLicenseKeyword = (word: string): word is LicenseKeyword =>
  (LICENSE_KEYWORDS as readonly string[]).includes(word)

/** Tokens of a line: `name="quoted value"`, `"quoted"`, or runs of non-space characters. */
export function tokensOf(line: string): string[] {
  return [...line.matchAll(/[^\s"=]+="[^"]*"|"[^"]*"|\S+/g)].map((m) => m[0])
}

const unquoted = (value: string) => (/^".*"$/.test(value) ? value.slice(1, -1) : value)

function attributeOf(token: string): Attribute {
  const eq = token.indexOf('=')
  if (eq < 0) return { name: token.toUpperCase(), value: null }
  return { name: token.slice(0, eq).toUpperCase(), value: unquoted(token.slice(eq + 1)) }
}

/** A licence line's tokens (keyword first) as keyword, positional fields and attributes. */
export function licenseLineOf(tokens: readonly string[], lineNumber = 0, text = tokens.join(' ')): LicenseLine | null {
  const keyword = tokens[0]?.toUpperCase() ?? ''
  if (!isLicenseKeyword(keyword)) return null
  const { names } = POSITIONAL[keyword]
  const positional: string[] = []
  let i = 1
  while (i < tokens.length && positional.length < names.length && !tokens[i].includes('=')) {
    positional.push(tokens[i++])
  }
  return { lineNumber, keyword, positional, attributes: tokens.slice(i).map(attributeOf), text }
}

/** The physical lines joined where a backslash ends a line, each with the number of its first line. */
function logicalLines(text: string): { lineNumber: number; text: string }[] {
  const physical = text.replace(/\r\n?/g, '\n').split('\n')
  const lines: { lineNumber: number; text: string }[] = []
  let current: { lineNumber: number; text: string } | null = null
  physical.forEach((line, i) => {
    // A comment line ends where it ends: a backslash in it continues nothing.
    const comment = !current && line.trimStart().startsWith('#')
    const continues = !comment && /\\[ \t]*$/.test(line)
    const body = continues ? line.replace(/\\[ \t]*$/, '') : line
    if (current) current.text = `${current.text} ${body}`
    else current = { lineNumber: i + 1, text: body }
    if (!continues) {
      lines.push(current)
      current = null
    }
  })
  if (current) lines.push(current)
  return lines
}

/** A licence file's SERVER lines, licence lines and anything it should not hold. */
export function readLicenseFile(text: string): ReadFile {
  const read: ReadFile = { servers: [], licenseLines: [], unknown: [] }
  for (const { lineNumber, text: raw } of logicalLines(text)) {
    const line = raw.trim().replace(/\s+/g, ' ')
    if (line === '' || line.startsWith('#')) continue
    const tokens = tokensOf(line)
    const keyword = tokens[0].toUpperCase()
    const license = licenseLineOf(tokens, lineNumber, line)
    if (license) read.licenseLines.push(license)
    else if (keyword === 'SERVER') {
      read.servers.push({ lineNumber, name: tokens[1] ?? '', hostId: tokens[2] ?? '' })
    } else if (!(SERVER_KEYWORDS as readonly string[]).includes(keyword)) read.unknown.push({ lineNumber, text: line })
  }
  return read
}

/** An attribute's value ('' for a flag), or undefined when the line has none. */
export function attribute(line: LicenseLine, name: string): string | undefined {
  const found = line.attributes.find((a) => a.name === name)
  return found ? (found.value ?? '') : undefined
}

/**
 * What a licence line's signature covers: its keyword, positional fields and
 * every attribute but SIGN, in the order written, and the file's SERVER host
 * ids. JSON keeps every part apart, so no two different lines share a form.
 */
export function canonicalLine(
  line: Pick<LicenseLine, 'keyword' | 'positional' | 'attributes'>,
  hostIds: readonly string[],
) {
  return JSON.stringify([
    line.keyword,
    line.positional,
    line.attributes.filter((a) => a.name !== 'SIGN').map((a) => [a.name, a.value]),
    hostIds.map((id) => id.toLowerCase()),
  ])
}

/** A count as FlexNet's licence lines must hold it here: plain decimal digits, no sign, no leading zero. */
export const isPlainCount = (count: string) => /^(0|[1-9][0-9]*)$/.test(count)

export type LineProblem =
  | { kind: 'unsigned' }
  | { kind: 'signature' }
  | { kind: 'incomplete' }
  | { kind: 'count'; count: string }
  | { kind: 'featureName'; feature: string }
  | { kind: 'repeated'; of: number }

export const LINE_PROBLEM_TEXTS: { [K in LineProblem['kind']]: (p: Extract<LineProblem, { kind: K }>) => string } = {
  unsigned: () => 'It has no signature: this portal did not issue it.',
  signature: () => 'Its signature does not match what it grants: it was changed after it was issued.',
  incomplete: () => 'It lacks a field (feature, vendor, version, expiry or count).',
  count: (p) => `Its count "${p.count}" is not a plain whole number.`,
  featureName: (p) => `Its feature name ${p.feature} is longer than FlexNet's ${FEATURE_NAME_MAX} characters.`,
  repeated: (p) => `It repeats the line on line ${p.of}: repeated INCREMENT lines add up, so it would grant twice.`,
}

export const lineProblemText = (p: LineProblem) => (LINE_PROBLEM_TEXTS[p.kind] as (p: LineProblem) => string)(p)

/**
 * The problems of each licence line of a file, given how to check a signature
 * (`signed(canonical, sign)`): the shape first (fields, a plain count, the
 * feature name), then the signature, then a repeat of an earlier line granting
 * the same activation (SN) or the same text.
 */
export function lineProblems(
  file: ReadFile,
  signed: (canonical: string, sign: string) => boolean,
): Map<LicenseLine, LineProblem[]> {
  const hostIds = file.servers.map((s) => s.hostId)
  const seen = new Map<string, number>()
  const problems = new Map<LicenseLine, LineProblem[]>()
  for (const line of file.licenseLines) {
    const found: LineProblem[] = []
    const { names, required } = POSITIONAL[line.keyword]
    if (line.positional.length < required) found.push({ kind: 'incomplete' })
    const count = line.positional[names.indexOf('count')]
    if (count !== undefined && !isPlainCount(count)) found.push({ kind: 'count', count })
    const feature = line.positional[0] ?? ''
    if (feature.length > FEATURE_NAME_MAX) found.push({ kind: 'featureName', feature })
    const sign = attribute(line, 'SIGN')
    if (!sign) found.push({ kind: 'unsigned' })
    else if (!signed(canonicalLine(line, hostIds), sign)) found.push({ kind: 'signature' })
    const serial = attribute(line, 'SN')
    const key = serial ? `${line.keyword === 'PACKAGE' ? 'P' : 'L'}:${serial}` : `T:${canonicalLine(line, [])}`
    const earlier = seen.get(key)
    if (earlier !== undefined) found.push({ kind: 'repeated', of: earlier })
    else seen.set(key, line.lineNumber)
    problems.set(line, found)
  }
  return problems
}
