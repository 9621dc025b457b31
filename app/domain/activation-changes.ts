/**
 * The activation editor's changes in plain words: each entitlement of the draft
 * with its product, its count and what happens to it on the host, the sentences
 * the confirmation reads, what is activated on each host in a few words, and the
 * editor's address kept short (only the counts of the rows picked travel).
 */
import { ACTIVATED_FIELD, type ActivationRow, type HistoryFulfillment } from './activation-types'
import { readDraft, splitKey, type Draft, type SaveMode, type TabRows } from './activation-editor'

/** One change to save: an entitlement activated on the host, or removed from it. */
export interface ChangeLine {
  /** The draft's row key (`<customer>:<activation id>`). */
  key: string
  customerNumber: string
  activationId: string
  /** '' when the entitlement is no longer listed (its count was taken meanwhile). */
  productName: string
  kind: 'activate' | 'remove'
  /** The count as typed for an activation; the whole count on the host for a removal. */
  count: string
}

const findRow = (tabs: readonly TabRows[], key: string): ActivationRow | undefined => {
  const parts = splitKey(key)
  const tab = tabs.find((t) => t.customerNumber === parts?.customerNumber)
  const byId = (r: ActivationRow) => r.ActivationId === parts?.activationId
  return tab?.available.find(byId) ?? tab?.assigned.find(byId)
}

/** The draft's changes, removals first, each customer's in the order of its rows' products. */
export function changeLines(draft: Draft, tabs: readonly TabRows[]): ChangeLine[] {
  const line = (key: string, typed: string | null): ChangeLine[] => {
    const parts = splitKey(key)
    if (!parts) return []
    const row = findRow(tabs, key)
    if (typed !== null) return [{ key, ...parts, productName: row?.ProductName ?? '', kind: 'activate', count: typed }]
    // A removal of a row no longer on the host changes nothing (the save skips it too).
    const onHost = row?.[ACTIVATED_FIELD] ?? 0
    return onHost > 0 ? [{ key, ...parts, productName: row!.ProductName, kind: 'remove', count: String(onHost) }] : []
  }
  const byProduct = (a: ChangeLine, b: ChangeLine) =>
    a.customerNumber.localeCompare(b.customerNumber) || a.productName.localeCompare(b.productName)
  return [
    ...draft.remove.flatMap((key) => line(key, null)).sort(byProduct),
    ...Object.entries(draft.add)
      .flatMap(([key, count]) => line(key, count))
      .sort(byProduct),
  ]
}

/** An entitlement named for people: its product and, in brackets, its activation id. */
export const entitlementName = (line: Pick<ChangeLine, 'productName' | 'activationId'>) =>
  line.productName ? `${line.productName} (${line.activationId})` : line.activationId

/** "Activate 2 × Ansys Fluent (6E78-…) on acme-lic01", "Remove 1 × … from acme-lic01". */
export function changeSentence(line: ChangeLine, hostName: string): string {
  return line.kind === 'activate'
    ? `Activate ${line.count} × ${entitlementName(line)} on ${hostName}`
    : `Remove ${line.count} × ${entitlementName(line)} from ${hostName}`
}

/** The confirmation's title: the one change without its id, or how many changes there are. */
export function reviewTitle(lines: readonly ChangeLine[], hostName: string): string {
  if (lines.length === 1) {
    const [line] = lines
    const product = line.productName || line.activationId
    return line.kind === 'activate'
      ? `Activate ${line.count} × ${product} on ${hostName}`
      : `Remove ${line.count} × ${product} from ${hostName}`
  }
  return `Save ${lines.length} changes on ${hostName}`
}

/** The confirmation's primary button: what it does to the host, then to the licence file. */
export function confirmLabel(lines: readonly Pick<ChangeLine, 'kind'>[], mode: SaveMode): string {
  const kinds = new Set(lines.map((l) => l.kind))
  const verb = kinds.size !== 1 ? 'Save changes' : kinds.has('activate') ? 'Activate' : 'Remove'
  return `${verb} and ${mode === 'email' ? 'e-mail' : 'generate'} licence file`
}

/** A product activated on a host, with its count. */
export interface ActiveProduct {
  productName: string
  count: number
}

/** What a host's history leaves active: each fulfilment's count minus its return, by product. */
export function activeProducts(history: readonly Pick<HistoryFulfillment, 'ProductName' | 'FulfillCount'>[]) {
  const counts = new Map<string, number>()
  for (const f of history) counts.set(f.ProductName, (counts.get(f.ProductName) ?? 0) + f.FulfillCount)
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([productName, count]): ActiveProduct => ({ productName, count }))
    .sort((a, b) => a.productName.localeCompare(b.productName))
}

const SUMMARY_PRODUCTS = 2

/** A host's activations in a few words: "2 × Ansys Fluent, 1 × Ansys HPC and 3 more". */
export function activationSummary(products: readonly ActiveProduct[]): string {
  if (products.length === 0) return 'Nothing activated'
  const named = products.slice(0, SUMMARY_PRODUCTS).map((p) => `${p.count} × ${p.productName}`)
  const more = products.length - named.length
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ')
}

/**
 * The editor's address without what it does not need: the counts of rows not
 * picked (the form sends every row's), empty searches, and all but the last
 * Borrowable value (the form sends a hidden 0 before the box). Null when the
 * address is short already.
 */
export function compactParams(params: URLSearchParams, draft: Draft = readDraft(params)): URLSearchParams | null {
  const borrowables = params.getAll('borrowable').length
  let seen = 0
  const kept = [...params].filter(([name, value]) => {
    if (name.startsWith('n.')) return name.slice(2) in draft.add
    if (['q', 'serverq', 'customerq'].includes(name)) return value.trim() !== ''
    if (name === 'borrowable') return ++seen === borrowables
    return true
  })
  if (kept.length === [...params].length) return null
  return new URLSearchParams(kept)
}
