/**
 * Answers about the Flexible Spending Account, from the calls its screen makes: each contract's
 * balance (available of total), and the latest order lines of its history.
 */
import { fsaCalls } from '../../api-client/fsa.server'
import { FSA_FIELD } from '../../domain/fsa-types'
import { withCustomer } from '../../ui/customer-href'
import { screenPath } from '../../screens/registry'
import { answered, failed, screenLink, type AreaAnswers } from './deps'
import { fsaBalanceText, fsaOrdersText, noneText } from './wording'

/** How many order lines 'recent orders' names. */
export const RECENT_ORDER_LINES = 5

const fsaHref = (customer: string, query = '') => withCustomer(`${screenPath('fsa')}${query}`, customer)

const balance: AreaAnswers['fsa.balance'] = async (u, deps) => {
  const link = screenLink('fsa', fsaHref(deps.customer.number), 'the accounts')
  const reply = await fsaCalls(deps.api).contracts(deps.customer.number)
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  if (reply.data.length === 0) return answered(noneText(deps.customer.name, 'Flexible Spending Account'), link, u, deps)
  const contracts = reply.data.map((c) => ({
    id: c.EntitlementID,
    available: c.Available,
    total: c[FSA_FIELD.price],
    currency: c[FSA_FIELD.currency],
    endDate: c.EndDate,
  }))
  const one = reply.data.length === 1 ? `?contract=${encodeURIComponent(reply.data[0].EntitlementID)}` : ''
  const what = one ? 'this account' : 'the accounts'
  return answered(fsaBalanceText(contracts), screenLink('fsa', fsaHref(deps.customer.number, one), what), u, deps)
}

const orders: AreaAnswers['fsa.orders'] = async (u, deps) => {
  const link = screenLink('fsa', fsaHref(deps.customer.number, '?tab=history'), 'the order history')
  const reply = await fsaCalls(deps.api).history(deps.customer.number)
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  const period = u.entities.period
  const inPeriod = period
    ? reply.data.filter((o) => o.orderdate.slice(0, 10) >= period.from && o.orderdate.slice(0, 10) <= period.to)
    : reply.data
  const latest = [...inPeriod]
    .sort((a, b) => b.orderdate.localeCompare(a.orderdate) || b.id - a.id)
    .slice(0, RECENT_ORDER_LINES)
    .map((o) => ({
      orderId: o.orderid,
      date: o.orderdate,
      product: o.ansysproduct,
      count: o.count,
      cost: o.cost,
      currency: o.currency,
      requester: o.requester,
    }))
  return answered(fsaOrdersText(latest, inPeriod.length, period?.text), link, u, deps)
}

export const fsaAnswers: AreaAnswers = { 'fsa.balance': balance, 'fsa.orders': orders }
