/**
 * The order's confirmation (spec 3, "Order confirmation dialog"): 'The following
 * FSA entitlements will be created at a cost of <total>. Do you want to
 * continue?', the lines, and its buttons (the spec's Cancel, Order and Order &
 * Activate, in the design's order: the main action first, Cancel last). Order &
 * Activate is offered when not every line is manual and the user may activate.
 * A section of the page without JavaScript, a 1200 px dialog with it.
 */
import { Suspense, useState, type ReactNode } from 'react'
import { Form, useNavigation } from '@remix-run/react'
import type { ComputedLine } from '../domain/fsa-order-form'
import { formatNumber } from '../domain/entitlements'
import { HeaderRow } from '../activations/editor-ui'
import { LazyEditorModal } from '../activations/editor-dialog'
import { TableScroll } from '../ui/table-scroll'
import { useHydrated } from '../ui/use-hydrated'
import { FSA_TEXTS } from './fsa-screen'

export function OrderConfirmation({
  total,
  currency,
  lines,
  hiddenFields,
  action,
  activate,
}: {
  /** The total with its currency. */
  total: string
  currency: string
  lines: readonly ComputedLine[]
  /** The order's fields, posted again with the choice. */
  hiddenFields: ReactNode
  action: string
  activate: boolean
}) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [open, setOpen] = useState(true)
  const busy = navigation.state !== 'idle'
  const title = FSA_TEXTS.question(total)
  const body = (close: (() => void) | null) => (
    <>
      <TableScroll label="The FSA entitlements to create">
        <table className="mt-3 w-full text-sm">
          <HeaderRow names={['Product', 'Count', 'Start Date', 'End Date', 'Cost', 'Currency']} />
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} className="border-t border-gray-200">
                <td className="px-2">
                  {line.productName}
                  {line.raw.kind === 'manual' ? (
                    <span className="block text-xs text-gray-700">Manual entry</span>
                  ) : null}
                </td>
                <td className="px-2">{formatNumber(line.count ?? 0)}</td>
                <td className="px-2">{line.raw.startDate}</td>
                <td className="px-2">{line.raw.endDate}</td>
                <td className="px-2">{formatNumber(line.cost ?? 0, 2)}</td>
                <td className="px-2">{currency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-2">
        {hiddenFields}
        <button type="submit" name="intent" value="order" className="btn-primary" disabled={busy}>
          Order
        </button>
        {activate ? (
          <button type="submit" name="intent" value="order-activate" className="btn-secondary" disabled={busy}>
            Order &amp; Activate
          </button>
        ) : null}
        {close ? (
          <button
            type="button"
            className="btn-link"
            onClick={close}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- Headless UI's Dialog focuses the element marked autoFocus when it opens
            autoFocus
          >
            Cancel
          </button>
        ) : (
          <button type="submit" name="intent" value="recompute" className="btn-link">
            Cancel
          </button>
        )}
      </Form>
    </>
  )
  if (!hydrated) {
    return (
      <section
        aria-labelledby="order-confirm-title"
        className="rounded border border-gray-300 border-l-4 border-l-brand-700 bg-white p-3"
        data-testid="order-confirmation"
      >
        <h2 id="order-confirm-title" className="text-lg font-semibold">
          {title}
        </h2>
        {body(null)}
      </section>
    )
  }
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LazyEditorModal
        title={title}
        titleId="order-confirm-title"
        sectionClassName="p-4"
        titleClassName="text-lg font-semibold"
        onClose={() => setOpen(false)}
        panelClassName="max-h-full w-[1200px] max-w-full overflow-auto rounded bg-white shadow-lg"
        testId="order-confirmation"
      >
        {body(() => setOpen(false))}
      </LazyEditorModal>
    </Suspense>
  )
}
