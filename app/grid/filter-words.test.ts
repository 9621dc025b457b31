import { describe, expect, it } from 'vitest'
import { defaultView, type GridSpec, type GridView } from './grid-state'
import { filterWords } from './filter-words'

const spec: GridSpec = {
  tableName: 'testList',
  columns: [
    { id: 'subject', header: 'Subject', field: 'subject', textFilter: 'contains-equals' },
    {
      id: 'state',
      header: 'Status',
      field: 'state',
      setFilter: true,
      setValueLabel: (v) => ({ active: 'Active', suspended: 'Suspended', denied: 'Denied' })[v] ?? v,
    },
    { id: 'count', header: 'Count', field: 'count', textFilter: 'equals' },
  ],
  defaultSort: [],
  pageSizes: [20],
  defaultPageSize: 20,
  exportLimit: 1000,
}

const view = (filters: GridView['filters']): GridView => ({ ...defaultView(spec), filters })

describe('a grid’s filters in words', () => {
  it('names the column and what a text filter keeps', () => {
    expect(
      filterWords(
        spec,
        view({
          subject: { type: 'text', op: 'contains', text: 'renewal' },
          count: { type: 'text', op: 'equals', text: '3' },
        }),
      ),
    ).toEqual([
      { colId: 'subject', column: 'Subject', words: 'contains “renewal”' },
      { colId: 'count', column: 'Count', words: 'is “3”' },
    ])
  })

  it('lists a value filter’s values in the column’s words, the empty value as (empty)', () => {
    const words = (values: string[]) => filterWords(spec, view({ state: { type: 'set', values } }))[0]!.words
    expect(words(['active'])).toBe('is Active')
    expect(words(['active', 'suspended'])).toBe('is Active or Suspended')
    expect(words(['active', 'suspended', ''])).toBe('is Active, Suspended or (empty)')
    expect(words([])).toBe('has no value chosen')
  })

  it('follows the order of the view’s columns, not the order the filters were set in', () => {
    const moved: GridView = {
      ...view({
        subject: { type: 'text', op: 'contains', text: 'a' },
        count: { type: 'text', op: 'equals', text: '1' },
      }),
      columns: [
        { id: 'count', hidden: false },
        { id: 'state', hidden: false },
        { id: 'subject', hidden: true },
      ],
    }
    expect(filterWords(spec, moved).map((f) => f.column)).toEqual(['Count', 'Subject'])
  })
})
