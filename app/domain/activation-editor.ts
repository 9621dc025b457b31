/**
 * The host activation editor's rules (spec 3: "Host activations editor",
 * "Confirmation modes", "Save flow", sections 5 and 9): which entitlements a tab
 * lists, the unsaved draft (rows marked for removal, rows picked to add with
 * their counts) as URL parameters, the editing operations, the count checks,
 * the operations a save sends per customer, and the texts that depend on them.
 */
import { MANUAL_DRAWDOWN_PRODUCT } from './product'
import { maintenanceExpired } from './activation-rules'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  type ActivationRow,
  type FulfillmentOperation,
  type ServerSummary,
} from './activation-types'
import { hostIdTypeLabel, isHostIdType } from './host-id'

export const EDITOR_TEXTS = {
  noNewEntitlements: 'Host does not have any new entitlements.',
  productSearch: 'Click to add/remove a product...',
  noServer: 'No Server Found',
  nothingToChange: (hostId: string) => `No products will be activated or deactivated on Host ID: ${hostId}`,
  maintenanceExpired: 'The following products can not be activated or deactivated since their maintenance has expired.',
  unselect: 'Please unselect them and try again.',
  rehostUnsupported: 'Rehosting is not currently supported.',
  override:
    'This server is shared by some customer numbers which you do not manage. If you proceed, they will be removed ' +
    'from the license file. Please verify the existing license file for full list of customer numbers and contact ' +
    'their ASCs, if needed.',
  minimum: 'Minimum is 1.',
  maximum: (available: number) => `Maximum is ${available}.`,
} as const

/** Spec 3 section 9: at most five customer tabs. */
export const MAX_TABS = 5
/** The most accounts the Associated Customers search lists (spec 3). */
export const ASSOCIATED_LIMIT = 100
/** Fulfilment operations per save batch (the first batch of creates runs alone). */
export const SAVE_BATCH_SIZE = 20

const DAY_MS = 86_400_000

function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  )
}

/** Remaining days of an entitlement, or null for a permanent one. */
export function remainingDays(row: Pick<ActivationRow, 'EndDate' | 'IsActivationPermanent'>, today: string) {
  if (row.IsActivationPermanent === 'true' || !row.EndDate) return null
  return daysBetween(today, row.EndDate)
}

/**
 * The rows a tab may list: never the manual-drawdown product, never one that
 * has expired or has no remaining day left.
 */
export function editorRows(rows: readonly ActivationRow[], today: string): ActivationRow[] {
  return rows.filter((row) => {
    if (row.ProductName === MANUAL_DRAWDOWN_PRODUCT) return false
    const days = remainingDays(row, today)
    return days === null || days > 0
  })
}

/** Assigned Entitlements: activated on the host. */
export const assignedRows = (rows: readonly ActivationRow[]) => rows.filter((row) => row[ACTIVATED_FIELD] > 0)
/** Available Entitlements: with a count still free to activate. */
export const availableRows = (rows: readonly ActivationRow[]) => rows.filter((row) => row[AVAILABLE_FIELD] > 0)

/** The product search: product name or activation id, case-insensitive; empty matches every row. */
export function matchesProduct(row: Pick<ActivationRow, 'ProductName' | 'ActivationId'>, search: string): boolean {
  const text = search.trim().toLowerCase()
  return !text || row.ProductName.toLowerCase().includes(text) || row.ActivationId.toLowerCase().includes(text)
}

/** The product multi-select's choices: each product name of the tab once, in order. */
export function productChoices(rows: readonly Pick<ActivationRow, 'ProductName'>[]): string[] {
  return [...new Set(rows.map((r) => r.ProductName))].sort((a, b) => a.localeCompare(b))
}

/**
 * The products picked in the multi-select (`product=` parameters). None picked
 * means every product is shown: Select All is the same as no pick.
 */
export function matchesPicked(row: Pick<ActivationRow, 'ProductName'>, picked: readonly string[]): boolean {
  return picked.length === 0 || picked.includes(row.ProductName)
}

/** A row of one customer's tab: `<customer number>:<activation id>`. */
export const rowKey = (customerNumber: string, activationId: string) => `${customerNumber}:${activationId}`

export function splitKey(key: string): { customerNumber: string; activationId: string } | null {
  const at = key.indexOf(':')
  if (at <= 0 || at === key.length - 1) return null
  return { customerNumber: key.slice(0, at), activationId: key.slice(at + 1) }
}

/** The unsaved changes: assigned rows marked for removal, available rows picked with the count typed. */
export interface Draft {
  remove: string[]
  /** Count as typed (validated by checkCount), by row key. */
  add: Record<string, string>
}

export const EMPTY_DRAFT: Draft = { remove: [], add: {} }

