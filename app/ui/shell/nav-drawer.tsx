import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from '@remix-run/react'
import { useHydrated } from '../use-hydrated'
import { useDismiss } from './use-dismiss'

/** The one main navigation's id: the toolbar's Menu link points at it. */
export const NAV_ID = 'main-nav'
const CONTROL_ID = 'nav-menu-control'

/**
 * Below the `lg` breakpoint the main navigation is not beside the page but
 * opened from the toolbar. Without JavaScript the Menu control is a link to
 * the navigation, which the style sheet shows as a panel while it is the
 * page's target; with JavaScript it is a button that opens a drawer.
 */
export interface NavDrawer {
  hydrated: boolean
  open: boolean
  toggle: () => void
  close: (returnFocus: boolean) => void
  control: React.RefObject<HTMLButtonElement>
  nav: React.RefObject<HTMLElement>
  backdrop: React.RefObject<HTMLDivElement>
}

export function useNavDrawer(): NavDrawer {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const control = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  const backdrop = useRef<HTMLDivElement>(null)
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) control.current?.focus()
  }, [])
  const toggle = useCallback(() => setOpen((o) => !o), [])

  // A press on the backdrop is handled by the backdrop itself, so the page under it gets no click.
  useDismiss(
    () => open,
    [nav, control, backdrop],
    nav,
    (reason) => close(reason !== 'focus-left'),
  )

  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('[data-drawer-close]')?.focus()
  }, [open])

  // Any navigation (the browser's Back included) leaves the drawer closed.
  const { key } = useLocation()
  useEffect(() => setOpen(false), [key])

  return { hydrated, open, toggle, close, control, nav, backdrop }
}

const controlClass =
  'flex items-center gap-2 rounded px-2 py-1 text-white no-underline hover:bg-brand-800 focus-visible:outline-white lg:hidden'

/** The toolbar's Menu control (below `lg` only). */
export function NavMenuControl({ drawer }: { drawer: NavDrawer }) {
  const content = (
    <>
      <span aria-hidden="true" className="text-xl leading-none">
        ☰
      </span>
      {/* The icon alone on a phone, where the toolbar's first line is short of room. */}
      <span className="max-sm:sr-only">Menu</span>
    </>
  )
  if (!drawer.hydrated) {
    return (
      <a id={CONTROL_ID} href={`#${NAV_ID}`} className={controlClass}>
        {content}
      </a>
    )
  }
  return (
    <button
      ref={drawer.control}
      id={CONTROL_ID}
      type="button"
      className={controlClass}
      aria-expanded={drawer.open}
      aria-controls={NAV_ID}
      onClick={drawer.toggle}
    >
      {content}
    </button>
  )
}

/** Closes the navigation panel: back to the Menu control without JavaScript, a button with it. */
export function NavCloseControl({ drawer }: { drawer: NavDrawer }) {
  const className = 'btn-secondary lg:hidden'
  if (!drawer.hydrated) {
    return (
      <a href={`#${CONTROL_ID}`} className={className}>
        Close menu
      </a>
    )
  }
  return (
    <button type="button" className={className} data-drawer-close="" onClick={() => drawer.close(true)}>
      Close menu
    </button>
  )
}

/** Dims the page under the open drawer; a click on it closes the drawer. */
export function NavBackdrop({ drawer }: { drawer: NavDrawer }) {
  if (!drawer.open) return null
  return (
    // Pointer only: the keyboard closes the drawer with Escape or its Close menu button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={drawer.backdrop}
      className="fixed inset-0 z-30 bg-black/40 lg:hidden"
      onClick={() => drawer.close(true)}
    />
  )
}
