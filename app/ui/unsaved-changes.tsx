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
import { lazy, Suspense, useEffect, useState } from 'react'
import { useBlocker, type Location } from '@remix-run/react'

// The dialog (and Headless UI with it) loads with the page's first unsaved change, not with the page.
const UnsavedChangesDialog = lazy(() =>
  import('./unsaved-changes-dialog').then((module) => ({ default: module.UnsavedChangesDialog })),
)

/** Leaving means going to another path or query; staying on the same address (a POST to itself) is not leaving. */
export function isLeaving(current: Pick<Location, 'pathname' | 'search'>, next: Pick<Location, 'pathname' | 'search'>) {
  return current.pathname !== next.pathname || current.search !== next.search
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && isLeaving(currentLocation, nextLocation))
  // Mounted (closed) from the first change on, so that it is ready when the user leaves.
  const [armed, setArmed] = useState(false)
  useEffect(() => {
    if (when) setArmed(true)
  }, [when])

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

  if (!armed) return null
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onOk={() => blocker.proceed?.()}
      />
    </Suspense>
  )
}
