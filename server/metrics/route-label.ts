/**
 * The labels of the request histogram. Every value comes from a fixed set or
 * from the routes the server declares (a page's route pattern, an API call's
 * path), never from the address itself, so the number of series stays bounded
 * whatever addresses are requested.
 */
import type { matchRoutes } from '@remix-run/react'
import type { ServerBuild } from '@remix-run/node'

type RouteObject = Parameters<typeof matchRoutes>[0][number]

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other'
}

/** `2xx`, `4xx` ...; `other` outside 100–599. */
export function statusClass(status: number): string {
  return status >= 100 && status <= 599 ? `${Math.floor(status / 100)}xx` : 'other'
}

/** Addresses that are their own label. */
const FIXED = new Set(['/healthz', '/metrics', '/api/openapi.json', '/api/docs'])
/** Mounts whose addresses share one label each, as `/mount/*`. */
const MOUNTS = ['/build', '/oidc', '/api']

/**
 * The label of a request whose handler named none (pages and API calls do): its fixed
 * address, its mount, `/public` for a file name (one with an extension), `other` for the rest.
 */
export function fallbackRouteLabel(path: string): string {
  if (FIXED.has(path)) return path
  for (const mount of MOUNTS) {
    if (path === mount || path.startsWith(`${mount}/`)) return `${mount}/*`
  }
  return /\.[^/]+$/.test(path) ? '/public' : 'other'
}

/** The label of a call of the licensing API: `/api` and the call's declared path (e.g. `/api/getaccountinfo/:customerNumber`). */
export function apiRouteLabel(callPath: string): string {
  return `/api${callPath}`
}

type Manifest = ServerBuild['routes']
export type MatchRoutes = (routes: RouteObject[], pathname: string) => { route: RouteObject }[] | null

/** The build's routes as the router's route tree (each with its id), from the manifest's parent links. */
function routeTree(manifest: Manifest): RouteObject[] {
  const children = new Map<string | undefined, Manifest[string][]>()
  for (const route of Object.values(manifest)) {
    const siblings = children.get(route.parentId) ?? []
    siblings.push(route)
    children.set(route.parentId, siblings)
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    )
  return build(undefined)
}

/** Each route's whole pattern: its ancestors' paths and its own, joined (`/emails/:id`; `/` for the root's index). */
function routePatterns(manifest: Manifest): Map<string, string> {
  const patterns = new Map<string, string>()
  const patternOf = (id: string): string => {
    const known = patterns.get(id)
    if (known !== undefined) return known
    const route = manifest[id]
    const parent = route.parentId ? patternOf(route.parentId) : ''
    const own = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/'
    patterns.set(id, own)
    return own
  }
  for (const id of Object.keys(manifest)) patternOf(id)
  return patterns
}

/** Pages matched lately, by address: most requests are for a few pages, and matching costs about a tenth of a millisecond. */
const REMEMBERED = 1000

/**
 * The label of a request the portal (Remix) answers: the pattern of the deepest route the
 * router matches, with `.data` for a page's data request (single fetch: `/home.data`, and
 * `/_root.data` for the index); `unmatched` when no route matches. `matchRoutes` is the
 * router's own (the one Remix matches with), so the label names the route that answered.
 */
export function pageRouteLabels(manifest: Manifest, matchRoutes: MatchRoutes): (path: string) => string {
  const tree = routeTree(manifest)
  const patterns = routePatterns(manifest)
  const remembered = new Map<string, string>()
  const label = (path: string) => {
    const data = path.endsWith('.data')
    const page = data ? path.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : path
    const id = matchRoutes(tree, page)?.at(-1)?.route.id
    const pattern = id === undefined ? undefined : patterns.get(id)
    if (pattern === undefined) return 'unmatched'
    if (!data) return pattern
    return pattern === '/' ? '/_root.data' : `${pattern}.data`
  }
  return (path) => {
    let known = remembered.get(path)
    if (known === undefined) {
      known = label(path)
      // The oldest goes first: the memory stays bounded whatever addresses are asked for.
      if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string)
      remembered.set(path, known)
    }
    return known
  }
}