/** The draft's URL parameters: `remove=<key>` and `add=<key>` with `n.<key>=<count>`. */
export function readDraft(params: URLSearchParams): Draft {
  const keys = (name: string) => [...new Set(params.getAll(name).filter((key) => splitKey(key)))].sort()
  const add: Record<string, string> = {}
  for (const key of keys('add')) add[key] = (params.get(`n.${key}`) ?? '').trim()
  return { remove: keys('remove'), add }
}

export function draftParams(draft: Draft): [string, string][] {
  return [
    ...draft.remove.map((key): [string, string] => ['remove', key]),
    ...Object.entries(draft.add).flatMap(([key, count]): [string, string][] => [
      ['add', key],
      [`n.${key}`, count],
    ]),
  ]
}

export function hasChanges(draft: Draft): boolean {
  return draft.remove.length > 0 || Object.keys(draft.add).length > 0
}

/** The activated count check (spec 3 section 5); null when the count is good. */
export function checkCount(count: string, available: number): string | null {
  const text = count.trim()
  const n = Number(text)
  if (!/^-?\d+$/.test(text) || n < 1) return EDITOR_TEXTS.minimum
  if (n > available) return EDITOR_TEXTS.maximum(available)
  return null
}

/** What one tab's rows are, for the editing operations. */
export interface TabRows {
  customerNumber: string
  assigned: readonly ActivationRow[]
  available: readonly ActivationRow[]
}

/** The editor's buttons (spec 3: Remove/Undo, Remove All/Undo All, Add All) as operations on the draft. */
export type EditorOp =
  | { op: 'remove' | 'undo' | 'pick' | 'unpick'; key: string }
  | { op: 'remove-all' | 'undo-all' | 'add-all'; customerNumber: string }

/** Reads an `op` parameter: `remove:<key>`, `undo:<key>`, `pick:<key>`, `unpick:<key>`, `remove-all:<customer>` ... */
export function readOp(text: string | null): EditorOp | null {
  if (!text) return null
  const at = text.indexOf(':')
  const name = text.slice(0, at)
  const rest = text.slice(at + 1)
  if (at < 0 || !rest) return null
  if (name === 'remove' || name === 'undo' || name === 'pick' || name === 'unpick') {
    return splitKey(rest) ? { op: name, key: rest } : null
  }
  if (name === 'remove-all' || name === 'undo-all' || name === 'add-all') return { op: name, customerNumber: rest }
  return null
}

/** The count a picked entitlement starts at (docs/design.md, Forms): one, not all that is available. */
export const FIRST_COUNT = '1'

export function applyOp(draft: Draft, op: EditorOp, tabs: readonly TabRows[]): Draft {
  const remove = new Set(draft.remove)
  const add = { ...draft.add }
  const tab = 'customerNumber' in op ? tabs.find((t) => t.customerNumber === op.customerNumber) : undefined
  switch (op.op) {
    case 'remove':
      remove.add(op.key)
      break
    case 'undo':
      remove.delete(op.key)
      break
    case 'pick': {
      const parts = splitKey(op.key)
      const row = tabs
        .find((t) => t.customerNumber === parts?.customerNumber)
        ?.available.find((r) => r.ActivationId === parts?.activationId)
      if (row) add[op.key] = FIRST_COUNT
      break
    }
    case 'unpick':
      delete add[op.key]
      break
    case 'remove-all':
      for (const row of tab?.assigned ?? []) remove.add(rowKey(op.customerNumber, row.ActivationId))
      break
    case 'undo-all':
      for (const key of [...remove]) if (splitKey(key)?.customerNumber === op.customerNumber) remove.delete(key)
      break
    case 'add-all':
      for (const row of tab?.available ?? []) {
        const key = rowKey(op.customerNumber, row.ActivationId)
        add[key] ??= FIRST_COUNT
      }
      break
  }
  return { remove: [...remove].sort(), add }
}

/** The count errors of a draft by row key (a picked row that is no longer available counts as 0 available). */
export function draftErrors(draft: Draft, tabs: readonly TabRows[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [key, count] of Object.entries(draft.add)) {
    const parts = splitKey(key)
    const row = tabs
      .find((t) => t.customerNumber === parts?.customerNumber)
      ?.available.find((r) => r.ActivationId === parts?.activationId)
    const message = checkCount(count, row?.[AVAILABLE_FIELD] ?? 0)
    if (message) errors[key] = message
  }
  return errors
}

/**
 * A customer's operations for a save (spec 3 "Confirmation modes", Default):
 * each removed assigned row returns its whole count on the host, each picked
 * available row creates its count.
 */
