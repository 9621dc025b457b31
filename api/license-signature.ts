/**
 * The SIGN= value of a licence file's lines: an HMAC-SHA256, with this portal's
 * key, over the line's canonical form (canonicalLine: keyword, every field and
 * attribute, and every SERVER host id of the file), so any change to what a line
 * grants no longer matches. `verifyLicense` reads a file back as FlexNet does and
 * checks every licence line.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { lineProblems, lineProblemText, readLicenseFile, type LicenseLine } from '../app/domain/license-lines'

/** The signature of a line's canonical form: 40 upper-case hex digits (160 bits of the HMAC). */
export function licenseSigner(key: string): (canonical: string) => string {
  if (key.length < 16) throw new Error('The licence signing key must be at least 16 characters.')
  return (canonical) => createHmac('sha256', key).update(canonical).digest('hex').slice(0, 40).toUpperCase()
}

/** Whether `given` is the signature this key gives `canonical`, compared in constant time. */
export function signatureChecker(key: string): (canonical: string, given: string) => boolean {
  const sign = licenseSigner(key)
  return (canonical, given) => {
    const expected = Buffer.from(sign(canonical))
    const actual = Buffer.from(given.toUpperCase())
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }
}

export interface CheckedLine {
  line: LicenseLine
  /** Why the line is not genuine, in words; empty when it is. */
  problems: string[]
}

export interface Verification {
  /** The file has licence lines, every one genuine, and nothing but comments and server lines besides. */
  ok: boolean
  lines: CheckedLine[]
  /** The text of every line that is not genuine or not a line of a licence file. */
  badLines: string[]
  hostIds: string[]
  /** Lines that are neither comments nor lines of a licence file. */
  unknown: { lineNumber: number; text: string }[]
}

export function verifyLicense(text: string, key: string): Verification {
  const file = readLicenseFile(text)
  const problems = lineProblems(file, signatureChecker(key))
  const lines = file.licenseLines.map((line) => ({ line, problems: (problems.get(line) ?? []).map(lineProblemText) }))
  const badLines = [
    ...lines.filter((l) => l.problems.length > 0).map((l) => l.line.text),
    ...file.unknown.map((u) => u.text),
  ]
  return {
    ok: lines.length > 0 && badLines.length === 0,
    lines,
    badLines,
    hostIds: file.servers.map((s) => s.hostId),
    unknown: file.unknown,
  }
}
