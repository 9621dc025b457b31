/**
 * The Order Products table of the Flexible Spending Account page (spec 3,
 * "FSA order lifecycle", sections 5 and 9) as one pure computation, the same in
 * the browser as the user types and on the server for every post without
 * JavaScript: each line's offered durations, end date, unit cost, cost and
 * messages; duplicates; the total against the balance, whose refusal lands on
 * the line changed last; and the order's payload for the API.
 */
import {
  DURATION_LABELS,
  durationsOffered,
  endDateFor,
  firstDuration,
  lineCost,
  parseAmount,
  toCents,
  unitCost,
  type DurationKey,
  type FsaProduct,
} from './fsa-pricing'
import {
  balanceRefusal,
  dateWindow,
  duplicateLines,
  isExactDay,
  FSA_ORDER_MESSAGES,
  lineDateErrors,
  readCount,
  totalCost,
  type BalanceField,
} from './fsa-order-lines'
import { MANUAL_PART_NUMBER } from './fsa-entitlements'
import type { FsaOrderItem, FsaOrderProduct } from './fsa-types'

export type LineKind = 'standard' | 'manual'

/** A line as the form holds it: text as typed. */
export interface RawLine {
  kind: LineKind
  /** Standard: the product's part number. */
  bpn: string
  /** Manual: the free-text product name. */
  name: string
  duration: string
  count: string
  startDate: string
  /** Standard: follows the duration; manual: typed. */
  endDate: string
  /** Manual: typed. */
  unitCost: string
  /** Manual: typed, or unit cost times count when either changed. */
  cost: string
  /** Manual: the unit cost and count the cost was last worked out from ('unit|count'). */
  basis: string
  /** The service's reason a previous order of this line failed. */
  err: string
}

export const EMPTY_LINE: Readonly<RawLine> = {
  kind: 'standard',
  bpn: '',
  name: '',
  duration: '',
  count: '1',
  startDate: '',
  endDate: '',
  unitCost: '',
  cost: '',
  basis: '',
  err: '',
}

export const newLine = (kind: LineKind): RawLine => ({ ...EMPTY_LINE, kind })

export const ORDER_FORM_MESSAGES = {
  product: 'Select a product.',
  name: 'Enter a product name.',
  cost: 'Cost should be a positive number.',
  unitCost: 'Unit cost should be a positive number.',
  noDuration: 'No duration of this product fits before the contract ends.',
} as const

export type LineField = 'product' | 'name' | 'duration' | 'count' | 'startDate' | 'endDate' | 'unitCost' | 'cost'

export interface ComputedLine {
  raw: RawLine
  /** The durations offered, with their labels (standard lines). */
  durations: { key: DurationKey; label: string }[]
  productName: string
  count: number | null
  unit: number | null
  cost: number | null
  /** Messages by field; `line` for one about the whole line (duplicate, balance, the service's). */
  errors: Partial<Record<LineField | 'line', string>>
  /** A required field left empty (shown once the user orders). */
  missing: Partial<Record<LineField, string>>
}

export interface OrderContext {
  products: readonly FsaProduct[]
  contractStart: string
  contractEnd: string
  available: number
  today: string
}

export interface ComputedOrder {
  lines: ComputedLine[]
  total: number
  available: number
  /** Whether the order may be placed: lines, none in error or incomplete, within the balance. */
  ready: boolean
  /** Whether another line may be added: none in error or incomplete, within the balance. */
  canAdd: boolean
  /** The line and field the balance message names, when the total exceeds the balance. */
  balanceLine: number | null
  window: { min: string; max: string }
}

const basisOf = (unit: number | null, count: number | null) => `${unit ?? ''}|${count ?? ''}`

/** A standard line that cannot be priced shows no derived figures. */
function cleared(line: ComputedLine): ComputedLine {
  if (!line.productName) line.raw.bpn = ''
  line.raw.endDate = ''
  line.raw.unitCost = ''
  line.raw.cost = ''
  return line
}

