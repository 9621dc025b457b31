/**
 * A step of the editor that is a section of the page without JavaScript and a
 * dialog over it with JavaScript (GUIDE section 3.5): the same content, its
 * heading naming the dialog, closing going back to `closeHref`. The dialog's
 * code loads when one first opens.
 */
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react'
import { useNavigate } from '@remix-run/react'
import { useHydrated } from '../ui/use-hydrated'

export const LazyEditorModal = lazy(() => import('./editor-modal').then((m) => ({ default: m.EditorModal })))

export function EditorDialog({
  id,
  title,
  closeHref,
  width,
  panelStyle,
  sectionClassName,
  testId,
  children,
}: {
  id: string
  title: string
  closeHref: string
  /** The dialog's width (Tailwind classes, its limit on a phone included). */
  width: string
  panelStyle?: CSSProperties
  sectionClassName: string
  testId: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const headingClass = 'text-lg font-semibold'
  if (!hydrated) {
    return (
      <section aria-labelledby={id} className={sectionClassName} data-testid={testId}>
        <h2 id={id} className={headingClass}>
          {title}
        </h2>
        {children}
      </section>
    )
  }
  return (
    <Suspense fallback={null}>
      <LazyEditorModal
        title={title}
        titleId={id}
        sectionClassName={sectionClassName}
        titleClassName={headingClass}
        onClose={() => navigate(closeHref)}
        panelClassName={`max-h-full ${width} overflow-auto rounded bg-white shadow-lg`}
        panelStyle={panelStyle}
        testId={testId}
      >
        {children}
      </LazyEditorModal>
    </Suspense>
  )
}
