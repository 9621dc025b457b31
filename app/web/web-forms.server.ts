/**
 * The web assignments forms as the server reads them (conform + zod): each intent with its
 * fields. The API checks the same again; these give the field its message (400) before asking it.
 */
import { z } from 'zod'
import { emailFormatValid } from '../domain/portal-access'
import { WEB_ROLES } from '../domain/web-licenses'
import {
  IMPORT_MESSAGES,
  MAX_GROUP_NAME_LENGTH,
  MAX_IMPORT_BYTES,
  MAX_WEB_NAME_LENGTH,
} from '../domain/web-user-import'
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

const email = () =>
  z
    .string({ message: 'Enter an e-mail address.' })
    .trim()
    .toLowerCase()
    .refine(emailFormatValid, 'Enter a valid e-mail address, e.g. name@example.com.')

const personName = () =>
  z
    .string({ message: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(MAX_WEB_NAME_LENGTH, `At most ${MAX_WEB_NAME_LENGTH} characters.`)

const groupName = () =>
  z
    .string({ message: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(MAX_GROUP_NAME_LENGTH, `At most ${MAX_GROUP_NAME_LENGTH} characters.`)

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

export const groupsForm = z.object({
  intent: z.literal('create'),
  name: groupName(),
  description: z.string().trim().max(500).default(''),
})

export const groupForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-members'), emails: emails() }),
  z.object({ intent: z.literal('remove-member'), userId: id() }),
  z.object({ intent: z.literal('rename'), name: groupName(), description: z.string().trim().max(500).default('') }),
  z.object({ intent: z.literal('delete') }),
])

export const usersForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    email: email(),
    name: personName(),
    role: z.enum(WEB_ROLES).default('member'),
  }),
  // The file chosen, else the text pasted; the API's parser reads either (and counts the rows).
  z.object({
    intent: z.literal('import'),
    file: z
      .instanceof(File)
      .refine((file) => file.size <= MAX_IMPORT_BYTES, IMPORT_MESSAGES.tooLarge)
      .optional(),
    csv: z.string().max(MAX_IMPORT_BYTES, IMPORT_MESSAGES.tooLarge).optional(),
  }),
])

export const userForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('change'), name: personName(), role: z.enum(WEB_ROLES) }),
  z.object({ intent: z.literal('remove') }),
])

/** A submitted form read against one of the schemas above. */
export function readForm<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema })
}
