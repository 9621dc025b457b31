/**
 * A Headless UI Dialog that can be mounted already open and still hides the page behind it.
 *
 * Headless UI's Dialog makes the page's main tree (the child of <body> it is rendered
 * from, our #shell) inert and aria-hidden while it is open. It finds that main tree
 * through a hidden element it renders on its first commit; the effect that marks the
 * page runs in that same commit and does not run again when the main tree is found.
 * A Dialog mounted with `open` therefore leaves the page reachable by keyboard and
 * assistive technology. (It only seems to work for the first dialog of a page visit:
 * until Headless UI's first portal has mounted it holds every dialog closed for one
 * render, which happens to give the main tree time to be found.)
 *
 * ModalDialog renders the Dialog closed for its first commit and open from the
 * next one, before the browser paints, so the main tree is known when it opens.
 */
import { Dialog, DialogPanel } from '@headlessui/react'
import { useEffect, useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react'

// Layout effects do not run on the server (and React warns about them there).
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect

export function ModalDialog({
  open,
  onClose,
  className,
  children,
}: {
  open: boolean
  onClose: () => void
  className?: string
  children: ReactNode
}) {
  const [mounted, setMounted] = useState(false)
  useBeforePaint(() => setMounted(true), [])
  return (
    <Dialog open={mounted && open} onClose={onClose} className={className}>
      {children}
    </Dialog>
  )
}

/** A ModalDialog as the portal shows one: the page dimmed behind it, its panel in the middle of the window. */
export function CenteredModal({
  open,
  onClose,
  layer = 'z-40',
  panelClassName,
  panelStyle,
  testId,
  children,
}: {
  open: boolean
  onClose: () => void
  /** The stacking layer (a Tailwind z-index class). */
  layer?: string
  panelClassName: string
  panelStyle?: CSSProperties
  testId?: string
  children: ReactNode
}) {
  return (
    <ModalDialog open={open} onClose={onClose} className={`relative ${layer}`}>
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={panelClassName} style={panelStyle} data-testid={testId}>
          {children}
        </DialogPanel>
      </div>
    </ModalDialog>
  )
}
