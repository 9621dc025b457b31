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
