/**
 * The JavaScript look of the editor's dialogs and notices: a Headless UI dialog
 * centred over the page. Loaded when a dialog first opens (lazy), so pages that
 * only may open one do not carry Headless UI in their first script.
 */
import type { CSSProperties, ReactNode } from 'react'
import { DialogTitle } from '@headlessui/react'
import { CenteredModal } from '../ui/modal-dialog'

export function EditorModal({
  titleId,
  title,
  sectionClassName,
  titleClassName,
  onClose,
  panelClassName,
  panelStyle,
  testId,
  children,
}: {
  titleId: string
  title: string
  sectionClassName: string
  titleClassName: string
  onClose: () => void
  panelClassName: string
  panelStyle?: CSSProperties
  testId: string
  children: ReactNode
}) {
  return (
    <CenteredModal open onClose={onClose} panelClassName={panelClassName} panelStyle={panelStyle} testId={testId}>
      <section aria-labelledby={titleId} className={sectionClassName}>
        <DialogTitle as="h2" id={titleId} className={titleClassName}>
          {title}
        </DialogTitle>
        {children}
      </section>
    </CenteredModal>
  )
}
