import { describe, expect, it } from 'vitest'
import {
  applyColumnForm,
  applyFilterForm,
  baseParams,
  canResetView,
  currentSelection,
  dialogSelection,
  selectionError,
  withSelection,
  decodeSetValues,
  defaultState,
  defaultView,
  encodeSetValues,
  filterRule,
  fromSavedView,
  gridHref,
  gridParams,
  hasFilter,
  hasViewParams,
  isDefaultView,
  isGridParam,
  isTransientParam,
  nextSort,
  parseGridState,
  toPageRequest,
  toSavedView,
  visibleColumns,
  withColumnHidden,
  withColumnMoved,
  withColumnWidth,
  withFilter,
  withPage,
  withPageSize,
  withSort,
  withoutFilters,
  withExtras,
  viewKey,
  type GridSpec,
  type ViewExtrasSpec,
} from './grid-state'

const spec: GridSpec = {
  tableName: 'testList',
  columns: [
    { id: 'details', header: 'Show Details', hideable: true, noExport: true },
    { id: 'date', header: 'Date', field: 'date', textFilter: 'contains-equals', sortable: true },
    { id: 'subject', header: 'Subject', field: 'subject', textFilter: 'contains-equals', sortable: true },
    { id: 'to', header: 'To', field: 'to', textFilter: 'contains-equals', setFilter: true, sortable: true },
    { id: 'count', header: 'Count', field: 'Count', textFilter: 'equals', sortable: true, hidden: true },
    { id: 'key', header: 'Key', field: 'id', hideable: false },
  ],
  defaultSort: [{ col: 'date', dir: 'desc' }],
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  multiSort: true,
  exportLimit: 1000,
}

const params = (s: string) => new URLSearchParams(s)
const parse = (s: string) => parseGridState(spec, params(s))

describe('parsing the URL', () => {
  it('gives the default view for an empty query', () => {
    expect(parse('')).toEqual(defaultState(spec))
    expect(defaultState(spec)).toMatchObject({
      sort: [{ col: 'date', dir: 'desc' }],
      filters: {},
      page: 1,
      pageSize: 20,
    })
    expect(defaultState(spec).columns.map((c) => `${c.hidden ? '-' : ''}${c.id}`)).toEqual([
      'details',
      'date',
      'subject',
      'to',
      '-count',
      'key',
    ])
  })

  it('reads sort, filters, page, size, columns and widths', () => {
    const state = parse(
      'sort=subject.asc,to.desc&f.subject=c:renewal&f.to=in:a@x.example,b@y.example&page=3&size=50&cols=subject,-date,to&w=subject:320',
    )
    expect(state.sort).toEqual([
      { col: 'subject', dir: 'asc' },
      { col: 'to', dir: 'desc' },
    ])
    expect(state.filters).toEqual({
      subject: { type: 'text', op: 'contains', text: 'renewal' },
      to: { type: 'set', values: ['a@x.example', 'b@y.example'] },
    })
    expect(state.page).toBe(3)
    expect(state.pageSize).toBe(50)
    expect(state.columns.slice(0, 3)).toEqual([
      { id: 'subject', hidden: false, width: 320 },
      { id: 'date', hidden: true },
      { id: 'to', hidden: false },
    ])
    // Columns the URL does not name follow with their default visibility.
    expect(state.columns.slice(3).map((c) => c.id)).toEqual(['details', 'count', 'key'])
  })

  it('drops what the grid does not allow', () => {
    const state = parse(
      'sort=details.asc,nope.desc,subject.sideways&f.details=c:x&f.key=c:1&f.subject=x:1&f.date=in:2026&page=-4&size=33&cols=-key,ghost',
    )
    expect(state.sort).toEqual([{ col: 'subject', dir: 'asc' }])
    expect(state.filters).toEqual({})
    expect(state.page).toBe(1)
    expect(state.pageSize).toBe(20)
    // A column that cannot be hidden stays visible.
    expect(state.columns[0]).toEqual({ id: 'key', hidden: false })
  })

  it('treats an empty sort as unsorted and a missing one as the default', () => {
    expect(parse('sort=').sort).toEqual([])
    expect(parse('size=20').sort).toEqual([{ col: 'date', dir: 'desc' }])
  })

  it('turns contains into equals on an equals-only column and trims filter text', () => {
    expect(parse('f.count=c:%20%207%20').filters).toEqual({ count: { type: 'text', op: 'equals', text: '7' } })
    expect(parse('f.subject=c:%20%20').filters).toEqual({})
  })

  it('refuses overlong filter text', () => {
    expect(parse(`f.subject=c:${'x'.repeat(201)}`).filters).toEqual({})
  })

  it('keeps only one sort key when the grid allows one', () => {
    const single = { ...spec, multiSort: false }
    expect(parseGridState(single, params('sort=subject.asc,to.desc')).sort).toEqual([{ col: 'subject', dir: 'asc' }])
  })

  it('clamps widths', () => {
    expect(parse('w=subject:5,to:99999').columns.filter((c) => c.width)).toEqual([
      { id: 'subject', hidden: false, width: 60 },
      { id: 'to', hidden: false, width: 1200 },
    ])
  })

  it('knows when the URL names a view', () => {
    expect(hasViewParams(params('customer=1000001'))).toBe(false)
    expect(hasViewParams(params('customer=1000001&filterDialog=to'))).toBe(false)
    for (const q of ['size=20', 'page=2', 'sort=', 'f.subject=c:a', 'cols=date', 'w=date:100']) {
      expect(hasViewParams(params(`customer=1&${q}`)), q).toBe(true)
    }
  })
})

