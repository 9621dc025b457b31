import { describe, expect, it } from 'vitest'
import { defaultState, withColumnHidden, type GridSpec } from '../domain/grid-state'
import type { Envelope, PageRequest } from '../upstream/envelope'
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
    expect(await gridCsv(spec, defaultState(spec), src, 'x')).toEqual({ ok: false, message: 'boom' })
  })
})
