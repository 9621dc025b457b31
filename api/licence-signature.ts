/**
 * The SIGN= value of a licence file's INCREMENT lines: an HMAC-SHA256, with this
 * portal's key, over the line's fields and every SERVER host id of the file, so
 * a changed count, date, feature or host id no longer matches. `verifyLicence`
 * reads a file back and checks every line.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SignedFields } from '../app/domain/licence-file'

/** The fields in a fixed order, one per line, so no two different inputs give the same text. */
function canonical(f: SignedFields): string {
  return [
    f.feature,
    f.daemon,
    f.version,
    f.expiry,
    String(f.count),
    f.vendorString,
    f.issued,
    f.start,
    f.serialNumber,
    ...f.hostIds.map((id) => id.toLowerCase()),
  ].join('\n')
}

/** The signature of an INCREMENT line: 40 upper-case hex digits (160 bits of the HMAC). */
export function licenceSigner(key: string): (fields: SignedFields) => string {
  if (key.length < 16) throw new Error('The licence signing key must be at least 16 characters.')
  return (fields) => createHmac('sha256', key).update(canonical(fields)).digest('hex').slice(0, 40).toUpperCase()
}

function attribute(tokens: string[], name: string): string | null {
  const token = tokens.find((t) => t.startsWith(`${name}=`))
  return token ? token.slice(name.length + 1).replace(/^"|"$/g, '') : null
}

/** Splits a line into tokens, keeping quoted values whole. */
function tokensOf(line: string): string[] {
  return [...line.matchAll(/[A-Za-z_]+="[^"]*"|\S+/g)].map((m) => m[0])
}

/**
 * Whether every INCREMENT line of a licence text carries the signature this key
 * gives its fields and the file's SERVER host ids; the lines that do not.
 */
export function verifyLicence(text: string, key: string): { ok: boolean; badLines: string[] } {
  const sign = licenceSigner(key)
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/ \\\n[ \t]*/g, ' ')
    .split('\n')
  const hostIds = lines.filter((l) => l.startsWith('SERVER ')).map((l) => l.split(/\s+/)[2] ?? '')
  const badLines: string[] = []
  for (const line of lines.filter((l) => l.startsWith('INCREMENT '))) {
    const tokens = tokensOf(line)
    const [, feature, daemon, version, expiry, count] = tokens
    const fields: SignedFields = {
      feature,
      daemon,
      version,
      expiry,
      count: Number(count),
      vendorString: attribute(tokens, 'VENDOR_STRING') ?? '',
      issued: attribute(tokens, 'ISSUED') ?? '',
      start: attribute(tokens, 'START') ?? '',
      serialNumber: attribute(tokens, 'SN') ?? '',
      hostIds,
    }
    const given = Buffer.from(attribute(tokens, 'SIGN') ?? '')
    const expected = Buffer.from(sign(fields))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) badLines.push(line)
  }
  return { ok: badLines.length === 0 && lines.some((l) => l.startsWith('INCREMENT ')), badLines }
}