describe('set filter values in the URL', () => {
  it('escapes commas and backslashes and reads them back', () => {
    const values = ['a,b', 'c\\d', 'plain', '']
    expect(decodeSetValues(encodeSetValues(values))).toEqual(values)
    expect(encodeSetValues(['a,b', 'c\\d'])).toBe('a\\,b,c\\\\d')
  })
})

describe('writing the URL', () => {
  it('keeps the page parameters and always writes the page size', () => {
    expect(gridParams(spec, defaultState(spec), params('customer=1000001')).toString()).toBe('customer=1000001&size=20')
  })

  it('round-trips a full state', () => {
    let state = defaultState(spec)
    state = withSort(state, [{ col: 'subject', dir: 'asc' }])
    state = withFilter(state, 'to', { type: 'set', values: ['x,y@z.example', 'q@r.example'] })
    state = withFilter(state, 'subject', { type: 'text', op: 'equals', text: 'Hello & welcome' })
    state = withPage(state, 4)
    state = withColumnMoved(state, 'to', 0)
    state = withColumnHidden(spec, state, 'date', true)
    state = withColumnWidth(state, 'subject', 333)
    const href = gridHref('/emails', spec, state, params('customer=1000001'))
    const url = new URL(href, 'http://x')
    expect(url.pathname).toBe('/emails')
    expect(url.searchParams.get('customer')).toBe('1000001')
    expect(parseGridState(spec, url.searchParams)).toEqual(state)
  })

  it('drops the no-JavaScript form parameters and the dialog', () => {
    const base = params(
      'customer=1&filterDialog=to&fd=1&fd.q=x&fd.v=a&fda=apply&ft.subject=x&fo.subject=equals&colsForm=1&show=date&move=date.up&panel=columns',
    )
    expect(baseParams(base).toString()).toBe('customer=1')
  })
})

