/**
 * The order table's lines, one fieldset each (so it reflows on a narrow screen):
 * a standard line picks a product, a duration among those its prices allow, a
 * count and a start date, and shows its end date, unit cost and cost; a manual
 * line (business operations) types its product name, dates, unit cost and cost.
 * Each field is labelled and names its message.
 */
import type { ReactNode } from 'react'
import type { ComputedLine, LineField, RawLine } from '../domain/fsa-order-form'
import type { FsaProduct } from '../domain/fsa-pricing'
import { formatNumber } from '../domain/entitlements'
import { DayInput } from '../ui/day-input'
import { DAY_INPUT_FORMAT } from '../domain/date-format'
import { lineFieldName } from './order-fields'

export type LineEdit = (index: number, field: keyof RawLine, value: string) => void

const input = 'input mt-1 block w-full aria-[invalid=true]:border-red-700'
const readOnlyBox = 'mt-1 block min-h-8 w-full rounded border border-gray-200 bg-gray-50 px-2 py-1'

function Field({
  id,
  label,
  hint,
  message,
  children,
}: {
  id: string
  label: string
  /** Under the label (the field names it in its aria-describedby). */
  hint?: string
  message: string | undefined
  children: ReactNode
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-700">
          {hint}
        </p>
      ) : null}
      {children}
      <p id={`${id}-error`} className="text-sm font-medium text-red-800">
        {message}
      </p>
    </div>
  )
}

/** A figure the line works out: shown, and posted so the server sees what the user saw. */
function Shown({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <div className="min-w-0">
      <span id={`${id}-label`} className="block text-sm font-medium">
        {label}
      </span>
      <output id={id} aria-labelledby={`${id}-label`} className={readOnlyBox}>
        {text}
      </output>
    </div>
  )
}

const money = (n: number | null) => (n === null ? '' : formatNumber(n, 2))

export function OrderLine({
  index,
  line,
  products,
  currency,
  attempted,
  onEdit,
  onRemove,
}: {
  index: number
  line: ComputedLine
  products: readonly FsaProduct[]
  currency: string
  attempted: boolean
  onEdit: LineEdit
  /** With JavaScript: removes the line here instead of posting. */
  onRemove?: (index: number) => void
}) {
  const raw = line.raw
  const id = (field: string) => `line-${index}-${field}`
  const message = (field: LineField) => line.errors[field] ?? (attempted ? line.missing[field] : undefined)
  const described = (field: LineField, rawField: keyof RawLine = field as keyof RawLine, hinted = false) => ({
    id: id(field),
    name: lineFieldName(index, rawField),
    'aria-invalid': message(field) ? true : undefined,
    'aria-describedby': hinted ? `${id(field)}-hint ${id(field)}-error` : `${id(field)}-error`,
  })
  const edit = (field: keyof RawLine) => ({
    onChange: (e: { target: { value: string } }) => onEdit(index, field, e.target.value),
  })
  const hidden = (field: keyof RawLine, value: string) => (
    <input type="hidden" name={lineFieldName(index, field)} value={value} />
  )
  const manual = raw.kind === 'manual'
  const title = `Line ${index + 1}${manual ? ' (manual entry)' : ''}`

  return (
    <fieldset className="rounded border border-gray-300 p-3" data-testid="order-line">
      <legend className="px-1 font-semibold">{title}</legend>
      {hidden('kind', raw.kind)}
      {hidden('basis', raw.basis)}
      {line.errors.line ? (
        <p role="alert" className="mb-2 font-medium text-red-800" data-testid="line-error">
          {line.errors.line}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
        {manual ? (
          <Field id={id('name')} label="Product" message={message('name')}>
            <input
              type="text"
              className={input}
              maxLength={200}
              value={raw.name}
              {...described('name')}
              {...edit('name')}
            />
          </Field>
        ) : (
          <Field id={id('product')} label="Product" message={message('product')}>
            <select className={input} value={raw.bpn} {...described('product', 'bpn')} {...edit('bpn')}>
              <option value="">Select a product</option>
              {products.map((p) => (
                <option key={p.ansysbpn} value={p.ansysbpn}>
                  {p.ansysproduct}
                </option>
              ))}
            </select>
          </Field>
        )}
        {manual ? null : (
          <Field id={id('duration')} label="Duration" message={message('duration')}>
            <select
              className={input}
              value={raw.duration}
              disabled={line.durations.length === 0}
              {...described('duration')}
              {...edit('duration')}
            >
              {line.durations.length === 0 ? <option value="">Select a product first</option> : null}
              {line.durations.map((d) => (
                <option key={d.key} value={d.key}>
                  {d.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={id('count')} label="Count" message={message('count')}>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className={input}
            value={raw.count}
            {...described('count')}
            {...edit('count')}
          />
        </Field>
        <Field id={id('startDate')} label="Start Date" hint={DAY_INPUT_FORMAT} message={message('startDate')}>
          <DayInput
            className={input}
            value={raw.startDate}
            {...described('startDate', 'startDate', true)}
            {...edit('startDate')}
          />
        </Field>
        {manual ? (
          <>
            <Field id={id('endDate')} label="End Date" hint={DAY_INPUT_FORMAT} message={message('endDate')}>
              <DayInput
                className={input}
                value={raw.endDate}
                {...described('endDate', 'endDate', true)}
                {...edit('endDate')}
              />
            </Field>
            <Field id={id('unitCost')} label="Unit Cost" message={message('unitCost')}>
              <input
                type="text"
                inputMode="decimal"
                className={input}
                value={raw.unitCost}
                {...described('unitCost')}
                {...edit('unitCost')}
              />
            </Field>
            <Field id={id('cost')} label="Cost" message={message('cost')}>
              <input
                type="text"
                inputMode="decimal"
                className={input}
                value={raw.cost}
                {...described('cost')}
                {...edit('cost')}
              />
            </Field>
          </>
        ) : (
          <>
            {hidden('endDate', raw.endDate)}
            <Shown id={id('endDate')} label="End Date" text={raw.endDate} />
            <Shown id={id('unitCost')} label="Unit Cost" text={money(line.unit)} />
            <Shown id={id('cost')} label="Cost" text={money(line.cost)} />
          </>
        )}
        <Shown id={id('currency')} label="Currency" text={currency} />
      </div>
      {line.errors.endDate && !manual ? (
        <p className="text-sm font-medium text-red-800">{line.errors.endDate}</p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={`remove:${index}`}
        className="btn-secondary mt-2"
        onClick={
          onRemove
            ? (e) => {
                e.preventDefault()
                onRemove(index)
              }
            : undefined
        }
      >
        Remove line {index + 1}
      </button>
    </fieldset>
  )
}
