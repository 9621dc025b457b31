/**
 * A confirmation whose answers are addresses (a GET step, e.g. a view change
 * that would drop the filters): without JavaScript a panel titled Confirm with
 * No and Yes links; with it the same question in the 350 px dialog, where No
 * (or Escape) goes to the No address.
 */
import { lazy, Suspense } from 'react'
import { Link, useNavigate } from '@remix-run/react'
import { useHydrated } from './use-hydrated'

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })))

export function ConfirmLinkStep({ question, yesHref, noHref }: { question: string; yesHref: string; noHref: string }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const answers = (
    <div className="mt-4 flex justify-end gap-2">
      <Link to={noHref} className="btn-secondary" preventScrollReset>
        No
      </Link>
      <Link to={yesHref} className="btn-primary" preventScrollReset>
        Yes
      </Link>
    </div>
  )
  if (!hydrated) {
    return (
      <section
        aria-labelledby="confirm-title"
        className="max-w-xl rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-gray-900"
        data-testid="confirm-panel"
      >
        <h2 id="confirm-title" className="text-lg font-semibold">
          Confirm
        </h2>
        <p className="mt-2">{question}</p>
        {answers}
      </section>
    )
  }
  return (
    <Suspense fallback={null}>
      <ConfirmDialog open onClose={() => navigate(noHref, { replace: true, preventScrollReset: true })}>
        <p className="mt-2">{question}</p>
        {answers}
      </ConfirmDialog>
    </Suspense>
  )
}