export function operationsFor(draft: Draft, tab: TabRows): FulfillmentOperation[] {
  const mine = (key: string) => splitKey(key)?.customerNumber === tab.customerNumber
  const returns = draft.remove.filter(mine).flatMap((key) => {
    const row = tab.assigned.find((r) => r.ActivationId === splitKey(key)?.activationId)
    return row ? [{ id: row.ActivationId, count: -row[ACTIVATED_FIELD] }] : []
  })
  const creates = Object.entries(draft.add)
    .filter(([key]) => mine(key))
    .map(([key, count]) => ({ id: splitKey(key)!.activationId, count: Number(count) }))
  return [...returns, ...creates]
}

/** The rows of a customer's operations whose maintenance has expired: they block the confirmation (no Ok). */
export function maintenanceBlocked(
  operations: readonly FulfillmentOperation[],
  rows: readonly ActivationRow[],
  today: string,
): ActivationRow[] {
  return operations
    .map((op) => rows.find((r) => r.ActivationId === op.id))
    .filter((row): row is ActivationRow => !!row && maintenanceExpired(row.VersionDate, today))
}

/** The top buttons: Save & Generate / Save & Email when the draft changes something, else Generate / Email. */
export function actionLabels(changed: boolean): { generate: string; email: string } {
  return changed ? { generate: 'Save & Generate', email: 'Save & Email' } : { generate: 'Generate', email: 'Email' }
}

/**
 * The Borrowable checkbox in the editor's form: a hidden `borrowable=0` before the
 * box's `borrowable=1`, so the last value is the user's; none means the host's flag.
 */
export function readBorrowable(values: readonly string[], hostFlag: boolean): boolean {
  const last = values.at(-1)
  return last === undefined ? hostFlag : last === '1' || last === 'on'
}

/** The customer tabs show only for a user with more than one customer account. */
export const showTabs = (accountCount: number) => accountCount > 1

/** The open tabs after opening one: unchanged when open already or when five are open. */
export function openTab(tabs: readonly string[], customerNumber: string): string[] {
  if (tabs.includes(customerNumber) || tabs.length >= MAX_TABS) return [...tabs]
  return [...tabs, customerNumber]
}

/** Close buttons show only while more than one tab is open. */
export const tabsClosable = (tabs: readonly string[]) => tabs.length > 1

type Params = readonly (readonly [string, string])[]

const withTabs = (params: Params, tabs: readonly string[], tab: string | null): [string, string][] => [
  ...params.filter(([name]) => name !== 'tabs' && name !== 'tab').map(([n, v]): [string, string] => [n, v]),
  ...(tabs.length > 0 ? [['tabs', tabs.join(',')] as [string, string]] : []),
  ...(tab ? [['tab', tab] as [string, string]] : []),
]

/**
 * The editor's address with a customer's tab opened and shown (Associated
 * Customers): `extra` are the tabs open beside the selected customer's.
 */
export function openTabParams(params: Params, extra: readonly string[], customerNumber: string): [string, string][] {
  return withTabs(params, openTab(extra, customerNumber), customerNumber)
}

/** The editor's address with a customer's tab closed: its draft goes with it, and the selected customer's tab shows. */
export function closeTabParams(params: Params, extra: readonly string[], customerNumber: string): [string, string][] {
  const mine = (key: string) => key.startsWith(`${customerNumber}:`)
  const kept = params.filter(
    ([name, value]) =>
      !((name === 'remove' || name === 'add') && mine(value)) && !(name.startsWith('n.') && mine(name.slice(2))),
  )
  return withTabs(
    kept,
    extra.filter((t) => t !== customerNumber),
    null,
  )
}

/** The save stages in order (spec 3 "Save flow") with their spinner texts. */
export const SAVE_STAGES = [
  { stage: 'return', text: 'Returning fulfillments...' },
  { stage: 'create', text: 'Creating fulfillments...' },
  { stage: 'group', text: 'Storing shared server group information...' },
  { stage: 'generate', text: 'Generating license file...' },
  { stage: 'merge', text: 'Merging license file...' },
  { stage: 'email', text: 'Sending email...' },
] as const
export type SaveStage = (typeof SAVE_STAGES)[number]['stage']

/** Spec 3 section 8: what a failed stage says (the service's own error follows, rewritten). */
export const STAGE_FAILURES: Record<SaveStage | 'deactivateGroup', string> = {
  return: 'Error returning fulfillments. Please clear the error and retry.',
  deactivateGroup: 'Error deactivating shared server group. Please clear the error and retry.',
  create: 'Error creating fulfillments. Please clear the error and retry.',
  group: 'Error creating shared server group. Please clear the error and retry.',
  generate: 'Error creating license file. Please clear the error and retry.',
  merge: 'Error creating license file. Please clear the error and retry.',
  email: 'Error sending email message. Please clear the error and retry.',
}

