import { describe, expect, it, vi } from 'vitest'
import { parseGridState, type GridSpec } from './grid-state'
import type { Envelope, FilterRule, PageRequest } from '../api-client/envelope'
import { isPageLoad, loadChunk, loadGrid, preferenceStore, type PreferenceStore } from './load-grid.server'
import type { GridSource } from './types'
import { testSpec, type TestRow } from '../../tests/support/grid-test-spec'

type Row = TestRow

const spec: GridSpec<Row> = testSpec

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  subject: `s${i + 1}`,
  to: i % 2 ? 'a@x.example' : 'b@x.example',
}))
const ok = <T>(data: T): Envelope<T> => ({ status: 'SUCCESS', data })

function fakeSource(overrides: Partial<GridSource<Row>> = {}) {
  const calls = {
    page: [] as PageRequest[],
    count: [] as (FilterRule | undefined)[],
    distinct: [] as [FilterRule | undefined, string][],
  }
  const source: GridSource<Row> = {
    page: async (r) => (calls.page.push(r), ok(ROWS.slice(r.offset ?? 0, (r.offset ?? 0) + (r.limit ?? 10)))),
    count: async (f) => (calls.count.push(f), ok(ROWS.length)),
    distinct: async (f, key) => (calls.distinct.push([f, key]), ok(['a@x.example', 'b@x.example', 'c@x.example'])),
    ...overrides,
  }
  return { source, calls }
}

function fakePrefs(stored: unknown = null, loadOk = true) {
  const saved: unknown[] = []
  const preferences: PreferenceStore = {
    load: async () => (loadOk ? { ok: true, view: stored } : { ok: false, message: 'Preferences are unavailable' }),
    save: vi.fn(async (view) => (saved.push(view), true)),
  }
  return { preferences, saved }
}

const pageLoad = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }
const fetchLoad = { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }
const req = (query: string, headers: Record<string, string> = pageLoad) =>
  new Request(`http://portal.local/list?${query}`, { headers })

async function redirectOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      return thrown.headers.get('Location')!
    throw thrown
  }
  throw new Error('expected a redirect')
}

describe('loadGrid: saved views', () => {
  it('a URL without a view redirects to the stored view', async () => {
    const { source } = fakeSource()
    const { preferences } = fakePrefs({
      sortModel: [{ colId: 'to', sort: 'desc', sortIndex: 0 }],
      filterModel: { subject: { filterType: 'text', type: 'contains', filter: 's1' } },
    })
    const location = await redirectOf(loadGrid({ request: req('customer=1'), spec, source, preferences }))
    expect(location).toBe('/list?customer=1&sort=to.desc&f.subject=c%3As1&size=10')
  })

  it('with nothing (or the default) stored, the default view renders and nothing is saved', async () => {
    const { source } = fakeSource()
    const { preferences, saved } = fakePrefs(null)
    const grid = await loadGrid({ request: req('customer=1'), spec, source, preferences })
    expect(grid.rows).toHaveLength(10)
    expect(grid.total).toBe(25)
    expect(grid.pageCount).toBe(3)
    expect(grid.storedViewKey).toBe('size=10')
    expect(saved).toEqual([])
    const defaultStored = fakePrefs({ sortModel: [{ colId: 'subject', sort: 'asc' }] })
    await expect(
      loadGrid({ request: req('customer=1'), spec, source, preferences: defaultStored.preferences }),
    ).resolves.toMatchObject({ error: null })
  })

  it('a page load of a view saves it; a script fetch does not', async () => {
    const { source } = fakeSource()
    const first = fakePrefs()
    const grid = await loadGrid({
      request: req('customer=1&f.subject=c%3As&size=20'),
      spec,
      source,
      preferences: first.preferences,
    })
    expect(first.saved).toHaveLength(1)
    expect(first.saved[0]).toMatchObject({
      filters: { subject: { type: 'text', op: 'contains', text: 's' } },
      pageSize: 20,
    })
    expect(grid.storedViewKey).toBe('f.subject=c%3As&size=20')
    const second = fakePrefs()
    const fetched = await loadGrid({
      request: req('customer=1&f.subject=c%3As&size=20', fetchLoad),
      spec,
      source,
      preferences: second.preferences,
    })
    expect(second.saved).toEqual([])
    expect(fetched.storedViewKey).toBeNull()
  })

  it('a view opened from a link elsewhere is shown but not saved, by the server or by the page', async () => {
    const { source } = fakeSource()
    for (const headers of [pageLoad, fetchLoad]) {
      const prefs = fakePrefs({ sortModel: [{ colId: 'to', sort: 'desc', sortIndex: 0 }] })
      const grid = await loadGrid({
        request: req('customer=1&f.subject=c%3As&size=20&linked=1', headers),
        spec,
        source,
        preferences: prefs.preferences,
      })
      expect(prefs.saved).toEqual([])
      expect(grid.state.filters.subject).toEqual({ type: 'text', op: 'contains', text: 's' })
      expect(grid.storedViewKey).toBe('f.subject=c%3As&size=20')
    }
  })

  it('a failed preference read shows its message in place of the rows', async () => {
    const { source, calls } = fakeSource()
    const grid = await loadGrid({
      request: req('customer=1'),
      spec,
      source,
      preferences: fakePrefs(null, false).preferences,
    })
    expect(grid.error).toEqual({ source: 'preferences', message: 'Preferences are unavailable' })
    expect(grid.rows).toEqual([])
    expect(calls.page).toEqual([])
  })
})

