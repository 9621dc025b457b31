/**
 * The names a demo customer's questions are matched against, built from the demo seed modules
 * without a server or a database: what app/ask/names.server.ts reads through the API for the same
 * customer (products by their product name, with the names of their lines as aliases; licence
 * hosts and the hosts, users and projects of elastic usage; portal and web users by e-mail with
 * their names). The corpus' expected entities are these canonical values.
 */
import { demoAccounts, demoUsers } from '../../../db/seed-data'
import { demoEntitlements } from '../../../db/seed-entitlements'
import { DEMO_HOSTS } from '../../../db/seed-hosts'
import { demoUsage } from '../../../db/seed-usage'
import { DEMO_WEB_ENTITLEMENTS, demoWebUsers, webProductName } from '../../../db/seed-web'
import { MANUAL_DRAWDOWN_PRODUCT } from '../../domain/product'
import type { AskNames, NameEntry } from '../types'

/** The seed day the demo names are taken at (the names do not depend on it). */
const SEED_DAY = Date.UTC(2026, 5, 1)

class Entries {
  private byValue = new Map<string, Set<string>>()
  add(value: string, ...aliases: (string | undefined)[]) {
    const set = this.byValue.get(value) ?? new Set<string>()
    for (const alias of aliases) if (alias && alias !== value) set.add(alias)
    this.byValue.set(value, set)
  }
  list(): NameEntry[] {
    return [...this.byValue].map(([value, aliases]) => ({ value, aliases: [...aliases] }))
  }
}

let usage: ReturnType<typeof demoUsage> | undefined

export function demoAskNames(accountId: string): AskNames {
  const entitlements = demoEntitlements(new Date(SEED_DAY).toISOString().slice(0, 10))
  usage ??= demoUsage(entitlements, SEED_DAY)
  const products = new Entries()
  for (const e of entitlements) {
    if (e.accountId !== accountId || e.productName === MANUAL_DRAWDOWN_PRODUCT) continue
    products.add(e.product!, e.productName)
  }
  for (const w of DEMO_WEB_ENTITLEMENTS) if (w.accountId === accountId) products.add(w.product, webProductName(w))
  const hosts = new Entries()
  for (const h of DEMO_HOSTS) {
    if (!h.accounts.includes(accountId)) continue
    const names = h.name.split(',')
    hosts.add(h.name, ...(names.length > 1 ? names : []), ...h.ids.map((id) => id.toLowerCase()))
  }
  const users = new Entries()
  const projects = new Entries()
  for (const s of usage) {
    if (s.accountId !== accountId) continue
    products.add(s.product!)
    hosts.add(s.host!)
    users.add(s.user!)
    projects.add(s.project!)
  }
  for (const u of demoUsers) if (u.access?.some((a) => a.accountId === accountId)) users.add(u.email, u.name)
  for (const u of demoWebUsers(accountId)) users.add(u.email, u.name)
  const customers = new Entries()
  for (const a of demoAccounts) customers.add(a.accountId!, a.accountName)
  return {
    products: products.list(),
    hosts: hosts.list(),
    users: users.list(),
    projects: projects.list(),
    customers: customers.list(),
    credits: [
      ...new Set(entitlements.filter((e) => e.accountId === accountId && e.type === 'ELASTIC').map((e) => e.product!)),
    ],
  }
}
