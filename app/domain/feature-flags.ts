/**
 * Feature flags: conflict checks for the 'Enabled Feature Flags' dialog, route
 * gating by flag path, and the environment rule for showing the dialog.
 */

export type FeatureFlag = {
  name: string
  description: string
  enabled: boolean
  conflicts: string[]
  /** Route path the flag gates, if any. */
  path?: string | null
}

/** What deciding about routes needs of a flag; the shell keeps only this between pages. */
export type FlagGate = Pick<FeatureFlag, 'name' | 'enabled' | 'path'>

/** The flags reduced to their gates: the descriptions and conflicts matter only to the flags dialog. */
export function flagGates(flags: readonly FeatureFlag[]): FlagGate[] {
  return flags.map(({ name, enabled, path }) => ({ name, enabled, path: path ?? null }))
}

export const FLAG_CONFLICT_MESSAGE = 'Selections are in conflict. Deselect one or more option.'

/**
 * Pairs of selected flags that conflict: a pair conflicts if either flag lists
 * the other. Each pair appears once, in selection order.
 */
export function findConflicts(selected: readonly string[], flags: readonly FeatureFlag[]): [string, string][] {
  const names = [...new Set(selected)]
  const byName = new Map(flags.map((f) => [f.name, f]))
  const lists = (a: string, b: string) => byName.get(a)?.conflicts?.includes(b) ?? false
  const pairs: [string, string][] = []
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      if (lists(names[i], names[j]) || lists(names[j], names[i])) pairs.push([names[i], names[j]])
    }
  }
  return pairs
}

/** The dialog's validation: null when Apply may proceed, else the conflict message. */
export function flagSelectionError(selected: readonly string[], flags: readonly FeatureFlag[]): string | null {
  return findConflicts(selected, flags).length > 0 ? FLAG_CONFLICT_MESSAGE : null
}

export function enabledFlagNames(flags: readonly FlagGate[] | null | undefined): string[] {
  return (flags ?? []).filter((f) => f.enabled).map((f) => f.name)
}

/** Paths of the enabled flags that gate a route, cleaned ('/x/' gives '/x'). */
export function enabledFlagPaths(flags: readonly FlagGate[] | null | undefined): string[] {
  const paths: string[] = []
  for (const flag of flags ?? []) {
    const path = cleanPath(flag.path)
    if (flag.enabled && path !== null) paths.push(path)
  }
  return paths
}

/** Path with a leading slash and no trailing slashes; null when blank. */
function cleanPath(path: string | null | undefined): string | null {
  const p = (path ?? '').trim()
  if (p === '') return null
  const trimmed = (p.startsWith('/') ? p : `/${p}`).replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** Does a flag on `flagPath` gate `pathname`? Both cleaned; route matching ignores case. */
function gates(flagPath: string, pathname: string): boolean {
  const f = flagPath.toLowerCase()
  const p = pathname.toLowerCase()
  if (p === f) return true
  return f !== '/' && p.startsWith(`${f}/`)
}

/**
 * Whether a route may be entered given the feature flags.
 * - flags null (the flag service is absent): denied;
 * - a flag gates a pathname when its path equals it or is a leading segment of it
 *   ('/entitlementsFSA' gates '/entitlementsFSA' and '/entitlementsFSA/x');
 *   the route is allowed only if every flag gating it is enabled;
 * - ungated routes are allowed.
 */
export function routeAllowedByFlags(pathname: string, flags: readonly FlagGate[] | null | undefined): boolean {
  if (!flags) return false
  const path = cleanPath(pathname) ?? '/'
  return flags.every((flag) => {
    const flagPath = cleanPath(flag.path)
    return flagPath === null || !gates(flagPath, path) || flag.enabled
  })
}

export type Environment = 'dev' | 'uat' | 'prod'

/** 'dev' and 'uat' (any case, trimmed) are themselves; anything else is prod. */
export function normalizeEnvironment(value: unknown): Environment {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return v === 'dev' || v === 'uat' ? v : 'prod'
}

/** The 'Settings > Features' button and dialog exist only outside production. */
export function featurePanelVisible(environment: unknown): boolean {
  return normalizeEnvironment(environment) !== 'prod'
}

/** The button is disabled when no features are available. */
export function featurePanelDisabled(flags: readonly FlagGate[] | null | undefined): boolean {
  return !flags || flags.length === 0
}