describe('sorting by header', () => {
  it('cycles unsorted, ascending, descending, unsorted', () => {
    expect(nextSort(spec, [], 'subject')).toEqual([{ col: 'subject', dir: 'asc' }])
    expect(nextSort(spec, [{ col: 'subject', dir: 'asc' }], 'subject')).toEqual([{ col: 'subject', dir: 'desc' }])
    expect(nextSort(spec, [{ col: 'subject', dir: 'desc' }], 'subject')).toEqual([])
  })

  it('replaces other keys on a plain click', () => {
    expect(nextSort(spec, [{ col: 'date', dir: 'desc' }], 'subject')).toEqual([{ col: 'subject', dir: 'asc' }])
  })

  it('adds and cycles keys in place on an additive click', () => {
    const two = nextSort(spec, [{ col: 'date', dir: 'desc' }], 'subject', true)
    expect(two).toEqual([
      { col: 'date', dir: 'desc' },
      { col: 'subject', dir: 'asc' },
    ])
    expect(nextSort(spec, two, 'subject', true)[1]).toEqual({ col: 'subject', dir: 'desc' })
    expect(
      nextSort(
        spec,
        [
          { col: 'date', dir: 'desc' },
          { col: 'subject', dir: 'desc' },
        ],
        'subject',
        true,
      ),
    ).toEqual([{ col: 'date', dir: 'desc' }])
  })

  it('ignores columns that cannot sort and additive clicks where one key is allowed', () => {
    expect(nextSort(spec, [], 'details')).toEqual([])
    expect(nextSort({ ...spec, multiSort: false }, [{ col: 'date', dir: 'desc' }], 'subject', true)).toEqual([
      { col: 'subject', dir: 'asc' },
    ])
  })

  it('goes back to page 1 on a new sort or filter', () => {
    const on3 = withPage(defaultState(spec), 3)
    expect(withSort(on3, []).page).toBe(1)
    expect(withFilter(on3, 'subject', { type: 'text', op: 'contains', text: 'a' }).page).toBe(1)
    expect(withPageSize(spec, on3, 50)).toMatchObject({ page: 1, pageSize: 50 })
    expect(withPageSize(spec, on3, 7).pageSize).toBe(20)
  })
})

describe('Clear Filters and Reset View (spec 1 section 4)', () => {
  const base = defaultState(spec)

  it('Clear Filters is enabled only with a filter', () => {
    expect(hasFilter(base)).toBe(false)
    const filtered = withFilter(base, 'subject', { type: 'text', op: 'contains', text: 'x' })
    expect(hasFilter(filtered)).toBe(true)
    expect(hasFilter(withoutFilters(filtered))).toBe(false)
  })

  it('Reset View is enabled when columns are reordered or hidden, the sort or a filter differs, or the page size', () => {
    expect(canResetView(spec, base)).toBe(false)
    expect(canResetView(spec, withPage(base, 5))).toBe(false)
    expect(canResetView(spec, withColumnMoved(base, 'to', 0))).toBe(true)
    expect(canResetView(spec, withColumnHidden(spec, base, 'to', true))).toBe(true)
    expect(canResetView(spec, withColumnWidth(base, 'to', 300))).toBe(true)
    expect(canResetView(spec, withSort(base, [{ col: 'subject', dir: 'asc' }]))).toBe(true)
    expect(canResetView(spec, withSort(base, []))).toBe(true)
    expect(canResetView(spec, withFilter(base, 'to', { type: 'set', values: ['a'] }))).toBe(true)
    expect(canResetView(spec, withPageSize(spec, base, 50))).toBe(true)
  })

  it('keeps at least one column visible and never hides a fixed column', () => {
    let state = base
    for (const c of state.columns) state = withColumnHidden(spec, state, c.id, true)
    expect(visibleColumns(spec, state).map((c) => c.id)).toEqual(['key'])
    const onlyKey = { ...spec, columns: spec.columns.map((c) => ({ ...c, hideable: true })) }
    let s2 = defaultState(onlyKey)
    for (const c of s2.columns) s2 = withColumnHidden(onlyKey, s2, c.id, true)
    expect(visibleColumns(onlyKey, s2)).toHaveLength(1)
  })
})

