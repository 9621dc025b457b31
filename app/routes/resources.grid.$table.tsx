/**
 * The grids' shared resource route, /resources/grid/<tableName>?customer=NNN&<view>:
 * - GET: the view as a CSV file (all pages up to the list's export limit); an export the
 *   service refuses returns a page load to the screen with the refusal's code (GridList.exportRefusal);
 * - GET with distinct=<column>&search=<text>: the filter dialog's values as JSON;
 * - GET with chunk=<offset>,<limit>: rows of the view and its total as JSON (the
 *   browser's cache of the list, app/ui/grid/client-loader.ts);
 * - POST (view=<view query>): saves the view (the component's debounced save with JavaScript).
 * Each starts with the guard of the list's screen: its rules guard the list's data too.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireCustomerScreen } from '../guards/screen.server'
import { parseGridState } from '../grid/grid-state'
import { CSV_REFUSED_PARAM, gridList } from '../grid/registry.server'
import { documentCsv, gridCsv } from '../grid/csv.server'
import { distinctValues, isPageLoad, loadChunk, preferenceStore } from '../grid/load-grid.server'
import { screenPath } from '../screens/registry'

/** A plain-text refusal (this route has no page to render an error in). */
function text(message: string, init: { status: number }) {
  return new Response(message, { ...init, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Most rows one chunk may ask for. */
const MAX_CHUNK_ROWS = 1000
const chunkSchema = z
  .string()
  .regex(/^\d{1,9},\d{1,4}$/)
  .transform((v) => v.split(',').map(Number))
  .refine(([, limit]) => limit >= 1 && limit <= MAX_CHUNK_ROWS)

const noStore = { 'Cache-Control': 'no-store' }

/** The list of the address and the guard of its screen, refusing instead of redirecting: nobody reads a notice here. */
async function requireList(request: Request, context: LoaderFunctionArgs['context'], table: string | undefined) {
  const list = table ? gridList(table) : undefined
  if (!list) throw text('Unknown list.', { status: 404 })
  const { api, customerNumber } = await requireCustomerScreen(request, context, list.screen, { noRedirects: true })
  const spec = (await list.specFor?.(api, customerNumber)) ?? list.spec
  return { list, spec, customerNumber, api }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const { list, spec, customerNumber, api } = await requireList(request, context, params.table)
  const source = list.source(api, customerNumber, url.searchParams)
  const state = parseGridState(spec, url.searchParams)
  const distinct = url.searchParams.get('distinct')
  if (distinct !== null) {
    return Response.json(await distinctValues(spec, source, state, distinct, url.searchParams.get('search') ?? ''), {
      headers: noStore,
    })
  }
  const chunk = url.searchParams.get('chunk')
  if (chunk !== null) {
    const range = chunkSchema.safeParse(chunk)
    if (!range.success)
      throw text(`A chunk is <offset>,<limit> with a limit of 1 to ${MAX_CHUNK_ROWS}.`, { status: 400 })
    const [offset, limit] = range.data
    const result = await loadChunk(spec, source, state, offset, limit)
    if (!result.ok)
      return Response.json(
        { error: result.error.message },
        { status: result.error.httpStatus ?? 502, headers: noStore },
      )
    return Response.json(result.chunk, { headers: noStore })
  }
  const exportSource = list.exportSource?.(api, customerNumber, url.searchParams) ?? source
  const name = typeof list.exportName === 'string' ? list.exportName : list.exportName(customerNumber, url.searchParams)
  const csv = list.exportDocument
    ? await documentCsv(spec, state, exportSource, name, (rows) => list.exportDocument!(api, customerNumber, rows))
    : await gridCsv(spec, state, exportSource, name)
  if (csv.ok) return csv.response
  const refused = csv.httpStatus >= 400 && csv.httpStatus < 500
  const code = refused ? list.exportRefusal?.(csv.message) : null
  if (code && isPageLoad(request)) {
    const back = new URLSearchParams(url.searchParams)
    back.set(CSV_REFUSED_PARAM, code)
    throw redirect(`${screenPath(list.screen)}?${back}`)
  }
  throw text(`The export failed: ${csv.message}`, { status: refused ? csv.httpStatus : 502 })
}

const saveSchema = z.object({ view: z.string().max(8000) })

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw text('Method not allowed.', { status: 405 })
  const { spec, customerNumber, api } = await requireList(request, context, params.table)
  const form = saveSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!form.success) return Response.json({ ok: false, error: 'The view could not be read.' }, { status: 400 })
  const state = parseGridState(spec, new URLSearchParams(form.data.view))
  const ok = await preferenceStore(api, customerNumber, spec).save(state)
  return Response.json({ ok }, { status: ok ? 200 : 502 })
}
