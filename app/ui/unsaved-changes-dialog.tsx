/**
 * The warning dialog of UnsavedChangesGuard (unsaved-changes.tsx), which loads it with the first unsaved
 * change. A ModalDialog, since a user who leaves at once finds it mounting already open.
 */
import { DialogTitle } from '@headlessui/react'
import { CenteredModal } from './modal-dialog'

export const UNSAVED_CHANGES_MESSAGE =
  'WARNING: You have unsaved changes. Press Cancel to go back and save these changes. Press Ok to lose these changes.'

export function UnsavedChangesDialog({
  open,
  onCancel,
  onOk,
}: {
  open: boolean
  onCancel: () => void
  onOk: () => void
}) {
  return (
    <CenteredModal
      open={open}
      onClose={onCancel}
      layer="z-50"
      panelClassName="max-w-full rounded bg-white p-6 shadow-xl"
      panelStyle={{ width: 600 }}
      testId="unsaved-changes-dialog"
    >
      <DialogTitle as="p" className="text-base font-medium text-gray-900">
        {UNSAVED_CHANGES_MESSAGE}
      </DialogTitle>
      <div className="mt-6 flex justify-end gap-2">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- Headless UI's Dialog focuses the element marked autoFocus when it opens */}
        <button type="button" className="btn-secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={onOk}>
          Ok
        </button>
      </div>
    </CenteredModal>
  )
}
