/**
 * What the activation editor shows for a request: the customer's hosts and the
 * server search, the selected host, its customer tabs with their Assigned and
 * Available rows, and the draft read from the address with its count errors.
 */
import { UpstreamError } from '../api-client/client.server'
import { failureStatus } from '../api-client/envelope'
import type { ActivationCalls } from '../api-client/activations.server'
import type { ActivationRow, ServerSummary } from '../domain/activation-types'
import {
  assignedRows,
  availableRows,
  draftErrors,
  editorRows,
  MAX_TABS,
  readDraft,
  type Draft,
  type TabRows,
} from '../domain/activation-editor'
import { NOTICE_TEXTS } from '../screens/notice-pages'

export interface EditorTab extends TabRows {
  /** The export-control text when the customer's activations are denied. */
  denied: string | null
  rows: ActivationRow[]
}

/** The open tabs: the selected customer first, then the `tabs` parameter's, at most five. */
export function openTabs(customerNumber: string, params: URLSearchParams): string[] {
  const named = (params.get('tabs') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => /^\d{1,20}$/.test(t))
  return [...new Set([customerNumber, ...named])].slice(0, MAX_TABS)
}

export async function loadTab(
  calls: ActivationCalls,
  customerNumber: string,
  host: ServerSummary,
  today: string,
): Promise<EditorTab> {
  const reply = await calls.allEntitlements({
    customerNumber,
    serverId: host.serverId,
    serverIdType: host.serverIdType,
    activeOnly: true,
  })
  if (reply.status !== 'SUCCESS') {
    // A customer the user may not see (a tab named in the address) shows why, as an export-denied one does.
    const refused = reply.err === NOTICE_TEXTS.noaccess || [403, 404].includes(failureStatus(reply))
    if (refused) return { customerNumber, denied: reply.err, rows: [], assigned: [], available: [] }
    throw new UpstreamError(failureStatus(reply), reply.err)
  }
  const rows = editorRows(reply.data, today)
  return { customerNumber, denied: null, rows, assigned: assignedRows(rows), available: availableRows(rows) }
}

export interface EditorState {
  servers: ServerSummary[]
  host: ServerSummary | null
  tabs: EditorTab[]
  draft: Draft
  errors: Record<string, string>
}

export async function loadEditor(
  calls: ActivationCalls,
  customerNumber: string,
  params: URLSearchParams,
  today: string,
): Promise<EditorState> {
  const reply = await calls.servers(customerNumber)
  if (reply.status !== 'SUCCESS') throw new UpstreamError(failureStatus(reply), reply.err)
  const servers = reply.data
  const host = servers.find((s) => String(s.id) === params.get('id') && s.state !== 'INACTIVE') ?? null
  const tabs = host
    ? await Promise.all(openTabs(customerNumber, params).map((c) => loadTab(calls, c, host, today)))
    : []
  const draft = readDraft(params)
  return { servers, host, tabs, draft, errors: draftErrors(draft, tabs) }
}