describe('loadGrid: data', () => {
  it('asks for the page of the view and shows the last page for a page past the end', async () => {
    const { source, calls } = fakeSource()
    const grid = await loadGrid({
      request: req('customer=1&page=9&size=10&sort=to.desc'),
      spec,
      source,
      preferences: fakePrefs().preferences,
    })
    expect(grid.state.page).toBe(3)
    expect(grid.rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25])
    expect(calls.page.at(-1)).toEqual({
      filter: undefined,
      sorting: [{ name: 'to', direction: 'desc' }],
      offset: 20,
      limit: 10,
    })
  })

  it('a failed list call is reported with its status', async () => {
    const { source } = fakeSource({
      count: async () =>
        ({ status: 'FAILURE', err: 'You do not have access to this customer', httpStatus: 403 }) as Envelope<number>,
    })
    const grid = await loadGrid({
      request: req('customer=1&size=10'),
      spec,
      source,
      preferences: fakePrefs().preferences,
    })
    expect(grid.error).toEqual({ source: 'data', message: 'You do not have access to this customer', httpStatus: 403 })
  })
})

describe('loadGrid: the no-JavaScript forms', () => {
  it('the filter row redirects to the clean view URL', async () => {
    const { source } = fakeSource()
    const location = await redirectOf(
      loadGrid({
        request: req('customer=1&size=10&page=2&filtersForm=1&ft.subject=abc&fo.subject=equals&ft.to='),
        spec,
        source,
        preferences: fakePrefs().preferences,
      }),
    )
    expect(location).toBe('/list?customer=1&f.subject=e%3Aabc&size=10')
  })

  it('the column form redirects with the column panel still open', async () => {
    const { source } = fakeSource()
    const location = await redirectOf(
      loadGrid({
        request: req('customer=1&size=10&colsForm=1&show=to&move=to.up'),
        spec,
        source,
        preferences: fakePrefs().preferences,
      }),
    )
    expect(location).toBe('/list?customer=1&size=10&cols=to%2C-subject&panel=columns')
  })

  it('the dialog lists the values of its column under the other filters', async () => {
    const { source, calls } = fakeSource()
    const grid = await loadGrid({
      request: req('customer=1&size=10&f.subject=c%3As1&filterDialog=to&fd.search=x.ex'),
      spec,
      source,
      preferences: fakePrefs().preferences,
    })
    expect(grid.dialog).toEqual({
      colId: 'to',
      search: 'x.ex',
      values: ['a@x.example', 'b@x.example', 'c@x.example'],
      selected: null,
      error: null,
    })
    expect(calls.distinct[0]).toEqual([
      {
        condition: 'ALL',
        criteria: [
          { name: 'subject', method: 'CONTAINS', value: 's1', casefold: true },
          { name: 'to', method: 'CONTAINS', value: 'x.ex', casefold: true },
        ],
      },
      'to',
    ])
  })

  it('Apply sets the ticked values; every value or none means all; Clear removes the filter', async () => {
    const { source } = fakeSource()
    const prefs = fakePrefs().preferences
    const some = await redirectOf(
      loadGrid({
        request: req('customer=1&size=10&filterDialog=to&fd=1&fd.q=&fda=apply&fd.v=a%40x.example&fd.v=c%40x.example'),
        spec,
        source,
        preferences: prefs,
      }),
    )
    expect(some).toBe('/list?customer=1&f.to=in%3Aa%40x.example%2Cc%40x.example&size=10')
    const all = await redirectOf(
      loadGrid({
        request: req(
          'customer=1&size=10&f.to=in%3Aa%40x.example&filterDialog=to&fd=1&fd.q=&fda=apply&fd.v=a%40x.example&fd.v=b%40x.example&fd.v=c%40x.example',
        ),
        spec,
        source,
        preferences: prefs,
      }),
    )
    expect(all).toBe('/list?customer=1&size=10')
    const none = await redirectOf(
      loadGrid({
        request: req('customer=1&size=10&filterDialog=to&fd=1&fd.q=&fda=apply&fd.all=1'),
        spec,
        source,
        preferences: prefs,
      }),
    )
    expect(none).toBe('/list?customer=1&size=10')
    const clear = await redirectOf(
      loadGrid({
        request: req('customer=1&size=10&f.to=in%3Aa%40x.example&filterDialog=to&fd=1&fda=clear'),
        spec,
        source,
        preferences: prefs,
      }),
    )
    expect(clear).toBe('/list?customer=1&size=10')
  })

  it('Search shows the dialog again, keeping the choices the search hides', async () => {
    const distinct = vi.fn(async (_f: FilterRule | undefined) => ok(['a@x.example', 'b@x.example', 'c@x.example']))
    distinct
      .mockImplementationOnce(async () => ok(['a@x.example', 'b@x.example', 'c@x.example']))
      .mockImplementationOnce(async () => ok(['c@x.example']))
    const { source } = fakeSource({ distinct })
    const grid = await loadGrid({
      request: req('customer=1&size=10&filterDialog=to&fd=1&fd.q=&fda=search&fd.search=c&fd.v=a%40x.example'),
      spec,
      source,
      preferences: fakePrefs().preferences,
    })
    expect(grid.dialog).toEqual({
      colId: 'to',
      search: 'c',
      values: ['c@x.example'],
      selected: ['a@x.example'],
      error: null,
    })
  })

  it('the service’s error shows in the dialog and Apply does not apply', async () => {
    const { source } = fakeSource({
      distinct: async () => ({ status: 'FAILURE', err: 'Too many distinct values' }) as Envelope<unknown[]>,
    })
    const grid = await loadGrid({
      request: req('customer=1&size=10&filterDialog=to&fd=1&fd.q=&fda=apply&fd.v=a'),
      spec,
      source,
      preferences: fakePrefs().preferences,
    })
    expect(grid.dialog).toMatchObject({ values: [], error: 'Too many distinct values' })
  })
})

