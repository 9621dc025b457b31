/**
 * A confirmation whose answers are addresses (a GET step, e.g. a view change
 * that would drop the filters): without JavaScript a panel titled Confirm with
 * Yes and No links; with it the same question in the 350 px dialog, where No
 * (or Escape) goes to the No address.
 */
import { Suspense } from 'react'
import { Link, useNavigate } from '@remix-run/react'
import { ConfirmPanel, LazyConfirmDialog } from './confirm-panel'
import { useHydrated } from './use-hydrated'

export function ConfirmLinkStep({ question, yesHref, noHref }: { question: string; yesHref: string; noHref: string }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const answers = (
    <div className="mt-4 flex flex-wrap gap-2">
      <Link to={yesHref} className="btn-primary" preventScrollReset>
        Yes
      </Link>
      <Link to={noHref} className="btn-link" preventScrollReset>
        No
      </Link>
    </div>
  )
  if (!hydrated) {
    return (
      <ConfirmPanel>
        <p className="mt-2">{question}</p>
        {answers}
      </ConfirmPanel>
    )
  }
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog open onClose={() => navigate(noHref, { replace: true, preventScrollReset: true })}>
        <p className="mt-2">{question}</p>
        {answers}
      </LazyConfirmDialog>
    </Suspense>
  )
}
