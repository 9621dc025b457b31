import { categoryTitle } from '../domain/alerts'
import { NAV_GROUPS, SCREEN_IDS, screenDef, type ScreenDef, type ScreenId } from './registry'

export type Crumb = { label: string; path?: string }

type ParamTitle = NonNullable<ScreenDef['paramTitle']>

/** The name of a record from its path segment, or undefined when the one who asks does not know it. */
export type ParamTitles = Partial<Readonly<Record<ParamTitle, (param: string) => string | undefined>>>

/** The breadcrumb of a screen that names a record, from its path segment. */
const PARAM_TITLES: Readonly<Record<ParamTitle, (param: string) => string>> = {
  alertCategory: (category) => `${categoryTitle(category)} Alerts`,
  // The article's title is known to the server (breadcrumbs' `titles`); its address says it in lower case.
  helpArticle: (slug) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' '),
}

const GROUP_LABELS = new Map<string, string>(NAV_GROUPS.map((g) => [g.id, g.label]))

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '')

/** A screen's address as breadcrumbs match it: its segments, a record's segment as null. */
const PATTERNS = SCREEN_IDS.map((id) => {
  const def = screenDef(id)
  return { id, def, segments: [...segmentsOf(def.path), ...(def.param ? [null] : [])] }
}).filter(({ def }) => def.title || def.paramTitle)

/** Screens whose breadcrumbs come from every segment of the address (web assignments), by first segment. */
const SEGMENT_SCREENS = new Set(
  PATTERNS.filter(({ def }) => def.segmentCrumbs).map(({ segments }) => segments[0]!.toLowerCase()),
)
/** Their labels of known segments: the screens' own, then their sections. */
const SEGMENT_LABELS = new Map<string, string>(
  PATTERNS.filter(({ def }) => def.segmentCrumbs).flatMap(({ def, segments }) => [
    [segments[0]!.toLowerCase(), def.title ?? ''],
    ...Object.entries(def.segmentCrumbs ?? {}),
  ]),
)

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Drops matrix parameters (';a=b') from a segment. */
function stripMatrix(segment: string): string {
  const i = segment.indexOf(';')
  return i === -1 ? segment : segment.slice(0, i)
}

/** A screen's crumbs, its own linking to `path`: its parent's, or its group's (unlinked), then its own. */
function crumbsOf(id: ScreenId, path: string, param = '', titles: ParamTitles = {}): Crumb[] {
  const def = screenDef(id)
  const label = def.paramTitle
    ? (titles[def.paramTitle]?.(param) ?? PARAM_TITLES[def.paramTitle](param))
    : (def.title ?? '')
  const group = def.group ? GROUP_LABELS.get(def.group) : undefined
  const before = def.parent
    ? crumbsOf(def.parent, screenDef(def.parent).path)
    : group !== undefined
      ? [{ label: group }]
      : []
  return [...before, { label, path }]
}

function segmentCrumbs(segments: string[], group: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: group }]
  let path = ''
  for (const raw of segments) {
    path += `/${raw}`
    const plain = decode(stripMatrix(raw))
    if (plain === '') continue
    crumbs.push({ label: SEGMENT_LABELS.get(plain.toLowerCase()) ?? plain, path })
  }
  return crumbs
}

/**
 * Breadcrumbs for a pathname. A screen's first segment matches ignoring case
 * (the crumb then links to the screen's own spelling); a sub-page's second
 * segment matches as written. Unknown paths give []. `titles` names records
 * the way only the server knows them (a help article's title).
 */
export function breadcrumbs(pathname: string, titles?: ParamTitles): Crumb[] {
  const segments = pathname.split('/').filter((s) => s !== '')
  if (segments.length === 0) return []

  const first = stripMatrix(segments[0]).toLowerCase()
  if (SEGMENT_SCREENS.has(first)) {
    const screen = PATTERNS.find(({ segments: [s] }) => s!.toLowerCase() === first)!
    return segmentCrumbs(segments, GROUP_LABELS.get(screen.def.group ?? '') ?? '')
  }

  const plain = segments.map((s) => stripMatrix(s))
  if (plain.some((s) => s === '')) return []

  if (plain.length === 1) {
    const screen = PATTERNS.find((p) => p.segments.length === 1 && p.segments[0]!.toLowerCase() === first)
    return screen ? crumbsOf(screen.id, screen.def.path) : []
  }

  if (plain.length === 2) {
    const second = decode(plain[1])
    const screen = PATTERNS.find(
      ({ segments: s }) => s.length === 2 && s[0]!.toLowerCase() === first && (s[1] === null || s[1] === second),
    )
    if (screen) return crumbsOf(screen.id, `/${plain.join('/')}`, second, titles)
  }
  return []
}