describe('page loads', () => {
  it('tells page loads from fetches and prefetches', () => {
    expect(isPageLoad(req('', pageLoad))).toBe(true)
    expect(isPageLoad(req('', {}))).toBe(true)
    expect(isPageLoad(req('', fetchLoad))).toBe(false)
    expect(isPageLoad(req('', { ...pageLoad, 'sec-purpose': 'prefetch;prerender' }))).toBe(false)
    expect(isPageLoad(req('', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }))).toBe(false)
  })
})

describe('loadGrid: a list request that times out', () => {
  const timeout = { status: 'FAILURE', err: 'data request timeout ', timedOut: true } as Envelope<never>

  it.each([
    ['the page', { page: async () => timeout }],
    ['the count', { count: async () => timeout }],
  ])('when %s times out, the list is empty without an error', async (_what, overrides) => {
    const { source } = fakeSource(overrides as Partial<GridSource<Row>>)
    const { preferences } = fakePrefs()
    const grid = await loadGrid({ request: req('customer=1&size=10', fetchLoad), spec, source, preferences })
    expect(grid).toMatchObject({ rows: [], total: 0, pageCount: 1, error: null, timedOut: true })
  })

  it('another failure is still reported as an error', async () => {
    const { source } = fakeSource({
      page: async () => ({ status: 'FAILURE', err: 'unable to fetch data after 5 attempts' }),
    })
    const { preferences } = fakePrefs()
    const grid = await loadGrid({ request: req('customer=1&size=10', fetchLoad), spec, source, preferences })
    expect(grid.error).toMatchObject({ source: 'data', message: 'unable to fetch data after 5 attempts' })
    expect(grid.timedOut).toBeUndefined()
  })
})