describe('no-JavaScript forms', () => {
  it('column form: ticked columns show, the others hide, and a move button moves one step', () => {
    const state = applyColumnForm(
      spec,
      defaultState(spec),
      params('colsForm=1&show=date&show=subject&show=key&move=subject.up'),
    )
    expect(state.columns.map((c) => `${c.hidden ? '-' : ''}${c.id}`)).toEqual([
      '-details',
      'subject',
      'date',
      '-to',
      '-count',
      'key',
    ])
    const down = applyColumnForm(spec, state, params('show=date&show=subject&show=key&move=key.down'))
    // The buttons name the move instead of carrying it as a value.
    const named = applyColumnForm(spec, state, params('show=date&show=subject&show=key&move.subject.down='))
    expect(named.columns).toEqual(
      applyColumnForm(spec, state, params('show=date&show=subject&show=key&move=subject.down')).columns,
    )
    expect(named.columns.map((c) => c.id).indexOf('subject')).toBe(
      state.columns.map((c) => c.id).indexOf('subject') + 1,
    )
    expect(down.columns.at(-1)?.id).toBe('key')
  })

  it('filter row: text and operator become filters; empty text removes a text filter but keeps a value filter', () => {
    let state = withFilter(defaultState(spec), 'to', { type: 'set', values: ['a@x.example'] })
    state = withFilter(state, 'date', { type: 'text', op: 'contains', text: '2026' })
    state = withPage(state, 3)
    const next = applyFilterForm(
      spec,
      state,
      params('ft.subject=%20renewal%20&fo.subject=equals&ft.to=&ft.date=&ft.count=5&fo.count=contains'),
    )
    expect(next.filters).toEqual({
      to: { type: 'set', values: ['a@x.example'] },
      subject: { type: 'text', op: 'equals', text: 'renewal' },
      count: { type: 'text', op: 'equals', text: '5' },
    })
    expect(next.page).toBe(1)
  })

  it('filter row: an unchanged filter keeps the page', () => {
    const state = withPage(withFilter(defaultState(spec), 'subject', { type: 'text', op: 'contains', text: 'a' }), 2)
    expect(applyFilterForm(spec, state, params('ft.subject=a&fo.subject=contains')).page).toBe(2)
  })
})

describe('page request', () => {
  it('maps filters to criteria, sort keys to API fields and the page to offset and limit', () => {
    let state = withSort(defaultState(spec), [
      { col: 'subject', dir: 'asc' },
      { col: 'to', dir: 'desc' },
    ])
    state = withFilter(state, 'subject', { type: 'text', op: 'contains', text: 'Renewal' })
    state = withFilter(state, 'count', { type: 'text', op: 'equals', text: '3' })
    state = withFilter(state, 'to', { type: 'set', values: ['a@x.example', 'b@x.example'] })
    state = withPage(state, 3)
    expect(toPageRequest(spec, state)).toEqual({
      filter: {
        condition: 'ALL',
        criteria: [
          { name: 'subject', method: 'CONTAINS', value: 'Renewal', casefold: true },
          { name: 'to', method: 'IN', value: ['a@x.example', 'b@x.example'] },
          { name: 'Count', method: 'EQUALS', value: '3', casefold: true },
        ],
      },
      sorting: [
        { name: 'subject', direction: 'asc' },
        { name: 'to', direction: 'desc' },
      ],
      offset: 40,
      limit: 20,
    })
  })

  it('sends no filter or sorting when there is none, and uses a column criterion hook', () => {
    const hooked: GridSpec = {
      ...spec,
      columns: spec.columns.map((c) =>
        c.id === 'date'
          ? { ...c, criterion: (f, field) => ({ name: field, method: 'DAYRANGE', value: [f.text, f.text] }) }
          : c,
      ),
    }
    const state = withSort(defaultState(hooked), [])
    expect(toPageRequest(hooked, state)).toEqual({ filter: undefined, sorting: undefined, offset: 0, limit: 20 })
    const withDate = withFilter(state, 'date', { type: 'text', op: 'equals', text: '2026-03-05' })
    expect(toPageRequest(hooked, withDate).filter?.criteria).toEqual([
      { name: 'date', method: 'DAYRANGE', value: ['2026-03-05', '2026-03-05'] },
    ])
  })

  it('leaves out one column for the filter dialog of that column', () => {
    let state = withFilter(defaultState(spec), 'subject', { type: 'text', op: 'contains', text: 'a' })
    state = withFilter(state, 'to', { type: 'set', values: ['x'] })
    expect(filterRule(spec, state.filters, 'to')).toEqual({
      condition: 'ALL',
      criteria: [{ name: 'subject', method: 'CONTAINS', value: 'a', casefold: true }],
    })
  })
})

