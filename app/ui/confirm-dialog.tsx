/** The 350 px dialog of ConfirmStep (confirm-step.tsx), which loads it when a question is first asked. */
import type { ReactNode } from 'react'
import { DialogTitle } from '@headlessui/react'
import { CenteredModal } from './modal-dialog'

export function ConfirmDialog({
  open,
  onClose,
  children,
}: {
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <CenteredModal
      open={open}
      onClose={onClose}
      layer="z-50"
      panelClassName="max-w-full rounded bg-white p-6 shadow-xl"
      panelStyle={{ width: 350 }}
      testId="confirm-dialog"
    >
      <DialogTitle className="text-lg font-semibold">Confirm</DialogTitle>
      {children}
    </CenteredModal>
  )
}