describe('loadChunk: rows of a view for the browser’s cache', () => {
  const state = parseGridState(spec, new URLSearchParams('sort=to.desc&f.subject=c%3As1&page=3&size=10'))

  it('asks for the rows with the view’s filter and sort (not its page) and the total, and names the list’s columns', async () => {
    const { source, calls } = fakeSource()
    const result = await loadChunk(spec, source, state, 30, 60)
    expect(result).toEqual({
      ok: true,
      chunk: { rows: ROWS.slice(30, 90), total: 25, columns: spec.columns.map((c) => c.id) },
    })
    const filter = {
      condition: 'ALL',
      criteria: [{ name: 'subject', method: 'CONTAINS', value: 's1', casefold: true }],
    }
    expect(calls.page).toEqual([{ filter, sorting: [{ name: 'to', direction: 'desc' }], offset: 30, limit: 60 }])
    expect(calls.count).toEqual([filter])
  })

  it('a timeout gives no rows; a failure is an error with its status', async () => {
    const timeout = { status: 'FAILURE', err: 'data request timeout ', timedOut: true } as Envelope<never>
    expect(await loadChunk(spec, fakeSource({ page: async () => timeout }).source, state, 0, 30)).toEqual({
      ok: true,
      chunk: { rows: [], total: 0, timedOut: true },
    })
    const refused = { status: 'FAILURE', err: 'Unknown column', httpStatus: 400 } as Envelope<never>
    expect(await loadChunk(spec, fakeSource({ count: async () => refused }).source, state, 0, 30)).toEqual({
      ok: false,
      error: { source: 'data', message: 'Unknown column', httpStatus: 400 },
    })
  })
})

