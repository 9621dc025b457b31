/** The question of /ask?q=: trimmed, at most MAX_QUESTION_LENGTH characters, with a clear message otherwise. */
import { z } from 'zod'

export const MAX_QUESTION_LENGTH = 300

export const QUESTION_MESSAGES = {
  empty: 'Type a question, for example: how much elastic credit is left?',
  tooLong: `A question can be at most ${MAX_QUESTION_LENGTH} characters long.`,
} as const

const questionSchema = z
  .string()
  .transform((q) => q.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, QUESTION_MESSAGES.empty).max(MAX_QUESTION_LENGTH, QUESTION_MESSAGES.tooLong))

export type QuestionInput =
  /** No question was asked (the page opened without ?q=). */
  { state: 'none' } | { state: 'invalid'; text: string; message: string } | { state: 'asked'; question: string }

export function readQuestion(q: string | null): QuestionInput {
  if (q === null) return { state: 'none' }
  const parsed = questionSchema.safeParse(q)
  if (parsed.success) return { state: 'asked', question: parsed.data }
  return { state: 'invalid', text: q.slice(0, MAX_QUESTION_LENGTH * 2), message: parsed.error.issues[0].message }
}