/** Fills what a standard line derives (start, duration, end, unit cost, cost) and its messages. */
function standardLine(ctx: OrderContext, raw: RawLine, window: { min: string; max: string }): ComputedLine {
  const line: ComputedLine = {
    raw: { ...raw },
    durations: [],
    productName: '',
    count: readCount(raw.count),
    unit: null,
    cost: null,
    errors: {},
    missing: {},
  }
  if (line.count === null) line.errors.count = FSA_ORDER_MESSAGES.count
  const product = ctx.products.find((p) => p.ansysbpn === raw.bpn)
  if (!product) {
    line.missing.product = ORDER_FORM_MESSAGES.product
    return cleared(line)
  }
  line.productName = product.ansysproduct
  if (!line.raw.startDate) line.raw.startDate = window.min
  const offered = durationsOffered(product, line.raw.startDate, ctx.contractEnd)
  line.durations = offered.map((key) => ({ key, label: DURATION_LABELS[key] }))
  const dates = lineDateErrors({ startDate: line.raw.startDate, endDate: line.raw.startDate }, window)
  if (dates.startDate) {
    line.errors.startDate = dates.startDate
    return cleared(line)
  }
  if (offered.length === 0) {
    line.errors.duration = ORDER_FORM_MESSAGES.noDuration
    return cleared(line)
  }
  const duration = (offered as string[]).includes(raw.duration)
    ? (raw.duration as DurationKey)
    : firstDuration(product, line.raw.startDate, ctx.contractEnd)!
  line.raw.duration = duration
  line.raw.endDate = endDateFor(duration, line.raw.startDate, ctx.contractEnd)
  const endErrors = lineDateErrors({ startDate: line.raw.startDate, endDate: line.raw.endDate }, window)
  if (endErrors.endDate) line.errors.endDate = endErrors.endDate
  line.unit = unitCost(product, duration, line.raw.startDate, ctx.contractEnd)
  if (line.unit !== null && line.count !== null) line.cost = lineCost(line.unit, line.count)
  line.raw.cost = line.cost === null ? '' : line.cost.toFixed(2)
  line.raw.unitCost = line.unit === null ? '' : toCents(line.unit).toFixed(2)
  return line
}

/** A manual line: name, dates, unit cost and cost as typed; the cost follows unit cost and count when they change. */
function manualLine(raw: RawLine, window: { min: string; max: string }): ComputedLine {
  const line: ComputedLine = {
    raw: { ...raw, duration: '', bpn: '' },
    durations: [],
    productName: raw.name.trim(),
    count: readCount(raw.count),
    unit: null,
    cost: null,
    errors: {},
    missing: {},
  }
  if (!line.productName) line.missing.name = ORDER_FORM_MESSAGES.name
  if (line.count === null) line.errors.count = FSA_ORDER_MESSAGES.count
  if (!raw.startDate) line.missing.startDate = FSA_ORDER_MESSAGES.startDate
  if (!raw.endDate) line.missing.endDate = FSA_ORDER_MESSAGES.endDate
  if (raw.startDate && raw.endDate) Object.assign(line.errors, lineDateErrors(raw, window))
  else if (raw.startDate && !isExactDay(raw.startDate)) line.errors.startDate = FSA_ORDER_MESSAGES.startDate
  const unit = raw.unitCost.trim() === '' ? null : parseAmount(raw.unitCost)
  if (raw.unitCost.trim() !== '' && (unit === null || unit < 0)) line.errors.unitCost = ORDER_FORM_MESSAGES.unitCost
  line.unit = unit !== null && unit >= 0 ? unit : null
  const basis = basisOf(line.unit, line.count)
  if (line.unit !== null && line.count !== null && basis !== raw.basis) {
    line.cost = lineCost(line.unit, line.count)
    line.raw.cost = line.cost.toFixed(2)
  } else if (raw.cost.trim() !== '') {
    const typed = parseAmount(raw.cost)
    if (typed === null || typed < 0) line.errors.cost = ORDER_FORM_MESSAGES.cost
    else line.cost = toCents(typed)
  } else {
    line.missing.cost = ORDER_FORM_MESSAGES.cost
  }
  line.raw.basis = basis
  return line
}

const hasErrors = (line: ComputedLine) => Object.keys(line.errors).length > 0
const isComplete = (line: ComputedLine) => Object.keys(line.missing).length === 0 && line.cost !== null

/**
 * The whole table worked out. `changed` is the line and field the user changed
 * last: the balance message names it (spec 3, "Balance"); without it, the last line.
 */