describe('loadGrid: two grids on one page', () => {
  const active: GridSpec<Row> = { ...spec, tableName: 'activeList', paramPrefix: 'a' }
  const inactive: GridSpec<Row> = { ...spec, tableName: 'inactiveList', paramPrefix: 'i' }
  const savedActive = { sortModel: [{ colId: 'to', sort: 'desc', sortIndex: 0 }] }
  const savedInactive = { filterModel: { subject: { filterType: 'text', type: 'contains', filter: 's2' } } }

  /** The page's loader: both grids at once, as a route loads them. */
  function loadPage(query: string, stores: [PreferenceStore, PreferenceStore], headers = pageLoad) {
    const request = req(query, headers)
    return Promise.all([
      loadGrid({ request, spec: active, source: fakeSource().source, preferences: stores[0] }),
      loadGrid({ request, spec: inactive, source: fakeSource().source, preferences: stores[1] }),
    ])
  }

  it('each grid’s saved view applies when the URL names none of its parameters; the page ends with both', async () => {
    const first = fakePrefs(savedActive)
    const second = fakePrefs(savedInactive)
    const stores: [PreferenceStore, PreferenceStore] = [first.preferences, second.preferences]
    let query = 'customer=1&open=inactive'
    const visited: string[] = []
    let grids: Awaited<ReturnType<typeof loadPage>> | null = null
    while (!grids) {
      expect(visited.length).toBeLessThan(3)
      try {
        grids = await loadPage(query, stores)
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown
        query = new URL(thrown.headers.get('Location')!, 'http://portal.local').search.slice(1)
        visited.push(query)
      }
    }
    expect(visited).toHaveLength(2)
    const final = new URLSearchParams(query)
    expect(Object.fromEntries(final)).toEqual({
      customer: '1',
      open: 'inactive',
      'a.sort': 'to.desc',
      'a.size': '10',
      'i.f.subject': 'c:s2',
      'i.size': '10',
    })
    const [a, i] = grids
    expect(a.state.sort).toEqual([{ col: 'to', dir: 'desc' }])
    expect(a.state.filters).toEqual({})
    expect(i.state.sort).toEqual([{ col: 'subject', dir: 'asc' }])
    expect(i.state.filters).toEqual({ subject: { type: 'text', op: 'contains', text: 's2' } })
    expect([a.tableName, i.tableName]).toEqual(['activeList', 'inactiveList'])
  })

  it('a page load saves the view of each grid it shows; a fetch saves none', async () => {
    const first = fakePrefs()
    const second = fakePrefs()
    const [a, i] = await loadPage('customer=1&a.page=2&a.size=20&i.sort=to.asc&i.size=10', [
      first.preferences,
      second.preferences,
    ])
    expect(first.saved).toEqual([expect.objectContaining({ pageSize: 20, sort: [{ col: 'subject', dir: 'asc' }] })])
    expect(second.saved).toEqual([expect.objectContaining({ pageSize: 10, sort: [{ col: 'to', dir: 'asc' }] })])
    expect(a.storedViewKey).toBe('a.size=20')
    expect(i.storedViewKey).toBe('i.sort=to.asc&i.size=10')
    expect(a.rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25])
    const third = fakePrefs()
    await loadPage('customer=1&a.size=20&i.size=10', [third.preferences, third.preferences], fetchLoad)
    expect(third.saved).toEqual([])
  })

  it('a grid with its view in the URL keeps it while the other redirects to its saved view', async () => {
    const location = await redirectOf(
      loadPage('customer=1&a.sort=&a.size=10', [
        fakePrefs(savedActive).preferences,
        fakePrefs(savedInactive).preferences,
      ]),
    )
    expect(location).toBe('/list?customer=1&a.sort=&a.size=10&i.f.subject=c%3As2&i.size=10')
  })

  it('one grid’s no-JavaScript forms redirect to its clean view, keeping the other grid and the page', async () => {
    const stores: [PreferenceStore, PreferenceStore] = [fakePrefs().preferences, fakePrefs().preferences]
    const filters = await redirectOf(
      loadPage(
        'customer=1&open=active&i.page=2&i.size=10&a.size=10&a.filtersForm=1&a.ft.subject=abc&a.fo.subject=equals',
        stores,
      ),
    )
    expect(filters).toBe('/list?customer=1&open=active&i.page=2&i.size=10&a.f.subject=e%3Aabc&a.size=10')
    const columns = await redirectOf(
      loadPage('customer=1&a.size=10&i.size=10&i.colsForm=1&i.show=to&i.move=to.up', stores),
    )
    expect(columns).toBe('/list?customer=1&a.size=10&i.size=10&i.cols=to%2C-subject&i.panel=columns')
    const dialog = await redirectOf(
      loadPage(
        'customer=1&a.size=10&i.size=10&a.filterDialog=to&a.fd=1&a.fd.q=&a.fda=apply&a.fd.v=a%40x.example',
        stores,
      ),
    )
    expect(dialog).toBe('/list?customer=1&i.size=10&a.f.to=in%3Aa%40x.example&a.size=10')
  })

  it('the filter dialog of one grid lists its values and leaves the other without one', async () => {
    const [a, i] = await loadPage('customer=1&a.size=10&i.size=10&i.filterDialog=to&i.fd.search=x', [
      fakePrefs().preferences,
      fakePrefs().preferences,
    ])
    expect(a.dialog).toBeNull()
    expect(i.dialog).toMatchObject({ colId: 'to', search: 'x', selected: null })
  })
})

