/**
 * The Licensing Portal Access form (spec 1 sections 4 and 5): its schema, which the
 * browser and the portal's action both check, and the list the form started from.
 */
import * as z from 'zod/mini'
import {
  contactProblems,
  MAX_CONTACTS,
  normalizeEmail,
  PORTAL_ACCESS_MESSAGES as M,
  PORTAL_ROLES,
  ROLE_ADMINISTRATOR,
  ROLE_COORDINATOR,
  type Contact,
  type PortalAccessAuthority,
  type PortalRole,
} from './portal-access'
import { parseSavedList } from './saved-list'

/** The editable rows of the form; Support Coordinator rows are shown locked outside it. */
export interface PortalAccessFormOptions {
  /** The free mail providers to refuse; the browser passes none and leaves the check to the server. */
  freeDomains: ReadonlySet<string>
  /** The list as loaded (every row, coordinators included). */
  baseline: readonly Contact[]
  authority: PortalAccessAuthority
}

const formRow = z.object({
  email: z.optional(z.string().check(z.maxLength(10_000))),
  role: z.optional(z.string().check(z.maxLength(100))),
})

/**
 * The conform/zod schema of the form: `contacts[i].email`, `contacts[i].role`.
 * Field errors carry the spec's messages; rules about the change as a whole
 * (grant Administrator, own row) land on the offending role or e-mail field.
 */
export function portalAccessFormSchema({ freeDomains, baseline, authority }: PortalAccessFormOptions) {
  const locked = baseline.filter((c) => c.role === ROLE_COORDINATOR)
  const before = new Map(baseline.map((c) => [normalizeEmail(c.email), c.role]))
  const contacts = z.array(formRow).check(z.maxLength(MAX_CONTACTS, M.tooMany))
  const form = z.object({ contacts: z._default(contacts, []) }).check(
    z.superRefine((value, ctx) => {
      const rows = value.contacts
      // Locked rows count for duplicates: check them first, report only the editable rows.
      const problems = contactProblems([...locked, ...rows], freeDomains, {
        coordinators: new Set(locked.map((c) => normalizeEmail(c.email))),
        known: new Set(before.keys()),
      }).filter((p) => p.index >= locked.length)
      for (const p of problems) {
        ctx.addIssue({ code: 'custom', path: ['contacts', p.index - locked.length, p.field], message: p.message })
      }
      if (problems.length > 0) return
      rows.forEach((row, index) => {
        const email = normalizeEmail(row.email ?? '')
        const was = before.get(email)
        if (authority.selfEmail === email && was !== row.role) {
          ctx.addIssue({ code: 'custom', path: ['contacts', index, 'role'], message: M.self })
        } else if (!authority.canGrantAdmin && row.role === ROLE_ADMINISTRATOR && was !== ROLE_ADMINISTRATOR) {
          ctx.addIssue({ code: 'custom', path: ['contacts', index, 'role'], message: M.grantAdmin })
        } else if (!authority.canGrantAdmin && was === ROLE_ADMINISTRATOR && row.role !== ROLE_ADMINISTRATOR) {
          ctx.addIssue({ code: 'custom', path: ['contacts', index, 'role'], message: M.changeAdmin })
        }
      })
      const kept = new Set(rows.map((r) => normalizeEmail(r.email ?? '')))
      for (const c of baseline) {
        const email = normalizeEmail(c.email)
        if (c.role === ROLE_COORDINATOR || kept.has(email)) continue
        if (email === authority.selfEmail || (!authority.canGrantAdmin && c.role === ROLE_ADMINISTRATOR)) {
          ctx.addIssue({
            code: 'custom',
            path: ['contacts'],
            message: `${email}: ${email === authority.selfEmail ? M.self : M.changeAdmin}`,
          })
        }
      }
    }),
  )
  return z.pipe(
    form,
    z.transform((value: z.output<typeof form>) => [
      ...locked.map((c) => ({ email: normalizeEmail(c.email), role: c.role })),
      ...value.contacts.map((r) => ({ email: normalizeEmail(r.email ?? ''), role: r.role as PortalRole })),
    ]),
  )
}

const savedContact = z.object({ email: z.string(), role: z.enum(PORTAL_ROLES) })

/** The baseline carried in the form's hidden field; anything unreadable counts as an empty list. */
export function parseBaseline(text: unknown): Contact[] {
  return parseSavedList(text, savedContact, MAX_CONTACTS) ?? []
}

/** A problem found in the form: its field's path (`contacts.2.role`) and message. */
export interface FormIssue {
  path: readonly PropertyKey[]
  message: string
}

const FIELD_NAMES: Record<string, string> = { email: 'e-mail', role: 'role' }

/**
 * Why the form cannot be saved, one line per field in the order of the rows
 * ('Contact 3 role: Role is required.'). A disabled Save points to these lines,
 * so the reason is told also for a field its own message does not show yet (a role
 * never chosen is not touched, and spec 1 section 5 shows its error only once it is).
 * `firstNumber` is the number of the first editable row (after the locked ones).
 */
export function saveBlockers(issues: readonly FormIssue[], firstNumber: number): string[] {
  const rowOf = (issue: FormIssue) => (typeof issue.path[1] === 'number' ? issue.path[1] : -1)
  const fieldOf = (issue: FormIssue) => {
    const field = issue.path[2]
    return typeof field === 'string' && Object.hasOwn(FIELD_NAMES, field) ? field : null
  }
  const rank = (issue: FormIssue) => (fieldOf(issue) === 'role' ? 1 : 0)
  const lines = [...issues]
    .sort((a, b) => rowOf(a) - rowOf(b) || rank(a) - rank(b))
    .map((issue) => {
      const row = rowOf(issue)
      const field = fieldOf(issue)
      return row < 0 || !field ? issue.message : `Contact ${firstNumber + row} ${FIELD_NAMES[field]}: ${issue.message}`
    })
  return [...new Set(lines)]
}
