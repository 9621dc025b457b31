import { activationsAllowed, elasticAllowed, flagSet, sslAccessPermissible } from '../domain/permissions'
import type { AccountInfo, User } from '../domain/types'
import { NAV_GROUPS, SCREEN_IDS, screenDef, type NavGroupId, type NavGroupRule, type NavItemRule } from './registry'

export type NavItem = { label: string; path: string }
export type NavGroup = { id: NavGroupId; label: string; items: NavItem[] }

type MaybeUser = User | null | undefined
type MaybeInfo = AccountInfo | null | undefined

/**
 * The group rules of the side menu (spec 1 section 2.3). With no customer
 * selected (info null) every rule that reads an account flag is false.
 */
const GROUP_RULES: Readonly<Record<NavGroupRule, (user: MaybeUser, info: MaybeInfo) => boolean>> = {
  always: () => true,
  activationsAllowed: (user, info) => activationsAllowed(user, info),
  webLicenses: (_, info) => flagSet(info?.hasSharedLicense) || flagSet(info?.hasNamedLicense),
  elasticOnAccount: (_, info) => elasticAllowed() && flagSet(info?.hasElastic),
  elasticOrSslAccess: (_, info) => elasticAllowed() || sslAccessPermissible(info),
  elasticAllowed: () => elasticAllowed(),
}

const ITEM_RULES: Readonly<Record<NavItemRule, (info: MaybeInfo) => boolean>> = {
  always: () => true,
  hasFSA: (info) => flagSet(info?.hasFSA),
  hasElastic: (info) => flagSet(info?.hasElastic),
}

const GROUP_LABELS = Object.fromEntries(NAV_GROUPS.map((g) => [g.id, g.label])) as Record<NavGroupId, string>

const MENU_SCREENS = SCREEN_IDS.map(screenDef).filter((def) => def.nav && def.group)

/** The menu's labels by path. */
const ITEM_LABELS = new Map(MENU_SCREENS.map((def) => [def.path, def.title ?? def.path]))

/** Paths of the screens that a flagged variant replaces, by the variant's path. */
const REPLACED_BY = new Map(
  MENU_SCREENS.filter((def) => def.flagVariantOf).map((def) => [screenDef(def.flagVariantOf!).path, def.path]),
)

const item = (path: string): NavItem => ({ label: ITEM_LABELS.get(path) ?? path, path })

/**
 * The address a side-menu item links to: its path, with the query its screen
 * declares for a choice from the menu (Elastic Licensing's fromLeftMenu).
 */
export function navHref(path: string): string {
  const query = MENU_SCREENS.find((def) => def.path === path)?.nav?.query
  return query ? `${path}?${query}` : path
}

/**
 * The navigation as the shell's loader sends it to the page: each visible
 * group's id with the paths of its items. Labels are fixed per group and path,
 * so they are not sent; expandNav() restores them.
 */
export type CompactNav = [NavGroupId, string[]][]

export function compactNav(groups: readonly NavGroup[]): CompactNav {
  return groups.map((group) => [group.id, group.items.map((i) => i.path)])
}

// The side menu and the home page's cards both expand the same loader data.
const expanded = new WeakMap<CompactNav, NavGroup[]>()

export function expandNav(nav: CompactNav): NavGroup[] {
  let groups = expanded.get(nav)
  if (!groups) {
    groups = nav.map(([id, paths]) => ({ id, label: GROUP_LABELS[id], items: paths.map(item) }))
    expanded.set(nav, groups)
  }
  return groups
}

/** Layout figures of the side menu (pixels). */
export const NAV_LAYOUT = { contentMarginOpen: 240, contentMarginClosed: 40, sidebarWidth: 300 } as const

/**
 * The left navigation for the signed-in user and the selected customer: the
 * groups whose rule holds, each with the menu screens of the group whose rule
 * holds, in the registry's order.
 *
 * `enabledFlagPaths` lists the paths of enabled feature flags; here it only picks
 * a screen's flagged variant (web assignments) in place of the screen.
 *
 * With no customer selected (info null) every rule that reads an account flag is
 * false: Entitlements shows its two fixed items, Activations, Web and Elastic
 * Reporting are hidden. Settings and Messages depend only on elastic being allowed
 * (always), so they stay, with their account-independent items.
 */
export function navigationGroups(
  user: MaybeUser,
  info: MaybeInfo,
  enabledFlagPaths: readonly string[] = [],
): NavGroup[] {
  const flagOn = (path: string) => enabledFlagPaths.some((p) => p.trim().toLowerCase() === path.toLowerCase())
  const shows = (def: (typeof MENU_SCREENS)[number]) => {
    if (def.flagVariantOf) return flagOn(def.path)
    const variant = REPLACED_BY.get(def.path)
    if (variant && flagOn(variant)) return false
    return ITEM_RULES[def.nav!.shows](info)
  }
  const groups: NavGroup[] = []
  for (const group of NAV_GROUPS) {
    if (!GROUP_RULES[group.shows](user, info)) continue
    const items = MENU_SCREENS.filter((def) => def.group === group.id && shows(def)).map((def) => item(def.path))
    groups.push({ id: group.id, label: group.label, items })
  }
  return groups
}