describe('loadGrid: a count that follows the rows (countLater)', () => {
  /** A count that answers only when released, so the test sees whether the rows waited for it. */
  function slowCount() {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    return { gate, release: () => release() }
  }

  it('a request of the page’s script gets the rows without waiting for the count, which follows', async () => {
    const { gate, release } = slowCount()
    const { source } = fakeSource({ count: async () => (await gate, ok(ROWS.length)) })
    const grid = await loadGrid({
      request: req('customer=1&size=10&page=2', fetchLoad),
      spec,
      source,
      preferences: fakePrefs().preferences,
      countLater: true,
    })
    expect(grid.rows.map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(grid.total).toBeNull()
    release()
    await expect(grid.countLater).resolves.toEqual({ ok: true, total: 25, pageCount: 3 })
  })

  it('a page load waits for the count (content streamed later shows only with a script)', async () => {
    const { source } = fakeSource()
    const grid = await loadGrid({
      request: req('customer=1&size=10'),
      spec,
      source,
      preferences: fakePrefs().preferences,
      countLater: true,
    })
    expect(grid.total).toBe(25)
    expect(grid.pageCount).toBe(3)
    expect(grid.countLater).toBeUndefined()
  })

  it('an empty page past the first waits for the count and shows the last page', async () => {
    const { source } = fakeSource()
    const grid = await loadGrid({
      request: req('customer=1&size=10&page=9', fetchLoad),
      spec,
      source,
      preferences: fakePrefs().preferences,
      countLater: true,
    })
    expect(grid.state.page).toBe(3)
    expect(grid.total).toBe(25)
    expect(grid.rows).toHaveLength(5)
  })

  it('a failed count is told in place of the count', async () => {
    const { source } = fakeSource({
      count: async () => ({ status: 'FAILURE', err: 'Count failed', httpStatus: 400 }) as Envelope<number>,
    })
    const grid = await loadGrid({
      request: req('customer=1&size=10', fetchLoad),
      spec,
      source,
      preferences: fakePrefs().preferences,
      countLater: true,
    })
    expect(grid.rows).toHaveLength(10)
    await expect(grid.countLater).resolves.toEqual({ ok: false, message: 'Count failed' })
  })
})

describe('loadGrid: view extras', () => {
  const extrasSpec: GridSpec<Row> = {
    ...spec,
    viewExtras: {
      names: ['range'],
      parse: (own): Record<string, string> => (own.get('range') === 'max' ? { range: 'max' } : {}),
      toSaved: (values) => ({ dateRange: values.range ?? '1d' }),
      fromSaved: (saved): Record<string, string> =>
        typeof saved.dateRange === 'string' ? { range: saved.dateRange } : {},
    },
  }

  it('a stored view brings its extras into the URL', async () => {
    const { source } = fakeSource()
    const { preferences } = fakePrefs({ dateRange: 'max' })
    const location = await redirectOf(loadGrid({ request: req('customer=1'), spec: extrasSpec, source, preferences }))
    expect(location).toBe('/list?customer=1&size=10&range=max')
  })

  it('a page load with extras saves them with the view', async () => {
    const { source } = fakeSource()
    const { preferences, saved } = fakePrefs()
    const grid = await loadGrid({ request: req('customer=1&range=max'), spec: extrasSpec, source, preferences })
    expect(saved).toEqual([expect.objectContaining({ extras: { range: 'max' } })])
    expect(grid.storedViewKey).toBe('size=10&range=max')
  })

  it('the preference store writes the extras’ fields', async () => {
    const sent: unknown[] = []
    const api = {
      savePreference: async (_customer: string, view: unknown) => (sent.push(view), { status: 'SUCCESS', data: [] }),
    } as unknown as Parameters<typeof preferenceStore>[0]
    await preferenceStore(api, '1', extrasSpec).save(parseGridState(extrasSpec, new URLSearchParams('range=max')))
    expect(sent).toEqual([expect.objectContaining({ tableName: 'testList', dateRange: 'max' })])
    await preferenceStore(api, '1', extrasSpec).save(parseGridState(extrasSpec, new URLSearchParams('')))
    expect(sent[1]).toEqual({ tableName: 'testList' })
  })
})
