/**
 * Human-readable lines for an audit record's before and after state. Portal
 * access lists are compared by e-mail; other lists (IP rules, usernames) by item;
 * objects (e.g. `{ pinSet: true }`) by field.
 */
import { diffContacts, isPortalRole, type Contact } from '../domain/portal-access'

export const AUDIT_AREA_LABELS: Record<string, string> = {
  portalaccess: 'Licensing Portal Access',
  whitelist: 'Elastic IP Settings',
  pin: 'Elastic Credentials: PIN',
  usernames: 'Elastic Credentials: allowed usernames',
  threshold: 'Elastic Licensing: low-balance threshold',
  statement: 'Elastic Statements: statement e-mail',
}

export function auditAreaLabel(area: string): string {
  return AUDIT_AREA_LABELS[area] ?? area
}

const MAX_TEXT = 200

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text
}

function isContactList(value: unknown): value is Contact[] {
  return (
    Array.isArray(value) &&
    value.every(
      (c) =>
        !!c && typeof c === 'object' && typeof (c as Contact).email === 'string' && isPortalRole((c as Contact).role),
    )
  )
}

/** A value as short text: strings as they are, objects as their first value with the rest in brackets. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)'
  if (typeof value === 'string') return clip(value === '' ? '(empty)' : value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '(empty list)' : clip(value.map(describeValue).join(', '))
  const parts = Object.values(value as Record<string, unknown>).map(describeValue)
  if (parts.length === 0) return '(empty)'
  return clip(parts.length === 1 ? parts[0] : `${parts[0]} (${parts.slice(1).join(', ')})`)
}

const stable = (v: unknown) => JSON.stringify(v)

/** One line per change: 'Added …', 'Removed …', 'field: before → after'. */
export function summarizeChange(before: unknown, after: unknown): string[] {
  if (isContactList(before) && isContactList(after)) {
    const diff = diffContacts(before, after)
    const lines = [
      ...diff.added.map((c) => `Added ${c.email} (${c.role})`),
      ...diff.removed.map((c) => `Removed ${c.email} (${c.role})`),
      ...diff.changed.map((c) => `${c.email}: ${c.from} → ${c.to}`),
    ]
    return lines.length > 0 ? lines : ['No change to the list']
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const was = new Set(before.map(stable))
    const now = new Set(after.map(stable))
    const lines = [
      ...after.filter((x) => !was.has(stable(x))).map((x) => `Added ${describeValue(x)}`),
      ...before.filter((x) => !now.has(stable(x))).map((x) => `Removed ${describeValue(x)}`),
    ]
    return lines.length > 0 ? lines : ['No change to the list']
  }
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    const lines = keys
      .filter((k) => stable(before[k]) !== stable(after[k]))
      .map((k) => `${k}: ${describeValue(before[k])} → ${describeValue(after[k])}`)
    return lines.length > 0 ? lines : ['No visible change']
  }
  if (stable(before) === stable(after)) return ['No visible change']
  return [`${describeValue(before)} → ${describeValue(after)}`]
}