describe('saved views', () => {
  it('the default view saves as an empty preference', () => {
    expect(toSavedView(spec, defaultView(spec))).toBeNull()
  })

  it('stores filters, sort, columns and page size in the preference format and reads them back', () => {
    let state = defaultState(spec)
    state = withFilter(state, 'subject', { type: 'text', op: 'contains', text: 'licence' })
    state = withFilter(state, 'to', { type: 'set', values: ['a@x.example'] })
    state = withSort(state, [
      { col: 'subject', dir: 'asc' },
      { col: 'date', dir: 'desc' },
    ])
    state = withColumnHidden(spec, withColumnMoved(state, 'subject', 0), 'details', true)
    state = withColumnWidth(state, 'subject', 300)
    state = withPageSize(spec, state, 50)
    const saved = toSavedView(spec, state)
    expect(saved).toEqual({
      filterModel: {
        subject: { filterType: 'text', type: 'contains', filter: 'licence' },
        to: { filterType: 'set', values: ['a@x.example'] },
      },
      sortModel: [
        { colId: 'subject', sort: 'asc', sortIndex: 0 },
        { colId: 'date', sort: 'desc', sortIndex: 1 },
      ],
      columnOrder: [
        { colId: 'subject', hide: false, width: 300 },
        { colId: 'details', hide: true },
        { colId: 'date', hide: false },
        { colId: 'to', hide: false },
        { colId: 'count', hide: true },
        { colId: 'key', hide: false },
      ],
      pageSize: 50,
    })
    const { page: _p, ...view } = state
    expect(fromSavedView(spec, saved)).toEqual(view)
  })

  it('reads a stored preference leniently: missing parts default, unknown columns and bad parts go', () => {
    const view = fromSavedView(spec, {
      customerNumber: '1000001',
      tableName: 'testList',
      filterModel: {
        ghost: { filterType: 'text', type: 'contains', filter: 'x' },
        subject: { type: 'weird', filter: 'a' },
        to: 7,
      },
      sortModel: null,
      columnOrder: [{ colId: 'to' }, { colId: 'ghost', hide: true }],
    })
    expect(view).not.toBeNull()
    expect(view!.filters).toEqual({ subject: { type: 'text', op: 'contains', text: 'a' } })
    expect(view!.sort).toEqual([{ col: 'date', dir: 'desc' }])
    expect(view!.columns[0]).toEqual({ id: 'to', hidden: false })
    expect(fromSavedView(spec, null)).toBeNull()
  })

  it('an empty sort model means unsorted', () => {
    expect(fromSavedView(spec, { sortModel: [] })!.sort).toEqual([])
  })

  it('a view equal to the default is recognised as default', () => {
    const view = fromSavedView(spec, { sortModel: [{ colId: 'date', sort: 'desc', sortIndex: 0 }] })!
    expect(isDefaultView(spec, view)).toBe(true)
  })
})

