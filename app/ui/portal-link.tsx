/**
 * Links of the shell (navigation, breadcrumbs, home cards). Each is a plain
 * <a href>; with JavaScript, one click handler on the shell (useLinkNavigation)
 * turns an ordinary click on any of them into an in-app navigation, as
 * Remix's Link does. Their targets are absolute paths, so none of Link's
 * per-link path resolution and hooks are needed; those were a large share of
 * rendering a page that carries dozens of links.
 */
import { useCallback, type MouseEvent, type ReactNode } from 'react'
import { useLocation, useNavigate } from '@remix-run/react'

export interface PortalLinkProps {
  /** An absolute path with its query, e.g. from withCustomer(). */
  to: string
  className?: string
  children?: ReactNode
  'aria-current'?: 'page'
}

const MARK = 'data-portal-link'

// Explicit props, no rest or spread: a page renders dozens of these, and copying
// props objects was a measurable share of the render.
export function PortalLink({ to, className, children, 'aria-current': current }: PortalLinkProps) {
  return (
    <a href={to} className={className} aria-current={current} data-portal-link="">
      {children}
    </a>
  )
}

/** Whether a click is an ordinary one that the app should handle (not a new tab, window or download). */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
  target?: string | null,
) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

/** The click handler for the element that contains PortalLinks. */
export function useLinkNavigation() {
  const navigate = useNavigate()
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest?.(`a[${MARK}]`)
      if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event, link.getAttribute('target'))) return
      const to = link.getAttribute('href')
      if (!to) return
      event.preventDefault()
      const { pathname, search, hash } = window.location
      // Like Link: following a link to the page already shown replaces the history entry.
      navigate(to, { replace: `${pathname}${search}${hash}` === to })
    },
    [navigate],
  )
}

/** Whether `to` is the current page or one of its descendants (as NavLink decides, case-insensitively). */
export function isActivePath(currentPathname: string, to: string) {
  const end = to.search(/[?#]/)
  const target = (end === -1 ? to : to.slice(0, end)).toLowerCase()
  const current = currentPathname.toLowerCase()
  if (current === target) return true
  const prefix = target.endsWith('/') ? target : `${target}/`
  return current.startsWith(prefix)
}

/** A PortalLink that marks itself as the current page (aria-current="page"; style it with that attribute). */
export function PortalNavLink({ to, className, children }: Omit<PortalLinkProps, 'aria-current'>) {
  const { pathname } = useLocation()
  return PortalLink({ to, className, children, 'aria-current': isActivePath(pathname, to) ? 'page' : undefined })
}
