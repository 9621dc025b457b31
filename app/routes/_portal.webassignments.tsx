import { Outlet } from '@remix-run/react'
import { WebSectionNav } from '../web/section-nav'

/** The web assignments area: its sections, then the page (overview, a list or a record). */
export default function WebAssignmentsLayout() {
  return (
    <>
      <WebSectionNav />
      <Outlet />
    </>
  )
}
