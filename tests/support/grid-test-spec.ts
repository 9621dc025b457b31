/** A small list used by the grid's tests (server helper and browser cache). */
import type { GridSpec } from '../../app/grid/grid-state'

export type TestRow = { id: number; subject: string; to: string }

export const testSpec: GridSpec<TestRow> = {
  tableName: 'testList',
  columns: [
    { id: 'subject', header: 'Subject', field: 'subject', textFilter: 'contains-equals', sortable: true },
    { id: 'to', header: 'To', field: 'to', textFilter: 'contains-equals', setFilter: true, sortable: true },
  ],
  defaultSort: [{ col: 'subject', dir: 'asc' }],
  pageSizes: [10, 20],
  defaultPageSize: 10,
  exportLimit: 100,
}
