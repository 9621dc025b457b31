/** Reads an Order Products post back into lines, its snapshot and its intent (field names: order-fields.ts). */
import { z } from 'zod'
import { EMPTY_LINE, type RawLine } from '../domain/fsa-order-form'
import { LINE_FIELDS, lineFieldName, MAX_LINES, ORDER_INTENTS, type OrderIntent } from './order-fields'

const text = z.string().max(500).default('')
const lineSchema = z.object({
  kind: z.enum(['standard', 'manual']).catch('standard'),
  bpn: text,
  name: z.string().max(200).default(''),
  duration: z.string().max(20).default(''),
  count: z.string().max(20).default(''),
  startDate: z.string().max(30).default(''),
  endDate: z.string().max(30).default(''),
  unitCost: z.string().max(30).default(''),
  cost: z.string().max(30).default(''),
  basis: z.string().max(60).default(''),
  err: text,
})

const snapshotSchema = z.array(lineSchema.partial()).max(MAX_LINES)

/** The lines of a post, in order; fields missing or too long are refused as a whole (null). */
export function readLines(formData: FormData): RawLine[] | null {
  const lines: RawLine[] = []
  for (let i = 0; i < MAX_LINES + 1; i++) {
    if (!formData.has(lineFieldName(i, 'kind'))) break
    const entry = Object.fromEntries(
      LINE_FIELDS.map((f) => [f, formData.get(lineFieldName(i, f)) ?? undefined]).filter(
        ([, v]) => typeof v === 'string',
      ),
    )
    const parsed = lineSchema.safeParse(entry)
    if (!parsed.success) return null
    lines.push({ ...EMPTY_LINE, ...parsed.data })
  }
  return lines.length > MAX_LINES ? null : lines
}

/** The table as it was shown, posted back with the form (JSON); unreadable is treated as nothing shown. */
export function readSnapshot(value: FormDataEntryValue | null): Partial<RawLine>[] {
  if (typeof value !== 'string' || value === '') return []
  try {
    const parsed = snapshotSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/** The intent of a post and, for remove, the line: 'remove:3'. */
export function readIntent(value: FormDataEntryValue | null): { intent: OrderIntent; line: number | null } | null {
  if (typeof value !== 'string') return null
  const [name, index] = value.split(':')
  if (!(ORDER_INTENTS as readonly string[]).includes(name)) return null
  const line = index === undefined ? null : Number(index)
  if (line !== null && !(Number.isSafeInteger(line) && line >= 0 && line < MAX_LINES)) return null
  return { intent: name as OrderIntent, line }
}
