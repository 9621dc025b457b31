/** The feature flags form: Apply with the ticked flags, or Clear. */
import { z } from 'zod'
import { parseWithZod } from '../request/parse-form.server'

const schema = z.object({
  intent: z.enum(['apply', 'clear']),
  features: z.array(z.string().max(100)).max(100).default([]),
  returnTo: z.string().optional(),
})

export function parseFeatureFlagsForm(formData: FormData) {
  return parseWithZod(formData, { schema })
}
