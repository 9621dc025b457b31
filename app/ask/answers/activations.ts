/**
 * Answers about activations, from the hosts and their fulfilment history as Manage Activations
 * reads them: where a product is activated (the customer's activations summed per host), and what
 * is activated on a host with its last change and who made it.
 */
import { activationCalls } from '../../api-client/activations.server'
import type { Failure } from '../../api-client/envelope'
import type { HistoryFulfillment, HostHistory, ServerSummary } from '../../domain/activation-types'
import { groupHistory } from '../../domain/host-history'
import { todayUtc } from '../../domain/entitlements'
import { homeLinks } from '../../home/home-links'
import { answered, failed, screenLink, type AnswerDeps, type AreaAnswers } from './deps'
import { hostProductsText, productHostsText, type HostCount, type HostProduct } from './wording'

/** The history call takes at most this many hosts. */
const HOSTS_PER_CALL = 100

type Loaded<T> = { ok: true; value: T } | { ok: false; reply: Failure }

async function hostsWithHistory(
  deps: AnswerDeps,
  pick: (hosts: ServerSummary[]) => ServerSummary[],
): Promise<Loaded<{ hosts: ServerSummary[]; histories: HostHistory[] }>> {
  const calls = activationCalls(deps.api)
  const servers = await calls.servers(deps.customer.number)
  if (servers.status !== 'SUCCESS') return { ok: false, reply: servers }
  const hosts = pick(servers.data)
  const chunks: number[][] = []
  for (let i = 0; i < hosts.length; i += HOSTS_PER_CALL) {
    chunks.push(hosts.slice(i, i + HOSTS_PER_CALL).map((h) => h.id))
  }
  const replies = await Promise.all(chunks.map((ids) => calls.history(deps.customer.number, ids)))
  const histories: HostHistory[] = []
  for (const reply of replies) {
    if (reply.status !== 'SUCCESS') return { ok: false, reply }
    histories.push(...reply.data)
  }
  return { ok: true, value: { hosts, histories } }
}

/** What is activated now on a host for the customer: the fulfilments' counts summed per product, above zero. */
export function activatedProducts(events: readonly HistoryFulfillment[], customerNumber: string): HostProduct[] {
  const sums = new Map<string, number>()
  for (const e of events) {
    if (e.customerNumber !== customerNumber) continue
    sums.set(e.ProductName, (sums.get(e.ProductName) ?? 0) + e.FulfillCount)
  }
  return [...sums]
    .filter(([, count]) => count > 0)
    .map(([product, count]) => ({ product, count }))
    .sort((a, b) => a.product.localeCompare(b.product))
}

const productHosts: AreaAnswers['product.hosts'] = async (u, deps) => {
  const links = homeLinks(deps.customer.number, todayUtc(new Date(deps.now)))
  const list = screenLink('activationsHistory', links.activeHosts(), 'the active hosts')
  const product = u.entities.product
  if (!product) return answered('Which product do you mean? Name it as your entitlements do.', list, u, deps)
  const loaded = await hostsWithHistory(deps, (hosts) => hosts.filter((h) => h.state !== 'INACTIVE'))
  if (!loaded.ok) return failed(loaded.reply, list, u, deps)
  const found = loaded.value.histories.flatMap((h) => {
    const activated = activatedProducts(h.fulfillments, deps.customer.number).find((p) => p.product === product)
    return activated ? [{ host: h, count: activated.count }] : []
  })
  const counts: HostCount[] = found.map((f) => ({ host: f.host.name, count: f.count }))
  // On one host: that host with its history open; on several, the list of active hosts.
  const only = found.length === 1 ? loaded.value.hosts.find((h) => h.serverId === found[0].host.serverId) : undefined
  const link = only
    ? screenLink(
        'activationsHistory',
        links.hostHistory({ id: only.id, name: only.name, active: true }),
        `the history of ${only.name}`,
      )
    : list
  return answered(productHostsText(product, counts), link, u, deps)
}

const hostProducts: AreaAnswers['host.products'] = async (u, deps) => {
  const links = homeLinks(deps.customer.number, todayUtc(new Date(deps.now)))
  const list = screenLink('activationsHistory', links.activeHosts(), 'the active hosts')
  const name = u.entities.host
  if (!name) return answered('Which host do you mean? Name it as Manage Activations does.', list, u, deps)
  const loaded = await hostsWithHistory(deps, (hosts) => hosts.filter((h) => h.name === name).slice(0, 1))
  if (!loaded.ok) return failed(loaded.reply, list, u, deps)
  const host = loaded.value.hosts[0]
  const history = loaded.value.histories[0]
  if (!host || !history) return answered(`${deps.customer.name} has no host named ${name}.`, list, u, deps)
  const link = screenLink(
    'activationsHistory',
    links.hostHistory({ id: host.id, name: host.name, active: host.state !== 'INACTIVE' }),
    `the history of ${host.name}`,
  )
  const [latest] = groupHistory(history.fulfillments.filter((f) => f.customerNumber === deps.customer.number))
  const last = latest
    ? {
        time: latest.time,
        by: latest.modifiedBy,
        changes: latest.rows.map((r) => ({ product: r.productName || r.activationId, count: r.count })),
      }
    : null
  return answered(
    hostProductsText(host.name, activatedProducts(history.fulfillments, deps.customer.number), last),
    link,
    u,
    deps,
  )
}

export const activationAnswers: AreaAnswers = {
  'product.hosts': productHosts,
  'host.products': hostProducts,
}
