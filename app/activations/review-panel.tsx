/**
 * The activations confirmation (spec 3, dialog 2): per customer what will be
 * activated and removed, in words naming product, count and host, the override
 * warning, the maintenance block (no save button) and the licence lines added
 * and removed. Its button says what happens and posts the draft to the save;
 * Cancel goes back to the draft. Sized to its content (docs/design.md, Dialogs).
 */
import type { FormEvent } from 'react'
import { Form, Link } from '@remix-run/react'
import { Tabs } from '../ui/tabs'
import { useHydrated } from '../ui/use-hydrated'
import { EDITOR_TEXTS } from '../domain/activation-editor'
import { changeSentence, confirmLabel, reviewTitle, type ChangeLine } from '../domain/activation-changes'
import type { Review } from './review.server'
import { cancelLink, Hidden, primary } from './editor-ui'
import { EditorDialog } from './editor-dialog'
import { NoticeBox } from './notice-box'

/** A long message as a notice: its first sentence bold, the rest under it. */
function splitFirstSentence(text: string): [string, string] {
  const end = text.indexOf('. ')
  return end < 0 ? [text, ''] : [text.slice(0, end + 1), text.slice(end + 2)]
}

export function ReviewPanel({
  review,
  keep,
  draft,
  hostName,
  hostId,
  onSubmit,
}: {
  review: Review
  keep: [string, string][]
  /** The draft and the Borrowable choice, posted by the save button. */
  draft: [string, string][]
  hostName: string
  hostId: string
  /** With JavaScript, the live save takes the post. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
  const hydrated = useHydrated()
  const cancelHref = `?${new URLSearchParams([...keep, ...draft])}`
  const customers = Object.keys(review.changes)
  const several = customers.length > 1
  const changesOf = (customer: string) => review.lines.filter((l) => l.customerNumber === customer)
  const [warnTitle, warnRest] = splitFirstSentence(EDITOR_TEXTS.override)
  const diffLines = review.diff.filter((l) => l.kind !== 'same')
  return (
    <EditorDialog
      id="review-title"
      title={reviewTitle(review.lines, hostName)}
      closeHref={cancelHref}
      width="w-full max-w-2xl"
      sectionClassName="max-w-2xl space-y-4 rounded border border-gray-300 bg-white p-4"
      testId="review-dialog"
    >
      {review.warn ? <NoticeBox kind="warning" title={warnTitle} text={warnRest} /> : null}
      {hydrated && several ? (
        <Tabs
          id="review-customers"
          label="Customers"
          items={customers.map((customer) => ({
            key: customer,
            label: customer,
            panel: (
              <CustomerChanges
                customer={customer}
                lines={changesOf(customer)}
                hostName={hostName}
                hostId={hostId}
                titled
              />
            ),
          }))}
        />
      ) : (
        customers.map((customer) => (
          <CustomerChanges
            key={customer}
            customer={customer}
            lines={changesOf(customer)}
            hostName={hostName}
            hostId={hostId}
            titled={several}
          />
        ))
      )}
      {review.blocked.length > 0 ? (
        <NoticeBox kind="error" title={EDITOR_TEXTS.maintenanceExpired}>
          <ul className="list-disc pl-5">
            {review.blocked.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p>{EDITOR_TEXTS.unselect}</p>
        </NoticeBox>
      ) : null}
      {diffLines.length > 0 ? (
        <section aria-labelledby="diff-title" className="space-y-1">
          <h3 id="diff-title" className="font-semibold">
            Licence file lines added and removed
          </h3>
          <pre className="max-h-64 overflow-auto rounded border border-gray-300 bg-gray-50 p-2 text-xs">
            {diffLines.map((l, i) => (
              <span key={i} className={l.kind === 'added' ? 'block text-green-700' : 'block text-red-700'}>
                {l.kind === 'added' ? '+ ' : '- '}
                {l.text}
              </span>
            ))}
          </pre>
        </section>
      ) : null}
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
        <Hidden entries={[...keep, ...draft, ['confirmed', '1']]} />
        {review.blocked.length === 0 ? (
          <button type="submit" name="intent" value={review.mode} className={primary}>
            {confirmLabel(review.lines, review.mode)}
          </button>
        ) : null}
        <Link to={cancelHref} className={cancelLink}>
          Cancel
        </Link>
      </Form>
    </EditorDialog>
  )
}

/** One customer's changes in words, or the spec's text when it has none. */
function CustomerChanges({
  customer,
  lines,
  hostName,
  hostId,
  titled,
}: {
  customer: string
  lines: ChangeLine[]
  hostName: string
  hostId: string
  /** Whether it names its customer (when several are open). */
  titled: boolean
}) {
  return (
    <section aria-label={`Customer ${customer}`} className="space-y-1">
      {titled ? <h3 className="font-semibold">Customer {customer}</h3> : null}
      {lines.length === 0 ? (
        <p>{EDITOR_TEXTS.nothingToChange(hostId)}</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5">
          {lines.map((line) => (
            <li key={line.key}>{changeSentence(line, hostName)}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