/** The progress text of a stage. */
export const progressText = (done: number, total: number) => `(processing ${done}/${total} fulfillments)`

/** One stage of a save as the page reports it. */
export interface StageOutcome {
  stage: SaveStage
  text: string
  status: 'done' | 'failed' | 'not run'
  progress?: string
  message?: string
}

export type SaveMode = 'generate' | 'email'

/** A stage as the live progress shows it: also 'running', with its count so far. */
export interface StageUpdate extends Omit<StageOutcome, 'status'> {
  status: StageOutcome['status'] | 'running'
}

/**
 * What the live save sends, one JSON object per line: each stage's updates, then
 * the end (the landing address of a saved host, or the outcome of a stopped save),
 * or, before anything ran, a refusal or the review that changes need first.
 */
export type SaveEvent =
  | ({ kind: 'stage' } & StageUpdate)
  | { kind: 'end'; ok: true; landing: string }
  | { kind: 'end'; ok: false; stages: StageOutcome[] }
  | { kind: 'refused'; notice: string }
  | { kind: 'review'; href: string }

/** The stages shown after an update: the stage's line replaced, or added in order. */
export function withStageUpdate(stages: readonly StageUpdate[], update: StageUpdate): StageUpdate[] {
  const order = (s: StageUpdate) => SAVE_STAGES.findIndex((t) => t.stage === s.stage)
  return [...stages.filter((s) => s.stage !== update.stage), update].sort((a, b) => order(a) - order(b))
}

/**
 * A successful save ends on the host's address with what it did (post/redirect/get),
 * so reloading it shows the outcome again and downloads the current file, writing nothing:
 * `saved=<mode>`, the file's name and `p.<stage>=<done>/<total>` for the stages that counted fulfilments.
 */
export function savedParams(mode: SaveMode, stages: readonly StageOutcome[], fileName: string): [string, string][] {
  return [
    ['saved', mode],
    ['file', fileName],
    ...stages.flatMap((s): [string, string][] => {
      const counted = /(\d+)\/(\d+)/.exec(s.progress ?? '')
      return counted ? [[`p.${s.stage}`, `${counted[1]}/${counted[2]}`]] : []
    }),
  ]
}

/** The stages of a successful save read back from its address, or null when it is not one. */
export function readSaved(
  params: URLSearchParams,
): { mode: SaveMode; stages: StageOutcome[]; fileName: string } | null {
  const mode = params.get('saved')
  if (mode !== 'generate' && mode !== 'email') return null
  const stages = SAVE_STAGES.filter((s) => s.stage !== 'email' || mode === 'email').map(({ stage, text }) => {
    const counted = /^(\d+)\/(\d+)$/.exec(params.get(`p.${stage}`) ?? '')
    const progress = counted ? progressText(Number(counted[1]), Number(counted[2])) : undefined
    return { stage, text, status: 'done' as const, ...(progress ? { progress } : {}) }
  })
  return { mode, stages, fileName: params.get('file') ?? '' }
}

/** Operations in save batches: the first one alone, then SAVE_BATCH_SIZE at a time. */
export function saveBatches<T>(operations: readonly T[], size = SAVE_BATCH_SIZE): T[][] {
  if (operations.length === 0) return []
  const batches: T[][] = [[operations[0]]]
  for (let i = 1; i < operations.length; i += size) batches.push(operations.slice(i, i + size))
  return batches
}

/** How the server search lists a host: its name and MAC_ADDRESS=<id> (ETHERNET) or TYPE=<id>. */
export function serverLabel(server: Pick<ServerSummary, 'name' | 'serverId' | 'serverIdType'>): string {
  return `${server.name} (${hostIdLabel(server)})`
}

/** A host's ids as people read them: MAC_ADDRESS=<id> (ETHERNET) or TYPE=<id>, a triad's comma-separated. */
export function hostIdLabel(server: Pick<ServerSummary, 'serverId' | 'serverIdType'>): string {
  const type = server.serverIdType.split(',')[0]
  return `${isHostIdType(type) ? hostIdTypeLabel(type) : type}=${server.serverId}`
}

/** The Server autocomplete's rule: the search is part of the label, whatever the case. */
export function labelMatches(label: string, search: string): boolean {
  const text = search.trim().toLowerCase()
  return !text || label.toLowerCase().includes(text)
}

export const matchesServer = (server: ServerSummary, search: string) => labelMatches(serverLabel(server), search)

/** The hosts the Server autocomplete offers: every one that is not inactive, by its label. */
export const serverChoices = (servers: readonly ServerSummary[]) =>
  servers.filter((s) => s.state !== 'INACTIVE').map((s) => ({ id: s.id, label: serverLabel(s) }))
