/**
 * The Order Products form's field names and how a post is read back into
 * lines: `lines[i].<field>` for each line, the table as it was rendered
 * (`snapshot`, so the server sees what the user changed last), the contract and
 * the intent. The browser and the server use the same names.
 */
import type { RawLine } from '../domain/fsa-order-form'

/** The most lines an order holds (as the API takes). */
export const MAX_LINES = 50

export const LINE_FIELDS = [
  'kind',
  'bpn',
  'name',
  'duration',
  'count',
  'startDate',
  'endDate',
  'unitCost',
  'cost',
  'basis',
  'err',
] as const satisfies readonly (keyof RawLine)[]

export const lineFieldName = (index: number, field: keyof RawLine) => `lines[${index}].${field}`

export const ORDER_INTENTS = [
  'recompute',
  'add',
  'add-manual',
  'remove',
  'remove-all',
  'review',
  'order',
  'order-activate',
] as const
export type OrderIntent = (typeof ORDER_INTENTS)[number]

/** What the snapshot keeps of a line: the fields a change of which the balance message names. */
export function snapshotOf(lines: readonly RawLine[]): string {
  return JSON.stringify(
    lines.map(({ bpn, name, count, startDate, duration, endDate, unitCost, cost }) => ({
      bpn,
      name,
      count,
      startDate,
      duration,
      endDate,
      unitCost,
      cost,
    })),
  )
}