describe('filter dialog selection', () => {
  const listed = ['a', 'b', 'c']

  it('an empty selection or every value means all (no filter)', () => {
    expect(dialogSelection({ listed, ticked: [], search: '' })).toBeNull()
    expect(dialogSelection({ listed, ticked: ['c', 'a', 'b'], search: '' })).toBeNull()
  })

  it('some values filter by those values, in list order, ignoring values not listed', () => {
    expect(dialogSelection({ listed, ticked: ['c', 'a', 'zzz'], search: '' })).toEqual(['a', 'c'])
  })

  it('while searching, the ticked matches and the earlier hidden choices apply', () => {
    expect(dialogSelection({ listed: ['b'], ticked: ['b'], carried: ['a', 'b'], search: 'b' })).toEqual(['a', 'b'])
    expect(dialogSelection({ listed: ['b', 'bb'], ticked: ['b', 'bb'], search: 'b' })).toEqual(['b', 'bb'])
    expect(dialogSelection({ listed: ['b'], ticked: [], search: 'b' })).toBeNull()
  })

  it('applies to the state and reads back', () => {
    const state = withSelection(withPage(defaultState(spec), 2), 'to', ['x'])
    expect(state.filters.to).toEqual({ type: 'set', values: ['x'] })
    expect(state.page).toBe(1)
    expect(currentSelection(state, 'to')).toEqual(['x'])
    expect(currentSelection(withSelection(state, 'to', null), 'to')).toBeNull()
  })

  it('refuses more values than a URL can carry', () => {
    expect(selectionError(Array.from({ length: 201 }, (_, i) => `v${i}`))).toBe('Choose at most 200 values.')
    expect(selectionError(['a'])).toBeNull()
    expect(selectionError(null)).toBeNull()
  })
})

describe('several grids on one page (paramPrefix)', () => {
  const active: GridSpec = { ...spec, paramPrefix: 'a' }
  const inactive: GridSpec = { ...spec, paramPrefix: 'i' }
  const page = 'customer=1&open=active&sort=subject.asc&a.sort=to.desc&a.f.to=in:x&a.page=2&a.size=50&i.f.subject=c:old'

  it('each grid reads only its own parameters', () => {
    expect(parseGridState(active, params(page))).toMatchObject({
      sort: [{ col: 'to', dir: 'desc' }],
      filters: { to: { type: 'set', values: ['x'] } },
      page: 2,
      pageSize: 50,
    })
    expect(parseGridState(inactive, params(page))).toMatchObject({
      sort: [{ col: 'date', dir: 'desc' }],
      filters: { subject: { type: 'text', op: 'contains', text: 'old' } },
      page: 1,
      pageSize: 20,
    })
    // A grid without a prefix reads the bare names and ignores the prefixed ones.
    expect(parse(page)).toMatchObject({ sort: [{ col: 'subject', dir: 'asc' }], filters: {}, page: 1 })
  })

  it('writes its own parameters with the prefix and keeps the other grid’s and the page’s', () => {
    const next = withSort(parseGridState(active, params(page)), [{ col: 'subject', dir: 'asc' }])
    expect(gridParams(active, next, params(page)).toString()).toBe(
      'customer=1&open=active&sort=subject.asc&i.f.subject=c%3Aold&a.sort=subject.asc&a.f.to=in%3Ax&a.size=50',
    )
    const href = gridHref('/elastic', inactive, defaultState(inactive), params(page))
    expect(href).toBe(
      '/elastic?customer=1&open=active&sort=subject.asc&a.sort=to.desc&a.f.to=in%3Ax&a.page=2&a.size=50&i.size=20',
    )
    expect(parseGridState(active, new URL(href, 'http://x').searchParams)).toEqual(parseGridState(active, params(page)))
  })

  it('drops only its own form and dialog parameters', () => {
    const query = params(
      'customer=1&a.filterDialog=to&a.fd.v=x&a.fda=apply&a.ft.subject=x&a.colsForm=1&a.show=date&a.panel=columns&i.panel=columns&i.size=20&panel=columns',
    )
    expect(baseParams(query, active).toString()).toBe('customer=1&i.panel=columns&i.size=20&panel=columns')
    expect(baseParams(query, inactive).toString()).toBe(
      'customer=1&a.filterDialog=to&a.fd.v=x&a.fda=apply&a.ft.subject=x&a.colsForm=1&a.show=date&a.panel=columns&panel=columns',
    )
    expect(isTransientParam('a.fd.q', active)).toBe(true)
    expect(isTransientParam('a.fd.q', inactive)).toBe(false)
    expect(isGridParam('i.f.to', inactive)).toBe(true)
    expect(isGridParam('i.f.to', active)).toBe(false)
    expect(isGridParam('i.f.to')).toBe(false)
  })

  it("leaves the page's one-off steps out of every grid's links, prefixed or not", () => {
    const query = params('customer=1&view=7&rehosted=9&i.page=2&a.page=3&other=x')
    expect(baseParams(query, { ...active, pageSteps: ['view', 'rehosted'] }).toString()).toBe(
      'customer=1&i.page=2&other=x',
    )
    expect(baseParams(query, { ...inactive, pageSteps: ['view', 'rehosted'] }).toString()).toBe(
      'customer=1&a.page=3&other=x',
    )
    expect(baseParams(query, active).toString()).toBe('customer=1&view=7&rehosted=9&i.page=2&other=x')
  })

  it('tells for each grid whether the URL names its view', () => {
    const onlyActive = params('customer=1&a.size=20&i.panel=columns')
    expect(hasViewParams(onlyActive, active)).toBe(true)
    expect(hasViewParams(onlyActive, inactive)).toBe(false)
    expect(hasViewParams(onlyActive)).toBe(false)
    expect(hasViewParams(params('customer=1&size=20'), active)).toBe(false)
  })

  it('the no-JavaScript forms read the grid’s own fields', () => {
    const form = params('a.show=subject&a.show=key&a.move=key.up&show=date&a.ft.subject=x&ft.to=y&i.ft.to=z')
    expect(visibleColumns(active, applyColumnForm(active, defaultState(active), form)).map((c) => c.id)).toEqual([
      'subject',
      'key',
    ])
    expect(applyFilterForm(active, defaultState(active), form).filters).toEqual({
      subject: { type: 'text', op: 'contains', text: 'x' },
    })
  })

  it('a saved view reads back under the prefix', () => {
    const state = withFilter(withPageSize(active, defaultState(active), 50), 'to', { type: 'set', values: ['q'] })
    const { page: _p, ...view } = state
    expect(fromSavedView(active, toSavedView(active, view))).toEqual(view)
  })
})

