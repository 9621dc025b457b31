/**
 * POST /activations/save: the editor's save with live progress, for the page
 * with JavaScript. It takes the same form as the editor's own action and answers
 * newline-delimited JSON (app/domain/activation-editor.ts SaveEvent): each
 * stage's start, counts and end as they happen, then the end. Without
 * JavaScript the editor's action runs the same save and answers the result page.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { prepareSave } from '../activations/save-request.server'
import type { SaveEvent } from '../domain/activation-editor'

const NDJSON = {
  'Content-Type': 'application/x-ndjson; charset=utf-8',
  // Each line must reach the page as it is written: no compression buffering it.
  'Cache-Control': 'no-store, no-transform',
}

const line = (event: SaveEvent) => `${JSON.stringify(event)}\n`

export async function action({ request, context }: ActionFunctionArgs) {
  const prepared = await prepareSave(request, context)
  if (prepared.refused) {
    const { notice, status } = prepared.refused
    return new Response(line({ kind: 'refused', notice }), { status, headers: NDJSON })
  }
  if (prepared.review !== undefined)
    return new Response(line({ kind: 'review', href: prepared.review }), { headers: NDJSON })
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: SaveEvent) => controller.enqueue(encoder.encode(line(event)))
      try {
        const { save, landing } = await prepared.run((update) => send({ kind: 'stage', ...update }))
        send(landing ? { kind: 'end', ok: true, landing } : { kind: 'end', ok: false, stages: save.stages })
      } catch (error) {
        controller.error(error)
        return
      }
      controller.close()
    },
  })
  return new Response(body, { headers: NDJSON })
}
