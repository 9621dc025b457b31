/**
 * The web assignments forms as the server reads them (conform + zod): each intent with its
 * fields. The API checks the same again; these give the field its message (400) before asking it.
 */
import { z } from 'zod'
import { emailFormatValid } from '../domain/portal-access'
import { parseWithZod } from '../request/parse-form.server'

const id = () => z.coerce.number({ message: 'Choose one.' }).int().min(1, 'Choose one.')

/** Several e-mail addresses, one a line or separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '')
}

const emails = () =>
  z
    .string({ message: 'Enter at least one e-mail address.' })
    .transform(splitEmails)
    .check((ctx) => {
      const bad = ctx.value.filter((e) => !emailFormatValid(e))
      if (ctx.value.length === 0)
        ctx.issues.push({ code: 'custom', message: 'Enter at least one e-mail address.', input: ctx.value })
      else if (bad.length > 0)
        ctx.issues.push({ code: 'custom', message: `Not a valid e-mail address: ${bad.join(', ')}.`, input: ctx.value })
    })

const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
    .optional()

export const entitlementForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('assign-group'), groupId: id() }),
  z.object({ intent: z.literal('unassign-group'), groupId: id() }),
  z.object({ intent: z.literal('assign-users'), emails: emails(), endDate: day() }),
  z.object({ intent: z.literal('unassign-user'), userId: id() }),
])

/** A submitted form read against one of the schemas above. */
export function readForm<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema })
}
