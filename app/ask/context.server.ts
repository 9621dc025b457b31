/**
 * The context a follow-up question inherits travels in the address (`ctx`): the JSON of an
 * AskContext in base64url, so a form without JavaScript carries it in a hidden input and a
 * bookmark reproduces the answer. What comes back is checked; a broken or forged one is ignored.
 */
import { z } from 'zod'
import { ASK_INTENT_IDS } from './intents'
import type { AskContext } from './types'

/** The longest `ctx` read: a context is a few hundred characters. */
export const MAX_CONTEXT_LENGTH = 2000

const text = z.string().max(300)
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

const contextSchema = z.object({
  intent: z.enum(ASK_INTENT_IDS as [AskContext['intent'], ...AskContext['intent'][]]),
  customer: z.string().regex(/^\d{1,20}$/),
  entities: z
    .object({
      product: text.optional(),
      host: text.optional(),
      user: text.optional(),
      project: text.optional(),
      customer: z
        .string()
        .regex(/^\d{1,20}$/)
        .optional(),
      period: z.object({ from: day, to: day, text: text }).optional(),
      groupBy: z.enum(['product', 'user', 'project']).optional(),
      topic: text.optional(),
    })
    .strip(),
}) satisfies z.ZodType<AskContext>

export function encodeContext(context: AskContext): string {
  return Buffer.from(JSON.stringify(context), 'utf8').toString('base64url')
}

/** The context the address carries, or undefined when there is none or it is not one. */
export function decodeContext(encoded: string | null | undefined): AskContext | undefined {
  if (!encoded || encoded.length > MAX_CONTEXT_LENGTH) return undefined
  try {
    const parsed = contextSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
