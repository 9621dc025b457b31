/**
 * CSV export of a grid view: the visible exportable columns in their order, the
 * cell texts the grid shows, every page up to the list's export limit. Rows are
 * fetched a chunk at a time and streamed, so a large export does not sit in memory.
 */
import { csvRow } from '../domain/csv'
import { cellText, toPageRequest, visibleColumns, type GridSpec, type GridState } from './grid-state'
import { failureStatus, type Failure } from '../api-client/envelope'
import type { GridSource } from './types'

const CHUNK = 500

export type CsvResult = { ok: true; response: Response } | { ok: false; message: string; httpStatus: number }

class ChunkFailure extends Error {
  constructor(readonly reply: Failure) {
    super(reply.err)
  }
}

/**
 * Fetches the first chunk (so a refusal can still be answered properly), then streams the rest. A source
 * that answers with a token (more rows follow) is asked for the next chunk with it; otherwise by offset.
 */
export async function gridCsv<Row>(
  spec: GridSpec<Row>,
  state: GridState,
  source: GridSource<Row>,
  fileName: string,
): Promise<CsvResult> {
  const columns = visibleColumns(spec, state).filter((c) => !c.noExport)
  const base = toPageRequest(spec, { ...state, page: 1 })
  const limit = spec.exportLimit
  let token: string | undefined
  let followsTokens = false
  const fetchChunk = async (offset: number) => {
    const size = Math.min(CHUNK, limit - offset)
    const request = token
      ? { filter: base.filter, sorting: base.sorting, token, limit: size }
      : { ...base, offset, limit: size }
    const reply = await source.page(request)
    if (reply.status !== 'SUCCESS') throw new ChunkFailure(reply)
    token = reply.token
    followsTokens ||= Boolean(token)
    return reply.data
  }
  let first: Row[]
  try {
    first = await fetchChunk(0)
  } catch (error) {
    if (error instanceof ChunkFailure)
      return { ok: false, message: error.message, httpStatus: failureStatus(error.reply) }
    return { ok: false, message: error instanceof Error ? error.message : String(error), httpStatus: 502 }
  }

  const encoder = new TextEncoder()
  let offset = 0
  let chunk: Row[] | null = first
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark lets spreadsheet programs read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(columns.map((c) => c.header))}`))
    },
    async pull(controller) {
      try {
        if (!chunk) chunk = await fetchChunk(offset)
        const rows = chunk
        chunk = null
        if (rows.length)
          controller.enqueue(encoder.encode(rows.map((row) => csvRow(columns.map((c) => cellText(c, row)))).join('')))
        offset += rows.length
        if (rows.length < CHUNK || offset >= limit || (followsTokens && !token)) controller.close()
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'CSV export failed', detail: String(error) }))
        controller.error(error)
      }
    },
  })
  return { ok: true, response: csvResponse(stream, fileName) }
}

/** A CSV download named `fileName`.csv. */
export function csvResponse(body: ReadableStream<Uint8Array> | string, fileName: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** The rows of a view, every page up to the list's export limit, and a document made of them. */
export async function documentCsv<Row>(
  spec: GridSpec<Row>,
  state: GridState,
  source: GridSource<Row>,
  fileName: string,
  document: (rows: Row[]) => Promise<{ ok: true; csv: string } | { ok: false; message: string; httpStatus: number }>,
): Promise<CsvResult> {
  const reply = await source.page({ ...toPageRequest(spec, { ...state, page: 1 }), offset: 0, limit: spec.exportLimit })
  if (reply.status !== 'SUCCESS') return { ok: false, message: reply.err, httpStatus: failureStatus(reply) }
  const made = await document(reply.data)
  if (!made.ok) return made
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  return { ok: true, response: csvResponse(`\uFEFF${made.csv}`, fileName) }
}
