/**
 * The activations confirmation (spec 3, dialog 2): per customer what will be
 * activated and deactivated, the override warning, the maintenance block (no Ok)
 * and the licence lines added and removed. Ok posts the draft to the save.
 */
import type { FormEvent } from 'react'
import { Form, Link } from '@remix-run/react'
import { Tabs } from '../ui/tabs'
import type { FulfillmentOperation } from '../domain/activation-types'
import { useHydrated } from '../ui/use-hydrated'
import { EDITOR_TEXTS } from '../domain/activation-editor'
import type { Review } from './review.server'
import { button, Hidden, primary } from './editor-ui'
import { EditorDialog } from './editor-dialog'

const TITLE = 'Confirm the changes'

export function ReviewPanel({
  review,
  keep,
  draft,
  hostId,
  onSubmit,
}: {
  review: Review
  keep: [string, string][]
  /** The draft and the Borrowable choice, posted by Ok. */
  draft: [string, string][]
  hostId: string
  /** With JavaScript, the live save takes the Ok. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
  const hydrated = useHydrated()
  const cancelHref = `?${new URLSearchParams([...keep, ...draft])}`
  const customers = Object.entries(review.changes)
  return (
    <EditorDialog
      id="review-title"
      title={TITLE}
      closeHref={cancelHref}
      width="w-[1200px]"
      panelStyle={{ minHeight: 'min(788px, 100%)' }}
      sectionClassName="space-y-3 rounded border border-blue-300 bg-blue-50 p-3"
      testId="review-dialog"
    >
      {review.warn ? <p role="alert">{EDITOR_TEXTS.override}</p> : null}
      {hydrated && customers.length > 1 ? (
        <Tabs
          id="review-customers"
          label="Customers"
          items={customers.map(([customer, ops]) => ({
            key: customer,
            label: customer,
            panel: <CustomerChanges customer={customer} ops={ops} hostId={hostId} />,
          }))}
        />
      ) : (
        customers.map(([customer, ops]) => (
          <CustomerChanges key={customer} customer={customer} ops={ops} hostId={hostId} />
        ))
      )}
      {review.blocked.length > 0 ? (
        <div role="alert">
          <p>{EDITOR_TEXTS.maintenanceExpired}</p>
          <ul>
            {review.blocked.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p>{EDITOR_TEXTS.unselect}</p>
        </div>
      ) : null}
      <section aria-labelledby="diff-title">
        <h3 id="diff-title" className="font-semibold">
          Licence file changes
        </h3>
        <pre className="max-h-96 overflow-auto bg-white p-2 text-xs">
          {review.diff
            .filter((l) => l.kind !== 'same')
            .map((l, i) => (
              <span key={i} className={l.kind === 'added' ? 'block text-green-800' : 'block text-red-800'}>
                {l.kind === 'added' ? '+ ' : '- '}
                {l.text}
              </span>
            ))}
        </pre>
      </section>
      <div className="flex gap-2">
        <Link to={cancelHref} className={button}>
          Cancel
        </Link>
        {review.blocked.length === 0 ? (
          <Form method="post" onSubmit={onSubmit}>
            <Hidden entries={[...keep, ...draft, ['confirmed', '1']]} />
            <button type="submit" name="intent" value={review.mode} className={primary}>
              Ok
            </button>
          </Form>
        ) : null}
      </div>
    </EditorDialog>
  )
}

/** One customer's operations, or the spec's text when it has none. */
function CustomerChanges({ customer, ops, hostId }: { customer: string; ops: FulfillmentOperation[]; hostId: string }) {
  return (
    <section aria-label={`Customer ${customer}`}>
      <h3 className="font-semibold">{customer}</h3>
      {ops.length === 0 ? (
        <p>{EDITOR_TEXTS.nothingToChange(hostId)}</p>
      ) : (
        <ul>
          {ops.map((op) => (
            <li key={op.id}>
              {op.count > 0 ? `Activate ${op.count} of ${op.id}` : `Deactivate ${-op.count} of ${op.id}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
