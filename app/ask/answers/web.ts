/**
 * Answers about web licences, from the calls the Web screens make: seats in use now (the
 * entitlements list, which the answer links to), checkouts denied in a period (Web Transactions' list, its outcome filter),
 * and who holds the named seats of an entitlement (the entitlement's page).
 */
import { webCalls, type WebEntitlementRow } from '../../api-client/web.server'
import { customRange } from '../../domain/date-presets'
import { todayUtc } from '../../domain/entitlements'
import { filterRule } from '../../grid/grid-state'
import { webTransactionsGrid } from '../../grid/web-transactions'
import { webEntitlementGrid } from '../../grid/web-lists'
import { webTransactionsSource } from '../../grid/web-transactions.server'
import { webTransactionsHref } from '../../web-usage/transactions-href'
import { withCustomer } from '../../ui/customer-href'
import { screenPath } from '../../screens/registry'
import { answered, failed, periodOr, screenLink, type AnswerDeps, type AreaAnswers } from './deps'
import { gridView, gridViewHref } from './links'
import { namedHoldersText, noneText, webDenialsText, webInUseText } from './wording'

export const DENIALS_DEFAULT_DAYS = 30
const MAX_ENTITLEMENTS = 1000

async function webEntitlements(deps: AnswerDeps) {
  return webCalls(deps.api).entitlements.page(deps.customer.number, { limit: MAX_ENTITLEMENTS })
}

const ofProduct = (rows: readonly WebEntitlementRow[], product: string | undefined) =>
  product ? rows.filter((r) => r.productName === product || r.product === product) : rows

/** The web entitlements list (its In Use Now and Held columns), narrowed to the product when one is named. */
const entitlementsListHref = (customer: string, productName?: string) =>
  gridViewHref('webEntitlements', webEntitlementGrid, customer, {
    texts: { productName: productName ? [productName, 'equals'] : undefined },
  })

const inUse: AreaAnswers['web.inUse'] = async (u, deps) => {
  const list = screenLink('webAssignments', entitlementsListHref(deps.customer.number), 'the web licences')
  const reply = await webEntitlements(deps)
  if (reply.status !== 'SUCCESS') return failed(reply, list, u, deps)
  const rows = ofProduct(reply.data, u.entities.product).filter((r) => r.termState === 'in-term')
  const names = new Set(rows.map((r) => r.productName))
  const link =
    u.entities.product && names.size === 1
      ? screenLink('webAssignments', entitlementsListHref(deps.customer.number, [...names][0]), 'this web licence')
      : list
  if (rows.length === 0)
    return answered(noneText(deps.customer.name, 'web licence entitlement in its term'), link, u, deps)
  const text = webInUseText(
    rows.map((r) =>
      r.type === 'NAMED_USER'
        ? { product: r.productName, type: 'named', seats: r.seats, used: r.holders }
        : { product: r.productName, type: 'shared', seats: r.seats, used: r.inUse },
    ),
  )
  return answered(text, link, u, deps)
}

const denials: AreaAnswers['web.denials'] = async (u, deps) => {
  const period = periodOr(u.entities.period, deps.now, DENIALS_DEFAULT_DAYS)
  let activationId: string | undefined
  if (u.entities.product) {
    const list = await webEntitlements(deps)
    const fallback = screenLink(
      'webTransactions',
      webTransactionsHref({ customer: deps.customer.number, outcome: 'denied', ...period }),
      'the denied checkouts',
    )
    if (list.status !== 'SUCCESS') return failed(list, fallback, u, deps)
    const found = ofProduct(list.data, u.entities.product)
    if (found.length === 0)
      return answered(noneText(deps.customer.name, `web licence of ${u.entities.product}`), fallback, u, deps)
    if (found.length === 1) activationId = found[0].activationId
  }
  const link = screenLink(
    'webTransactions',
    webTransactionsHref({
      customer: deps.customer.number,
      outcome: 'denied',
      activationId,
      from: period.from,
      to: period.to,
    }),
    'these denied checkouts',
  )
  const view = gridView(webTransactionsGrid, {
    sets: { outcome: 'denied' },
    texts: { activationId: activationId ? [activationId, 'equals'] : undefined },
  })
  const source = webTransactionsSource(deps.api, deps.customer.number, {
    range: customRange(period.from, period.to),
    group: null,
  })
  const reply = await source.count(filterRule(webTransactionsGrid, view.filters))
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  return answered(webDenialsText(period.text, reply.data, activationId ? u.entities.product : undefined), link, u, deps)
}

const namedHolders: AreaAnswers['web.namedHolder'] = async (u, deps) => {
  const list = screenLink(
    'webAssignments',
    withCustomer(screenPath('webAssignments'), deps.customer.number),
    'the web licences',
  )
  const reply = await webEntitlements(deps)
  if (reply.status !== 'SUCCESS') return failed(reply, list, u, deps)
  const named = ofProduct(reply.data, u.entities.product).filter((r) => r.type === 'NAMED_USER')
  if (named.length === 0) {
    const what = u.entities.product ? `named web licence of ${u.entities.product}` : 'named web licence'
    return answered(noneText(deps.customer.name, what), list, u, deps)
  }
  const today = todayUtc(new Date(deps.now))
  const details = await Promise.all(
    named.map((r) => webCalls(deps.api).entitlement(deps.customer.number, r.activationId)),
  )
  const sentences: string[] = []
  for (const detail of details) {
    if (detail.status !== 'SUCCESS') return failed(detail, list, u, deps)
    const { entitlement, seats } = detail.data
    const current = seats.filter((s) => s.endDate === null || s.endDate >= today)
    sentences.push(
      namedHoldersText(
        entitlement.productName,
        entitlement.seats,
        current.map((s) => (s.name ? `${s.name} (${s.email})` : s.email)),
      ),
    )
  }
  const link =
    named.length === 1
      ? screenLink(
          'webAssignments',
          withCustomer(
            `${screenPath('webEntitlements')}/${encodeURIComponent(named[0].activationId)}`,
            deps.customer.number,
          ),
          'these named seats',
        )
      : list
  return answered(sentences.join(' '), link, u, deps)
}

export const webAnswers: AreaAnswers = { 'web.inUse': inUse, 'web.denials': denials, 'web.namedHolder': namedHolders }
