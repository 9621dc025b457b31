import { describe, expect, it } from 'vitest'
import { defaultState, withColumnHidden, type GridSpec } from './grid-state'
import type { Envelope, PageRequest } from '../api-client/envelope'
import { gridCsv } from './csv.server'
import type { GridSource } from './types'

type Row = { id: number; subject: string; to: string }
const spec: GridSpec<Row> = {
  tableName: 'testList',
  columns: [
    { id: 'open', header: 'Open', noExport: true },
    { id: 'subject', header: 'Subject', field: 'subject', sortable: true, value: (r) => r.subject.toUpperCase() },
    { id: 'to', header: 'To', field: 'to' },
    { id: 'id', header: 'Id', field: 'id' },
  ],
  defaultSort: [],
  pageSizes: [20],
  defaultPageSize: 20,
  exportLimit: 1000,
}

function source(total: number, failAt?: number) {
  const requests: PageRequest[] = []
  const rows: Row[] = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    subject: i === 0 ? '=cmd|x' : `s${i + 1}`,
    to: 'a, b',
  }))
  const src: GridSource<Row> = {
    page: async (r) => {
      requests.push(r)
      if (failAt !== undefined && (r.offset ?? 0) >= failAt)
        return { status: 'FAILURE', err: 'boom' } as Envelope<Row[]>
      return { status: 'SUCCESS', data: rows.slice(r.offset ?? 0, (r.offset ?? 0) + (r.limit ?? 0)) }
    },
    count: async () => ({ status: 'SUCCESS', data: total }),
    distinct: async () => ({ status: 'SUCCESS', data: [] }),
  }
  return { src, requests }
}

describe('CSV export', () => {
  it('writes the visible exportable columns as the grid shows them, in chunks up to the export limit', async () => {
    const { src, requests } = source(1201)
    const result = await gridCsv(spec, withColumnHidden(spec, defaultState(spec), 'id', true), src, 'test list')
    if (!result.ok) throw new Error(result.message)
    expect(result.response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8; header=present')
    expect(result.response.headers.get('Content-Disposition')).toBe('attachment; filename="test_list.csv"')
    const text = await result.response.text()
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Subject,To')
    expect(lines[1]).toBe(`'=CMD|X,"a, b"`)
    expect(lines.length - 2).toBe(1000)
    expect(lines.at(-1)).toBe('')
    expect(requests.map((r) => [r.offset, r.limit])).toEqual([
      [0, 500],
      [500, 500],
    ])
  })

  it('stops at the last row when there are fewer than the limit', async () => {
    const { src, requests } = source(3)
    const result = await gridCsv(spec, defaultState(spec), src, 'x')
    if (!result.ok) throw new Error(result.message)
    expect((await result.response.text()).split('\r\n')).toHaveLength(5)
    expect(requests).toHaveLength(1)
  })

  it('answers a refused first call as a failure instead of an empty file', async () => {
    const { src } = source(10, 0)
    expect(await gridCsv(spec, defaultState(spec), src, 'x')).toEqual({ ok: false, message: 'boom', httpStatus: 502 })
  })

  it('a refusal keeps the service’s 4xx status, so the caller can tell it from an outage', async () => {
    const src: GridSource<Row> = {
      page: async () => ({ status: 'FAILURE', err: 'Too many rows.', httpStatus: 400 }),
      count: async () => ({ status: 'SUCCESS', data: 0 }),
      distinct: async () => ({ status: 'SUCCESS', data: [] }),
    }
    expect(await gridCsv(spec, defaultState(spec), src, 'x')).toEqual({
      ok: false,
      message: 'Too many rows.',
      httpStatus: 400,
    })
  })

  it('follows the tokens of a source that gives them, and ends when none comes back', async () => {
    const rows: Row[] = Array.from({ length: 1100 }, (_, i) => ({ id: i + 1, subject: `s${i + 1}`, to: 't' }))
    const requests: PageRequest[] = []
    const src: GridSource<Row> = {
      page: async (r) => {
        requests.push(r)
        const from = r.token ? Number(r.token) : 0
        const next = from + (r.limit ?? 0)
        return {
          status: 'SUCCESS',
          data: rows.slice(from, next),
          ...(next < rows.length ? { token: String(next) } : {}),
        }
      },
      count: async () => ({ status: 'SUCCESS', data: rows.length }),
      distinct: async () => ({ status: 'SUCCESS', data: [] }),
    }
    const state = withColumnHidden(spec, defaultState(spec), 'to', true)
    const result = await gridCsv({ ...spec, exportLimit: 5000 }, state, src, 'x')
    if (!result.ok) throw new Error(result.message)
    const lines = (await result.response.text()).split('\r\n')
    expect(lines).toHaveLength(1100 + 2)
    expect(requests.map((r) => [r.offset, r.token, r.limit])).toEqual([
      [0, undefined, 500],
      [undefined, '500', 500],
      [undefined, '1000', 500],
    ])
  })
})
