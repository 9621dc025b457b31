/**
 * Answers about entitlements, read as Leases/Perpetuals lists them (its Active grid's calls with
 * the grid's own filters): the entitlements ending within a period, and a product's seats bought,
 * activated and free.
 */
import { ENTITLEMENT_FIELD } from '../../domain/entitlement-row'
import { endDateRangeText } from '../../domain/entitlement-filters'
import { formatDay } from '../../domain/entitlements'
import { toPageRequest } from '../../grid/grid-state'
import { activeLeaseGrid } from '../../grid/leases'
import { leaseSource } from '../../grid/entitlements.server'
import { aheadOr, answered, failed, screenLink, type AreaAnswers } from './deps'
import { gridView, gridViewHref, type GridLinkView } from './links'
import { endingText, noneText, seatsText } from './wording'

/** The default window of 'what ends soon': the next 90 days. */
export const ENDING_DEFAULT_DAYS = 90
/** The most rows one answer reads (the grid's largest page). */
const MAX_ROWS = 100

const ending: AreaAnswers['entitlements.ending'] = async (u, deps) => {
  const period = aheadOr(u.entities.period, deps.now, ENDING_DEFAULT_DAYS)
  const view: GridLinkView = {
    texts: {
      endDate: [endDateRangeText(period.from, period.to), 'equals'],
      entitlement: u.entities.product ? [u.entities.product, 'contains'] : undefined,
    },
    sort: { col: 'endDate', dir: 'asc' },
  }
  const link = screenLink('ssl', gridViewHref('ssl', activeLeaseGrid, deps.customer.number, view), 'these entitlements')
  const request = { ...toPageRequest(activeLeaseGrid, gridView(activeLeaseGrid, view)), limit: MAX_ROWS }
  const reply = await leaseSource(deps.api, deps.customer.number, true).page(request)
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  const rows = reply.data.map((r) => ({
    product: r.ProductName,
    endDate: formatDay(r.EndDate),
  }))
  return answered(endingText(deps.customer.name, period.text, rows), link, u, deps)
}

const seatsView = (product: string | undefined, op: 'contains' | 'equals'): GridLinkView => ({
  texts: { entitlement: product ? [product, op] : undefined },
})

const seats: AreaAnswers['product.seats'] = async (u, deps) => {
  const product = u.entities.product
  const linkTo = (view: GridLinkView) =>
    screenLink(
      'ssl',
      gridViewHref('ssl', activeLeaseGrid, deps.customer.number, view),
      product ? `the entitlements of ${product}` : 'the active entitlements',
    )
  // Every line of the product ('Ansys Mechanical Pro' and 'Ansys Mechanical Pro (node)'), read by name...
  const lines = seatsView(product, 'contains')
  if (!product) return answered('Which product do you mean? Name it as your entitlements do.', linkTo(lines), u, deps)
  const request = { ...toPageRequest(activeLeaseGrid, gridView(activeLeaseGrid, lines)), limit: MAX_ROWS }
  const reply = await leaseSource(deps.api, deps.customer.number, true).page(request)
  if (reply.status !== 'SUCCESS') return failed(reply, linkTo(lines), u, deps)
  // ...and counted when they are of the product itself ('Ansys Mechanical' is not 'Ansys Mechanical Pro').
  const rows = reply.data.filter((r) => (r[ENTITLEMENT_FIELD.product] ?? r.ProductName) === product)
  const link = linkTo(rows.length === reply.data.length ? lines : seatsView(product, 'equals'))
  if (rows.length === 0) {
    return answered(noneText(deps.customer.name, `active lease or perpetual of ${product}`), link, u, deps)
  }
  const figures = rows.reduce(
    (sum, r) => ({
      bought: sum.bought + (r[ENTITLEMENT_FIELD.count] ?? 0),
      activated: sum.activated + (r.TotalActivated ?? 0),
      entitlements: sum.entitlements + 1,
    }),
    { bought: 0, activated: 0, entitlements: 0 },
  )
  return answered(seatsText(product, figures), link, u, deps)
}

export const entitlementAnswers: AreaAnswers = {
  'entitlements.ending': ending,
  'product.seats': seats,
}
