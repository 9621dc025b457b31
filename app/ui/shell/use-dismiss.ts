import { useEffect, useRef, type RefObject } from 'react'

/** Why an open popup is being closed. */
export type DismissReason = 'escape' | 'outside' | 'focus-left' | 'chosen'

/**
 * Closes an open popup (a disclosure menu, the navigation drawer) the way
 * people expect: Escape, a press outside it, focus moving on to something
 * outside it, or following one of its links or submit buttons. `parts` are the
 * elements that count as inside (the popup and the control that opens it);
 * `popup` is the one whose links and submit buttons close it when chosen.
 *
 * `isOpen` is asked at each event, and the listeners stay attached while the
 * component is mounted: a native <details> is open as soon as its summary is
 * pressed, before its toggle event has reached React state, and a press outside
 * in that moment must close it too.
 */
export function useDismiss(
  isOpen: () => boolean,
  parts: RefObject<HTMLElement | null>[],
  popup: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
) {
  // The latest callback and parts, without re-attaching the listeners on every render.
  const latest = useRef({ isOpen, parts, popup, onDismiss })
  latest.current = { isOpen, parts, popup, onDismiss }

  useEffect(() => {
    const open = () => latest.current.isOpen()
    const inside = (node: EventTarget | null) =>
      node instanceof Node && latest.current.parts.some((part) => part.current?.contains(node))
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !open()) return
      event.preventDefault()
      latest.current.onDismiss('escape')
    }
    const onPointerDown = (event: PointerEvent) => {
      if (open() && !inside(event.target)) latest.current.onDismiss('outside')
    }
    const onFocusIn = (event: FocusEvent) => {
      if (open() && !inside(event.target)) latest.current.onDismiss('focus-left')
    }
    const onClick = (event: MouseEvent) => {
      // Links and submit buttons are choices; other buttons (e.g. Collapse all) act inside the popup.
      const chosen = (event.target as Element).closest?.('a[href], button[type="submit"]')
      if (!open() || !chosen || !latest.current.popup.current?.contains(chosen)) return
      // After the click has done its work (a link followed, a form submitted).
      setTimeout(() => latest.current.onDismiss('chosen'))
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('click', onClick)
    }
  }, [])
}

/**
 * A disclosure menu (a <details> and its popup) that closes as `useDismiss` says; Escape puts the
 * focus back on its summary. Give `details` to the <details> and `popup` to the popup.
 */
export function useDisclosureMenu() {
  const details = useRef<HTMLDetailsElement>(null)
  const popup = useRef<HTMLDivElement>(null)
  useDismiss(
    () => details.current?.open ?? false,
    [details],
    popup,
    (reason) => {
      const element = details.current
      if (!element) return
      element.open = false
      if (reason === 'escape') element.querySelector('summary')?.focus()
    },
  )
  return { details, popup }
}
