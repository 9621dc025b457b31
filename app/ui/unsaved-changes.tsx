/**
 * Guards a form with unsaved edits (spec: portal access, IP settings and elastic
 * credentials block leaving with unsaved changes). With JavaScript, an in-app
 * navigation to another address opens the 600 px warning dialog and a reload or
 * tab close asks the browser's own question. Without JavaScript nothing can be
 * intercepted, so the guard renders nothing and the page works as usual.
 *
 * Usage: `<UnsavedChangesGuard when={dirty} />` once per page.
 * Submitting the form to its own address (same path and query) is never blocked,
 * nor are the redirects that follow it.
 */
import { useEffect } from 'react'
import { useBlocker, type Location } from '@remix-run/react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'

export const UNSAVED_CHANGES_MESSAGE =
  'WARNING: You have unsaved changes. Press Cancel to go back and save these changes. Press Ok to lose these changes.'

/** Leaving means going to another path or query; staying on the same address (a POST to itself) is not leaving. */
export function isLeaving(current: Pick<Location, 'pathname' | 'search'>, next: Pick<Location, 'pathname' | 'search'>) {
  return current.pathname !== next.pathname || current.search !== next.search
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && isLeaving(currentLocation, nextLocation))

  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])

  // Edits undone while the dialog was open: nothing to protect any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed()
  }, [blocker, when])

  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      onCancel={() => blocker.reset?.()}
      onOk={() => blocker.proceed?.()}
    />
  )
}

/** The warning dialog itself; exported for screens that need to ask before a leave of their own. */
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
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="max-w-full rounded bg-white p-6 shadow-xl"
          style={{ width: 600 }}
          data-testid="unsaved-changes-dialog"
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
        </DialogPanel>
      </div>
    </Dialog>
  )
}