describe('column criterion hooks', () => {
  const hooked = (criterion: GridSpec['columns'][number]['criterion']): GridSpec => ({
    ...spec,
    columns: spec.columns.map((c) => (c.id === 'subject' ? { ...c, criterion } : c)),
  })
  const filtered = (s: GridSpec, text: string) =>
    toPageRequest(s, withFilter(defaultState(s), 'subject', { type: 'text', op: 'contains', text })).filter

  it('a list of criteria all hold, next to the other columns’ filters', () => {
    const s = hooked(() => [
      { name: 'VersionDate', method: 'EQUALS', value: '2027-01-01' },
      { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' },
    ])
    const state = withFilter(
      withFilter(defaultState(s), 'subject', { type: 'text', op: 'contains', text: 'm' }),
      'to',
      { type: 'set', values: ['x'] },
    )
    expect(toPageRequest(s, state).filter).toEqual({
      condition: 'ALL',
      criteria: [
        { name: 'VersionDate', method: 'EQUALS', value: '2027-01-01' },
        { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' },
        { name: 'to', method: 'IN', value: ['x'] },
      ],
    })
  })

  it('null falls back to the plain text criterion', () => {
    const s = hooked((f) =>
      f.text === 'permanent' ? { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' } : null,
    )
    expect(filtered(s, 'abc')).toEqual({
      condition: 'ALL',
      criteria: [{ name: 'subject', method: 'CONTAINS', value: 'abc', casefold: true }],
    })
    expect(filtered(s, 'permanent')?.criteria).toEqual([
      { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' },
    ])
  })
})

describe('view extras (page-level state of the view, e.g. a date range)', () => {
  const RANGES = ['1d', '5d', 'max']
  const extras: ViewExtrasSpec = {
    names: ['range', 'active'],
    parse(own) {
      const out: Record<string, string> = {}
      const range = own.get('range')
      if (range && RANGES.includes(range) && range !== '1d') out.range = range
      if (own.get('active') === '1') out.active = '1'
      return out
    },
    toSaved: (values) => ({ dateRange: values.range ?? '1d', activeOnly: values.active === '1' }),
    fromSaved: (saved) => ({
      ...(typeof saved.dateRange === 'string' ? { range: saved.dateRange } : {}),
      ...(saved.activeOnly === true ? { active: '1' } : {}),
    }),
    transient: ['confirm'],
  }
  const withExtrasSpec: GridSpec = { ...spec, viewExtras: extras }
  const parseX = (s: string) => parseGridState(withExtrasSpec, params(s))

  it('are read from the URL, checked, with the defaults left out', () => {
    expect(parseX('range=5d&active=1').extras).toEqual({ range: '5d', active: '1' })
    expect(parseX('range=1d&active=0').extras).toEqual({})
    expect(parseX('range=century').extras).toEqual({})
    expect(parse('range=5d').extras).toBeUndefined()
  })

  it('name a view, and are written with the grid’s other parameters', () => {
    expect(hasViewParams(params('customer=1&range=5d'), withExtrasSpec)).toBe(true)
    expect(hasViewParams(params('customer=1&range=5d'), spec)).toBe(false)
    expect(gridHref('/t', withExtrasSpec, parseX('active=1&range=max&customer=1'), params('customer=1'))).toBe(
      '/t?customer=1&size=20&range=max&active=1',
    )
    expect(isGridParam('range', withExtrasSpec)).toBe(true)
  })

  it('count for Reset View, which returns them to their defaults; Clear Filters keeps them', () => {
    expect(canResetView(withExtrasSpec, parseX('range=1d'))).toBe(false)
    expect(canResetView(withExtrasSpec, parseX('range=5d'))).toBe(true)
    expect(canResetView(withExtrasSpec, parseX('active=1'))).toBe(true)
    expect(defaultState(withExtrasSpec).extras).toEqual({})
    const filtered = parseX('range=5d&f.subject=c:x')
    expect(withoutFilters(filtered).extras).toEqual({ range: '5d' })
    expect(viewKey(withExtrasSpec, parseX('range=5d'))).not.toBe(viewKey(withExtrasSpec, parseX('range=max')))
  })

  it('change through withExtras, canonically and back on page 1', () => {
    const state = parseX('range=5d&page=3')
    expect(withExtras(withExtrasSpec, state, { range: '1d', active: '1' })).toMatchObject({
      extras: { active: '1' },
      page: 1,
    })
    expect(withExtras(withExtrasSpec, parseX('active=1'), { active: '' }).extras).toEqual({})
  })

  it('are stored in the saved view in fields of their own, and restored from them', () => {
    const saved = toSavedView(withExtrasSpec, parseX('range=max&active=1'))
    expect(saved).toMatchObject({ dateRange: 'max', activeOnly: true })
    expect(fromSavedView(withExtrasSpec, saved)?.extras).toEqual({ range: 'max', active: '1' })
    expect(toSavedView(withExtrasSpec, parseX('range=1d'))).toBeNull()
    expect(fromSavedView(withExtrasSpec, { dateRange: 'nonsense', activeOnly: 'yes' })?.extras).toEqual({})
  })

  it('step parameters of the page are never part of a view or a grid link', () => {
    expect(isTransientParam('confirm', withExtrasSpec)).toBe(true)
    expect(baseParams(params('customer=1&confirm=5d&range=5d&dl=1'), withExtrasSpec).toString()).toBe('customer=1&dl=1')
  })
})
