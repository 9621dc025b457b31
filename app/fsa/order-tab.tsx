/**
 * The Order Products tab (spec 3, "Flexible Spending Account page" and "FSA
 * order lifecycle"): the FSA Contract picker, the order table, Total Cost and
 * Available, Order Now and Reset, and the confirmation with Cancel, Order and
 * Order & Activate. Without JavaScript each change is a post (the action works
 * the table out again); with it the table works itself out as the user types,
 * with the same rules (app/domain/fsa-order-form.ts).
 */
import { useState, type MouseEvent } from 'react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { formatNumber } from '../domain/entitlements'
import { computeOrder, newLine, offersActivate, type LineKind, type RawLine } from '../domain/fsa-order-form'
import type { BalanceField } from '../domain/fsa-order-lines'
import { FSA_ORDER_MESSAGES } from '../domain/fsa-order-lines'
import { FlashPanel } from '../ui/shell/flash-panel'
import { useHydrated } from '../ui/use-hydrated'
import { EditorNotice } from '../activations/editor-notice'
import type { OrderActionData } from './order-action.server'
import { orderContext, type OrderContract } from './order-context'
import { ContractPicker, type PickerContract } from './contract-picker'
import { OrderLine } from './order-lines'
import { OrderConfirmation } from './order-confirmation'
import { LINE_FIELDS, lineFieldName, MAX_LINES, snapshotOf } from './order-fields'

const BALANCE_FIELD: Partial<Record<keyof RawLine, BalanceField>> = {
  bpn: 'product',
  name: 'product',
  count: 'count',
  startDate: 'startDate',
  duration: 'duration',
  endDate: 'duration',
  unitCost: 'cost',
  cost: 'cost',
}

export interface OrderTabProps {
  customerNumber: string
  contracts: PickerContract[]
  search: string
  contract: OrderContract | null
  today: string
  busops: boolean
  activationsAllowed: boolean
  /** The action's answer, when it is for this contract. */
  result: OrderActionData | null
  /** The tab's address (for the form and for Reset). */
  href: string
  pickerHref: (contractId: string) => string
}

export function OrderTab(props: OrderTabProps) {
  const { contract } = props
  return (
    <div className="space-y-4">
      <ContractPicker
        contracts={props.contracts}
        search={props.search}
        chosen={contract?.id ?? null}
        customerNumber={props.customerNumber}
        pickHref={props.pickerHref}
      />
      {contract ? <OrderForm key={`${contract.id}-${props.result?.id ?? ''}`} {...props} contract={contract} /> : null}
    </div>
  )
}

