/**
 * Saving the matrix: one form post, one setSeats call per column whose ticks changed. Each
 * call is its own transaction: a column refused (someone else changed it, or its seats do
 * not suffice) does not undo the columns saved before it, and the page says which is which.
 */
import { z } from 'zod'
import { changedColumns, MATRIX_MESSAGES, parseSeatValues, type ColumnChange } from '../domain/web-matrix'
import { failureStatus } from '../api-client/envelope'
import { webMatrixCalls } from '../api-client/web-matrix.server'
import type { CustomerScreen } from '../guards/screen.server'
import { MAX_WEB_BATCH } from '../../api/contract/web'

const userId = z.coerce.number().int().min(1)

const seenSchema = z
  .string()
  .max(200_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' })
      return z.NEVER
    }
  })
  .pipe(z.record(z.string().min(1).max(200), z.array(userId).max(MAX_WEB_BATCH)))

const matrixFormSchema = z.object({
  seen: seenSchema,
  users: z.array(userId).max(MAX_WEB_BATCH),
  seats: z.array(z.string().max(300)).max(MAX_WEB_BATCH * 20),
})

/** The ticks of a refused column, to be put back on the page over what is stored now. */
export type PendingTicks = Record<string, Pick<ColumnChange, 'added' | 'removed'>>

export type SaveOutcome =
  | { kind: 'nothing' }
  | { kind: 'saved'; columns: number }
  | { kind: 'refused'; status: number; messages: string[]; pending: PendingTicks }

/** Null when the form is not one the matrix drew. */
export function readMatrixForm(form: FormData) {
  const parsed = matrixFormSchema.safeParse({
    seen: form.get('seen'),
    users: form.getAll('user'),
    seats: form.getAll('seat').filter((v) => typeof v === 'string'),
  })
  if (!parsed.success) return null
  const { seen, users, seats } = parsed.data
  return changedColumns(new Map(Object.entries(seen)), users, parseSeatValues(seats))
}

export async function saveMatrix(screen: CustomerScreen, changes: ColumnChange[]): Promise<SaveOutcome> {
  if (changes.length === 0) return { kind: 'nothing' }
  const calls = webMatrixCalls(screen.api)
  const messages: string[] = []
  const pending: PendingTicks = {}
  let saved = 0
  let status = 0
  for (const change of changes) {
    const reply = await calls.setSeats(screen.customerNumber, change.activationId, change.holders, change.previous)
    if (reply.status === 'SUCCESS') {
      saved++
      continue
    }
    const code = failureStatus(reply)
    // An outage or a refusal of the user (403) is the shell's to show, not the matrix's.
    if (code !== 400 && code !== 409) throw new Response(reply.err, { status: code })
    pending[change.activationId] = { added: change.added, removed: change.removed }
    if (code === 409) {
      if (!messages.includes(MATRIX_MESSAGES.stale)) messages.unshift(MATRIX_MESSAGES.stale)
      status = 409
    } else {
      messages.push(reply.err)
      status ||= 400
    }
  }
  if (Object.keys(pending).length === 0) return { kind: 'saved', columns: saved }
  if (saved > 0) messages.push(MATRIX_MESSAGES.saved(saved))
  return { kind: 'refused', status, messages, pending }
}
