/** Loads one of the web assignments lists for its page, as the other lists of the portal do. */
import type { GridSpec } from '../grid/grid-state'
import type { GridSource } from '../grid/types'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import type { WebScreen } from './web-screen.server'
import { data } from '@remix-run/node'

export async function loadWebGrid<Row>(
  request: Request,
  screen: WebScreen,
  spec: GridSpec<Row>,
  source: GridSource<Row>,
) {
  const grid = await loadGrid({
    request,
    spec,
    source,
    preferences: preferenceStore(screen.api, screen.customerNumber, spec),
  })
  // A filter the service cannot read (400) is shown in place of the rows, so it can be cleared; other failures are the shell's.
  if (grid.error?.source === 'data' && grid.error.httpStatus !== 400) {
    throw data(grid.error.message, { status: grid.error.httpStatus ?? 502 })
  }
  return grid
}
