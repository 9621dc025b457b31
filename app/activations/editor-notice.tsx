/**
 * A notice the editor shows instead of a step (spec 3, dialog 3: the view-only
 * notice; also rehost mode's message): without JavaScript a section of the page
 * with an Ok link back, with it a small dialog whose Ok goes to the same place.
 */
import { Suspense } from 'react'
import { Link, useNavigate } from '@remix-run/react'
import { useHydrated } from '../ui/use-hydrated'
import { primary } from './editor-ui'
import { NoticeBox } from './notice-box'
import { LazyEditorModal } from './editor-dialog'

export function EditorNotice({ text, okHref }: { text: string; okHref: string }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const ok = (
    <Link to={okHref} className={`${primary} inline-block`}>
      Ok
    </Link>
  )
  if (hydrated) {
    return (
      <Suspense fallback={null}>
        <LazyEditorModal
          title="Notice"
          titleId="editor-notice-title"
          sectionClassName=""
          titleClassName="text-lg font-semibold"
          onClose={() => navigate(okHref)}
          panelClassName="w-full max-w-lg rounded bg-white p-4 shadow-lg"
          testId="editor-notice"
        >
          <p role="alert" className="my-3">
            {text}
          </p>
          {ok}
        </LazyEditorModal>
      </Suspense>
    )
  }
  return (
    <section aria-label="Notice" data-testid="editor-notice" className="max-w-2xl">
      <NoticeBox kind="warning" title={text}>
        <p className="pt-2">{ok}</p>
      </NoticeBox>
    </section>
  )
}
