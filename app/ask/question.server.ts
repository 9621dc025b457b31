/** The question of /ask?q=: spaces collapsed and trimmed, at most MAX_QUESTION_LENGTH characters, else a clear message. */
import { z } from 'zod'
import { MAX_QUESTION_LENGTH, QUESTION_MESSAGES } from './question'

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
