/**
 * The home-page scenario's URLs, markers and figures (scripts/bench-home.ts).
 * Pure, so the rules are unit-tested.
 */
import type { HomeSummary } from '../app/domain/home-summary'
import { caseLine, type CaseLine } from './bench-usage-cases'

export const HOME_SCREEN = '/home'
/** The route whose loader the screen's `.data` request runs (single fetch). */
export const HOME_ROUTE_ID = 'routes/_portal.home'
/** The most the document GET may take at p50. */
export const HOME_TARGET_MS = 150

/** The document a browser gets on sign-in. */
export function homePageUrl(customer: string): string {
  return `${HOME_SCREEN}?${new URLSearchParams({ customer })}`
}

/** The screen's data request (what a client-side navigation asks for). */
export function homeDataUrl(customer: string): string {
  return `${HOME_SCREEN}.data?${new URLSearchParams({ customer, _routes: HOME_ROUTE_ID })}`
}

/** What the page's HTML must hold for the summary: the cards, each card, and the current usage total. */
export function homeMarkers(summary: Pick<HomeSummary, 'cards' | 'usage'>): string[] {
  const markers = ['data-testid="home-cards"', ...summary.cards.map((card) => `data-card="${card}"`)]
  if (summary.usage) {
    markers.push(`data-figure="usage-current" data-value="${String(summary.usage.current.total)}"`)
  }
  return markers
}

/** The markers the HTML lacks, in order. */
export function missingMarkers(html: string, markers: readonly string[]): string[] {
  return markers.filter((marker) => !html.includes(marker))
}

/**
 * A home case's line: caseLine's figures, but `met` is the time target only.
 * The ratio to the summary's SQL is informational: a full document has a
 * rendering cost of its own that no query plan removes.
 */
export function homeLine(name: string, pageMs: readonly number[], sqlMs: readonly number[]): CaseLine {
  const line = caseLine({ name, targetMs: HOME_TARGET_MS }, pageMs, sqlMs)
  return { ...line, met: line.timeMet }
}

/** The last line: how many cases met their target, with the run's settings. */
export function homeSummaryLine(lines: readonly CaseLine[], settings: Record<string, unknown>) {
  return {
    summary: 'home-page',
    cases: lines.length,
    met: lines.filter((l) => l.met).length,
    missed: lines.filter((l) => !l.met).map((l) => l.case),
    ...settings,
  }
}