function OrderForm({
  contract,
  today,
  busops,
  activationsAllowed,
  result,
  href,
}: OrderTabProps & { contract: OrderContract }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [lines, setLines] = useState<RawLine[]>(result?.lines ?? [])
  const [changed, setChanged] = useState(result?.changed ?? null)
  const ctx = orderContext(contract, today)
  const order = computeOrder(ctx, lines, changed)
  const busy = navigation.state !== 'idle'
  const money = (n: number) => `${formatNumber(n, 2)} ${contract.currency}`
  const noProducts = contract.products.length === 0

  const edit = (index: number, field: keyof RawLine, value: string) => {
    const next = lines.map((l, i) => (i === index ? { ...l, [field]: value, err: '' } : l))
    const now = { line: index, field: BALANCE_FIELD[field] ?? 'product' }
    setChanged(now)
    setLines(computeOrder(ctx, next, now).lines.map((l) => l.raw))
  }
  const add = (kind: LineKind) => {
    setChanged(null)
    setLines([...order.lines.map((l) => l.raw), newLine(kind)])
  }
  const remove = (index: number) => {
    setChanged(null)
    setLines(lines.filter((_, i) => i !== index))
  }
  /** With JavaScript the table changes here; without it the button posts its intent. */
  const local = (run: () => void) =>
    hydrated
      ? (e: MouseEvent<HTMLButtonElement>) => {
          e.preventDefault()
          // A choice of the add menu closes it.
          e.currentTarget.closest('details')?.removeAttribute('open')
          run()
        }
      : undefined

  const canAdd = order.canAdd && lines.length < MAX_LINES && !noProducts
  const addStandard = (label: string) => (
    <button
      type="submit"
      name="intent"
      value="add"
      className="btn-secondary"
      disabled={!canAdd}
      onClick={local(() => add('standard'))}
    >
      {label}
    </button>
  )
  const shownRaws = order.lines.map((l) => l.raw)
  const hiddenFields = (
    <>
      <input type="hidden" name="contract" value={contract.id} />
      <input type="hidden" name="snapshot" value={snapshotOf(shownRaws)} />
    </>
  )
  const lineFields = shownRaws.flatMap((raw, i) =>
    LINE_FIELDS.map((f) => <input key={`${i}.${f}`} type="hidden" name={lineFieldName(i, f)} value={raw[f]} />),
  )

  return (
    <section aria-labelledby="order-heading" className="space-y-3">
      <h2 id="order-heading" className="text-lg font-semibold">
        Order from {contract.label}
      </h2>
      <p className="text-sm text-gray-700">
        Contract term {contract.startDate} to {contract.endDate}. Dates from {order.window.min} to {order.window.max}.
      </p>
      {noProducts ? <FlashPanel type="error" message={FSA_ORDER_MESSAGES.noProducts} /> : null}
      {result?.error ? <FlashPanel key={result.error} type="error" message={result.error} /> : null}
      {result?.notice ? <EditorNotice text={result.notice} okHref={href} /> : null}
      <Form method="post" action={href} className="space-y-3" noValidate>
        {hiddenFields}
        {/* The form's default button, first in it: Enter in a field works the table out again
            (with JavaScript it already is) rather than pressing a line's Remove. */}
        <button type="submit" name="intent" value="recompute" hidden tabIndex={-1} onClick={local(() => {})}>
          Update costs
        </button>
        {order.lines.length === 0 ? <p>No products in this order yet.</p> : null}
        {order.lines.map((line, index) => (
          <OrderLine
            key={index}
            index={index}
            line={line}
            products={contract.products}
            currency={contract.currency}
            attempted={Boolean(result?.attempted)}
            onEdit={edit}
            onRemove={hydrated ? remove : undefined}
          />
        ))}
        {hydrated ? null : (
          <button type="submit" name="intent" value="recompute" className="btn-secondary">
            Update costs
          </button>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {busops ? (
            <details className="relative">
              <summary className="btn-secondary cursor-pointer list-none">Add</summary>
              <div className="mt-1 flex flex-col gap-1 rounded border border-gray-300 bg-white p-2 shadow sm:absolute sm:z-10">
                {addStandard('Standard product')}
                <button
                  type="submit"
                  name="intent"
                  value="add-manual"
                  className="btn-secondary"
                  disabled={!(order.canAdd && lines.length < MAX_LINES)}
                  onClick={local(() => add('manual'))}
                >
                  Manual entry
                </button>
              </div>
            </details>
          ) : (
            addStandard('Add product')
          )}
          {lines.length > 0 ? (
            <button
              type="submit"
              name="intent"
              value="remove-all"
              className="btn-secondary"
              onClick={local(() => {
                setChanged(null)
                setLines([])
              })}
            >
              Remove all
            </button>
          ) : null}
        </div>
        <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4" aria-live="polite" data-testid="order-summary">
          <dt className="font-medium">Total Cost</dt>
          <dd data-testid="total-cost">{money(order.total)}</dd>
          <dt className="font-medium">Available</dt>
          <dd data-testid="available">{money(order.available)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="review" className="btn-primary" disabled={!order.ready || busy}>
            Order Now
          </button>
          <Link
            to={href}
            className="btn-secondary"
            onClick={() => {
              setChanged(null)
              setLines([])
            }}
          >
            Reset
          </Link>
        </div>
      </Form>
      {result?.confirm && order.ready ? (
        <OrderConfirmation
          key={snapshotOf(shownRaws)}
          total={money(order.total)}
          currency={contract.currency}
          lines={order.lines}
          hiddenFields={
            <>
              {hiddenFields}
              {lineFields}
            </>
          }
          action={href}
          activate={offersActivate(order.lines, activationsAllowed)}
        />
      ) : null}
    </section>
  )
}
