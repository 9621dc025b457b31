import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import type { GridSpec } from '../../grid/grid-state'
import type { GridData, GridRouteData } from '../../grid/types'
import { gridClientLoader } from './client-loader'
import { testSpec, type TestRow } from '../../../tests/support/grid-test-spec'

type Row = TestRow

const spec: GridSpec<Row> = { ...testSpec, uniqueKey: ['id'] }

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  subject: `${i % 3 ? 'Licence file' : 'Statement'} ${String(i + 1).padStart(2, '0')}`,
  to: i % 2 ? 'a@x.example' : 'b@x.example',
}))

/** The chunk the resource route answers for ROWS. */
function chunkOf(url: URL) {
  const [offset, limit] = url.searchParams.get('chunk')!.split(',').map(Number)
  const subject = url.searchParams.get('f.subject')
  const rows = subject ? ROWS.filter((r) => r.subject.toLowerCase().includes(subject.slice(2).toLowerCase())) : ROWS
  return { rows: rows.slice(offset, offset + limit), total: rows.length }
}

/** The resource route as the browser sees it: chunks of ROWS for the unfiltered view, or a canned reply. */
let reply: (url: URL) => Response
const chunkCalls: URL[] = []

beforeEach(() => {
  chunkCalls.length = 0
  reply = (url) => Response.json(chunkOf(url))
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://portal.local')
      chunkCalls.push(url)
      return reply(url)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const serverGrid = (state: Partial<GridData<Row>> = {}): GridRouteData<Row> => ({
  customerNumber: '1000001',
  grid: {
    tableName: 'testList',
    state: {
      sort: [{ col: 'subject', dir: 'asc' }],
      filters: {},
      columns: [
        { id: 'subject', hidden: false },
        { id: 'to', hidden: false },
      ],
      pageSize: 10,
      page: 1,
    },
    rows: ROWS.slice(0, 10),
    total: 25,
    pageCount: 3,
    error: null,
    dialog: null,
    storedViewKey: 'size=10',
    ...state,
  },
})

function setup(specs: Parameters<typeof gridClientLoader<Row>>[0] = spec, server = serverGrid()) {
  const clientLoader = gridClientLoader(specs)
  const serverLoader = vi.fn(async () => server)
  const load = (query: string) =>
    clientLoader({
      request: new Request(`http://portal.local/list?${query}`),
      params: {},
      serverLoader,
    } as unknown as ClientLoaderFunctionArgs)
  return { load, serverLoader }
}

describe('gridClientLoader', () => {
  it('leaves a URL without a view, and the no-JavaScript forms, to the route’s loader', async () => {
    const { load, serverLoader } = setup()
    expect(await load('customer=1000001')).toEqual(serverGrid())
    await load('customer=1000001&size=10&filterDialog=to')
    await load('size=10')
    expect(serverLoader).toHaveBeenCalledTimes(3)
    expect(chunkCalls).toEqual([])
  })

  it('keeps the page the server rendered', async () => {
    const { load, serverLoader } = setup()
    await load('customer=1000001')
    const { grid } = await load('customer=1000001&size=10')
    expect(grid?.rows).toEqual(ROWS.slice(0, 10))
    expect(serverLoader).toHaveBeenCalledTimes(1)
    expect(chunkCalls).toEqual([])
  })

  it('loads a chunk of 3 times the largest page size, then pages from it without asking again', async () => {
    const { load, serverLoader } = setup()
    const first = await load('customer=1000001&size=10&page=2')
    expect(chunkCalls).toHaveLength(1)
    expect(chunkCalls[0].pathname).toBe('/resources/grid/testList')
    expect(Object.fromEntries(chunkCalls[0].searchParams)).toEqual({ customer: '1000001', size: '10', chunk: '0,60' })
    expect(first).toEqual({
      customerNumber: '1000001',
      grid: expect.objectContaining({
        rows: ROWS.slice(10, 20),
        total: 25,
        pageCount: 3,
        error: null,
        dialog: null,
        storedViewKey: null,
      }),
    })
    expect((await load('customer=1000001&size=10&page=3')).grid?.rows).toEqual(ROWS.slice(20, 25))
    expect((await load('customer=1000001&size=20')).grid?.rows).toEqual(ROWS.slice(0, 20))
    expect(chunkCalls).toHaveLength(1)
    expect(serverLoader).not.toHaveBeenCalled()
  })

  it('answers a narrowing filter and a new sort from a completely loaded list', async () => {
    const { load } = setup()
    await load('customer=1000001&size=10')
    const { grid } = await load('customer=1000001&size=10&f.subject=c%3ASTATEMENT&sort=to.desc')
    const expected = ROWS.filter((r) => r.subject.startsWith('Statement')).sort(
      (a, b) => b.to.localeCompare(a.to) || a.id - b.id,
    )
    expect(grid).toMatchObject({ rows: expected.slice(0, 10), total: expected.length, pageCount: 1 })
    expect(grid?.state.filters).toEqual({ subject: { type: 'text', op: 'contains', text: 'STATEMENT' } })
    expect(chunkCalls).toHaveLength(1)
  })

  it('shows the last page for a page past the end', async () => {
    const { load } = setup()
    const { grid } = await load('customer=1000001&size=10&page=9')
    expect(grid).toMatchObject({ rows: ROWS.slice(20, 25), total: 25 })
    expect(grid?.state.page).toBe(3)
  })

  it('a timed-out chunk gives an empty list, and is not kept', async () => {
    const { load, serverLoader } = setup()
    reply = () => Response.json({ rows: [], total: 0, timedOut: true })
    const { grid } = await load('customer=1000001&size=10')
    expect(grid).toMatchObject({ rows: [], total: 0, pageCount: 1, error: null, timedOut: true })
    expect(serverLoader).not.toHaveBeenCalled()
    await load('customer=1000001&size=10')
    expect(chunkCalls).toHaveLength(2)
  })

  it.each([
    ['refused', () => new Response('You do not have enough permissions to view this page.', { status: 403 })],
    ['failed', () => Response.json({ error: 'Bad filter' }, { status: 400 })],
    [
      'answered with a page instead of data (signed out)',
      () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }),
    ],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response],
  ])('a chunk request that is %s is left to the route’s loader', async (_label, answer) => {
    const { load, serverLoader } = setup()
    reply = answer
    expect(await load('customer=1000001&size=10')).toEqual(serverGrid())
    expect(serverLoader).toHaveBeenCalledTimes(1)
  })

  describe('a list whose columns depend on the customer', () => {
    // The same list with an Id column, for the customers the server shows it to.
    const wide: GridSpec<Row> = {
      ...spec,
      columns: [...spec.columns, { id: 'ident', header: 'Id', field: 'id', sortable: true, kind: 'number' }],
    }
    const columnIds = (data: GridRouteData<Row>) => data.grid?.state.columns.map((c) => c.id)

    it('shows a cached page with the columns the server’s chunk named, from that one chunk', async () => {
      reply = (url) => Response.json({ ...chunkOf(url), columns: ['subject', 'to'] })
      const { load, serverLoader } = setup([wide, spec])
      const first = await load('customer=1000001&size=10&page=2')
      expect(columnIds(first)).toEqual(['subject', 'to'])
      expect(first.grid?.rows).toEqual(ROWS.slice(10, 20))
      expect(columnIds(await load('customer=1000001&size=10&page=3'))).toEqual(['subject', 'to'])
      expect(chunkCalls).toHaveLength(1)
      expect(serverLoader).not.toHaveBeenCalled()
    })

    it('shows the wider columns when the server names them', async () => {
      reply = (url) => Response.json({ ...chunkOf(url), columns: ['subject', 'to', 'ident'] })
      const { load } = setup([wide, spec])
      expect(columnIds(await load('customer=1000001&size=10&page=2'))).toEqual(['subject', 'to', 'ident'])
    })

    it('learns the columns from the page the server rendered', async () => {
      const { load, serverLoader } = setup([wide, spec])
      await load('customer=1000001')
      const cached = await load('customer=1000001&size=10')
      expect(columnIds(cached)).toEqual(['subject', 'to'])
      expect(cached.grid?.rows).toEqual(ROWS.slice(0, 10))
      expect(serverLoader).toHaveBeenCalledTimes(1)
      expect(chunkCalls).toEqual([])
    })
  })
})
