/** The 350 px dialog of ConfirmStep (confirm-step.tsx), which loads it when a question is first asked. */
import type { ReactNode } from 'react'
import { DialogPanel, DialogTitle } from '@headlessui/react'
import { ModalDialog } from './modal-dialog'

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
    <ModalDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="max-w-full rounded bg-white p-6 shadow-xl"
          style={{ width: 350 }}
          data-testid="confirm-dialog"
        >
          <DialogTitle className="text-lg font-semibold">Confirm</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </ModalDialog>
  )
}
