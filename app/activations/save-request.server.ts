/**
 * A save as the editor's form posts it (Ok of the review, or Generate and Email
 * without changes): the checks that refuse it before anything is written, then
 * the save flow. The page's action and the live save share it, so both refuse
 * and save alike.
 */
import type { AppLoadContext } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { activationCalls } from '../api-client/activations.server'
import {
  EDITOR_TEXTS,
  hasChanges,
  readBorrowable,
  savedParams,
  splitKey,
  type SaveMode,
} from '../domain/activation-editor'
import { entitlementName } from '../domain/activation-changes'
import { BORROWABLE_FIELD, NOT_ENOUGH_PERMISSIONS } from '../domain/activation-types'
import { todayUtc } from '../domain/entitlements'
import { isViewOnly } from '../domain/permissions'
import { loadEditor, type EditorState } from './load-editor.server'
import { blockedProducts, draftChanges } from './review.server'
import { runSave, type SaveResult, type StageReporter } from './save-flow.server'

export type PreparedSave =
  | { refused: { notice: string; status: number }; review?: undefined }
  /** Changes posted without the review's Ok go to the review first (its address is `?` and its parameters). */
  | { review: string; refused?: undefined }
  | {
      refused?: undefined
      review?: undefined
      /** Runs the save; a saved host's landing address is `?` and its parameters. */
      run: (report?: StageReporter) => Promise<{ save: SaveResult; landing: string | null }>
    }

/** A row of the draft as people read it: its product and activation id. */
function namedEntitlement(state: EditorState, key: string): string {
  const activationId = splitKey(key)?.activationId ?? key
  const row = state.tabs.flatMap((t) => t.rows).find((r) => r.ActivationId === activationId)
  return entitlementName({ productName: row?.ProductName ?? '', activationId })
}

export async function prepareSave(request: Request, context: AppLoadContext): Promise<PreparedSave> {
  const { api, customerNumber, user, info } = await requireCustomerScreen(request, context, 'activations')
  const form = new URLSearchParams(
    [...(await request.formData())].map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : '']),
  )
  const calls = activationCalls(api)
  const today = todayUtc()
  const state = await loadEditor(calls, customerNumber, form, today)
  const changed = hasChanges(state.draft)
  const refuse = (notice: string, status: number): PreparedSave => ({ refused: { notice, status } })
  const mode: SaveMode = form.get('intent') === 'email' ? 'email' : 'generate'
  // Sending the file writes an e-mail, so it is a change too.
  if ((changed || mode === 'email') && isViewOnly(user, info)) return refuse(NOT_ENOUGH_PERMISSIONS, 403)
  const host = state.host
  if (!host) return refuse(EDITOR_TEXTS.noServer, 404)
  const countError = Object.entries(state.errors)[0]
  if (countError) return refuse(`${namedEntitlement(state, countError[0])}: ${countError[1]}`, 400)
  // The review shows what a lapsed maintenance blocks, with the changes kept to take it out of.
  if (changed && form.get('confirmed') !== '1') {
    const review = new URLSearchParams([...form].filter(([name]) => name !== 'intent'))
    review.set('review', mode)
    return { review: `?${review}` }
  }
  const blocked = blockedProducts(state, today)
  if (blocked.length > 0) {
    return refuse(`${EDITOR_TEXTS.maintenanceExpired} ${blocked.join(', ')}. ${EDITOR_TEXTS.unselect}`, 409)
  }
  return {
    run: async (report) => {
      const save = await runSave(
        calls,
        {
          customerNumber,
          host,
          changes: changed ? draftChanges(state) : { [customerNumber]: [] },
          borrowable: readBorrowable(form.getAll('borrowable'), host[BORROWABLE_FIELD]),
          email: mode === 'email',
        },
        report,
      )
      if (!save.ok || !save.fileName) return { save, landing: null }
      const landing = new URLSearchParams([
        ['customer', customerNumber],
        ['id', String(host.id)],
        ...savedParams(mode, save.stages, save.fileName),
      ])
      return { save, landing: `?${landing}` }
    },
  }
}
