/**
 * A step of the editor that is a section of the page without JavaScript and a
 * dialog over it with JavaScript (GUIDE section 3.5): the same content, its
 * heading naming the dialog, closing going back to `closeHref`.
 */
import type { CSSProperties, ReactNode } from 'react'
import { useNavigate } from '@remix-run/react'
import { DialogTitle } from '@headlessui/react'
import { CentredModal } from '../ui/modal-dialog'
import { useHydrated } from '../ui/use-hydrated'

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
  /** The dialog's width (a Tailwind class). */
  width: string
  panelStyle?: CSSProperties
  sectionClassName: string
  testId: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const headingClass = 'text-lg font-semibold'
  const content = (
    <section aria-labelledby={id} className={sectionClassName}>
      {hydrated ? (
        <DialogTitle as="h2" id={id} className={headingClass}>
          {title}
        </DialogTitle>
      ) : (
        <h2 id={id} className={headingClass}>
          {title}
        </h2>
      )}
      {children}
    </section>
  )
  if (!hydrated) return content
  return (
    <CentredModal
      open
      onClose={() => navigate(closeHref)}
      panelClassName={`max-h-full ${width} max-w-full overflow-auto rounded bg-white shadow-lg`}
      panelStyle={panelStyle}
      testId={testId}
    >
      {content}
    </CentredModal>
  )
}