export function computeOrder(
  ctx: OrderContext,
  rawLines: readonly RawLine[],
  changed: { line: number; field: BalanceField } | null = null,
): ComputedOrder {
  const window = dateWindow({ startDate: ctx.contractStart, endDate: ctx.contractEnd }, ctx.today)
  const lines = rawLines.map((raw) =>
    raw.kind === 'manual' ? manualLine(raw, window) : standardLine(ctx, raw, window),
  )
  lines.forEach((line) => {
    if (line.raw.err) line.errors.line = line.raw.err
  })
  const repeated = duplicateLines(
    lines.map((l) => ({
      product: l.raw.kind === 'manual' ? `manual:${l.productName.toLowerCase()}` : l.raw.bpn,
      count: l.count ?? 0,
      startDate: l.raw.startDate,
      duration: l.raw.duration,
      endDate: l.raw.endDate,
    })),
  )
  repeated.forEach((i) => {
    if (lines[i].raw.bpn || lines[i].productName) lines[i].errors.line = FSA_ORDER_MESSAGES.duplicate
  })
  const costs = lines.map((l) => l.cost ?? 0)
  const total = totalCost(costs)
  const refusal = balanceRefusal(costs, ctx.available, changed)
  if (refusal) lines[refusal.line].errors.line = refusal.message
  const clean = lines.every((l) => !hasErrors(l) && isComplete(l))
  return {
    lines,
    total,
    available: ctx.available,
    ready: lines.length > 0 && clean && !refusal,
    canAdd: clean && !refusal,
    balanceLine: refusal?.line ?? null,
    window,
  }
}

const COMPARED: [keyof RawLine, BalanceField][] = [
  ['bpn', 'product'],
  ['name', 'product'],
  ['count', 'count'],
  ['startDate', 'startDate'],
  ['duration', 'duration'],
  ['endDate', 'duration'],
  ['unitCost', 'cost'],
  ['cost', 'cost'],
]

/** What the user changed between two versions of the table: the last line that differs and its first field. */
export function lastChange(
  before: readonly Partial<RawLine>[],
  after: readonly RawLine[],
): { line: number; field: BalanceField } | null {
  for (let i = after.length - 1; i >= 0; i--) {
    const was = before[i]
    if (!was) return { line: i, field: 'product' }
    const diff = COMPARED.find(([key]) => (was[key] ?? '') !== after[i][key])
    if (diff) return { line: i, field: diff[1] }
  }
  return null
}

export interface OrderParty {
  customerNumber: string
  customerName: string
  contractId: string
  orderId: string
  poNumber: string
  currency: string
  busopsEmails: string
}

/** The order's body for POST /entitlements (spec 3 sections 3 and 7). */
export function orderRequest(party: OrderParty, lines: readonly ComputedLine[]) {
  const products: FsaOrderProduct[] = lines.map((l) => ({
    ansysbpn: l.raw.kind === 'manual' ? MANUAL_PART_NUMBER : l.raw.bpn,
    ansyscount: l.count ?? 1,
    ansysponum: party.poNumber,
    ansysprice: l.cost ?? 0,
    ansysproduct: l.productName,
    ansysquantity: l.count ?? 1,
    ansystype: 'Lease',
    ansyscurrency: party.currency,
    customerNumber: party.customerNumber,
    customerName: party.customerName,
    enddate: l.raw.endDate,
    orderid: party.orderId,
    startdate: l.raw.startDate,
    manualentry: l.raw.kind === 'manual',
    ...(l.raw.kind === 'manual' ? { manualProductName: l.productName } : {}),
  }))
  return {
    ansyshasfsa: true as const,
    accountid: party.customerNumber,
    customerNumber: party.customerNumber,
    orderid: party.orderId,
    fsaID: party.contractId,
    ansyscurrency: party.currency,
    ansysbusopsemails: party.busopsEmails,
    products,
  }
}

/** After an order with failures: the failed lines again, each with the service's reason (spec 3, "Order result"). */
export function failedLines(lines: readonly RawLine[], results: readonly FsaOrderItem[]): RawLine[] {
  return lines.flatMap((line, i) => {
    const result = results[i]
    return result && result.status === 'SUCCESS' ? [] : [{ ...line, err: result?.err ?? FSA_ORDER_MESSAGES.someFailed }]
  })
}

/** Whether Order & Activate is offered: the activations permission and not every line manual (spec 3 section 6). */
export function offersActivate(lines: readonly { raw: RawLine }[], activationsAllowed: boolean): boolean {
  return activationsAllowed && lines.some((l) => l.raw.kind !== 'manual')
}
