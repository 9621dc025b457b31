import { describe, expect, it } from 'vitest'
import {
  cellText,
  columnCriteria,
  parseGridState,
  columnById,
  fromSavedView,
  gridHref,
  setValueMatches,
  setValueText,
  toSavedView,
  withExtras,
  withPage,
  withSort,
} from './grid-state'
import {
  durationCriterion,
  webTransactionCriteria,
  webTransactionsGrid,
  webTransactionsGroup,
  webTransactionsRange,
} from './web-transactions'
import { webTransactionsHref } from '../web-usage/transactions-href'
import { DENIAL_TEXTS } from '../domain/web-seats'
import type { WebTransactionRow } from '../../api/contract/web-transactions'

const row: WebTransactionRow = {
  id: 1,
  at: Date.UTC(2026, 4, 3, 14, 5),
  time: '2026-05-03 14:05:00',
  user: 'ana@acme.example',
  product: 'Ansys Discovery',
  activationId: 'WEB-1',
  licenseType: 'SHARED_WEB',
  outcome: 'denied',
  reason: 'no-free-seat',
  durationMs: null,
  durationMinutes: null,
  clientHost: 'ws-1',
  productVersion: '2025 R2',
}

const column = (id: string) => columnById(webTransactionsGrid, id)!

describe('the Web Transactions grid', () => {
  it('opens a link of the contract with its filters and days', () => {
    const href = webTransactionsHref({
      customer: '1000001',
      user: 'ana@acme.example',
      activationId: 'WEB-1',
      outcome: 'denied',
      reason: 'no-free-seat',
      from: '2026-05-01',
      to: '2026-05-31',
    })
    const state = parseGridState(webTransactionsGrid, new URL(href, 'http://portal.local').searchParams)
    expect(state.filters).toEqual({
      user: { type: 'text', op: 'equals', text: 'ana@acme.example' },
      activationId: { type: 'text', op: 'equals', text: 'WEB-1' },
      outcome: { type: 'set', values: ['denied'] },
      reason: { type: 'set', values: ['no-free-seat'] },
    })
    expect(webTransactionsRange.choice(state.extras)).toEqual({ from: '2026-05-01', to: '2026-05-31' })
  })

  it('keeps a linked group through paging, sorting and the saved view, and drops it on request', () => {
    const spec = webTransactionsGrid
    const href = webTransactionsHref({ customer: '1000001', group: 'Design', from: '2026-05-01', to: '2026-05-31' })
    const state = parseGridState(spec, new URL(href, 'http://portal.local').searchParams)
    expect(webTransactionsGroup(state.extras)).toBe('Design')
    const range = { from: Date.UTC(2026, 4, 1), to: Date.UTC(2026, 5, 1) }
    expect(webTransactionCriteria(range, webTransactionsGroup(state.extras))).toContainEqual({
      name: 'group',
      method: 'EQUALS',
      value: 'Design',
    })
    const reread = (next: typeof state) =>
      parseGridState(spec, new URL(gridHref('/webtransactions', spec, next), 'http://portal.local').searchParams)
    expect(webTransactionsGroup(reread(withPage(state, 3)).extras)).toBe('Design')
    expect(webTransactionsGroup(reread(withSort(state, [{ col: 'user', dir: 'asc' }])).extras)).toBe('Design')
    const saved = toSavedView(spec, state)
    expect(saved).toMatchObject({ group: 'Design', startDate: '2026-05-01', endDate: '2026-05-31' })
    expect(webTransactionsGroup(fromSavedView(spec, JSON.parse(JSON.stringify(saved)))?.extras)).toBe('Design')
    const cleared = withExtras(spec, state, { group: '' })
    expect(webTransactionsGroup(cleared.extras)).toBeNull()
    expect(webTransactionsRange.choice(cleared.extras)).toEqual({ from: '2026-05-01', to: '2026-05-31' })
    expect(webTransactionCriteria(range, null).some((c) => c.name === 'group')).toBe(false)
  })

  it('lists the coded values of its set filters in the words of the cells, searchable by either', () => {
    expect(setValueText(column('outcome'), 'denied')).toBe('Denied')
    expect(setValueText(column('licenseType'), 'SHARED_WEB')).toBe('Shared Web')
    expect(setValueText(column('reason'), 'no-free-seat')).toBe(DENIAL_TEXTS['no-free-seat'])
    expect(setValueText(column('reason'), '')).toBe('(empty)')
    expect(setValueText(column('product'), 'Ansys Discovery')).toBe('Ansys Discovery')
    expect(setValueMatches(column('reason'), 'no-free-seat', 'EVERY SEAT')).toBe(true)
    expect(setValueMatches(column('reason'), 'no-free-seat', 'free-seat')).toBe(true)
    expect(setValueMatches(column('outcome'), 'granted', 'denied')).toBe(false)
    // The codes stay what a chosen value sends.
    const state = parseGridState(webTransactionsGrid, new URLSearchParams('f.outcome=in:denied'))
    expect(columnCriteria(column('outcome'), state.filters.outcome)).toEqual([
      { name: 'outcome', method: 'IN', value: ['denied'] },
    ])
  })

  it('shows a denial’s reason, the outcome and the licence type in words', () => {
    expect(cellText(column('reason'), row)).toBe(DENIAL_TEXTS['no-free-seat'])
    expect(cellText(column('outcome'), row)).toBe('Denied')
    expect(cellText(column('licenseType'), row)).toBe('Shared Web')
    expect(cellText(column('duration'), { ...row, durationMinutes: 75.5 })).toBe('75.5')
    expect(cellText(column('duration'), row)).toBe('')
  })

  it('reads a duration filter as minutes or a comparison', () => {
    expect(durationCriterion({ text: '30' }, 'durationMinutes')).toEqual({
      name: 'durationMinutes',
      method: 'EQUALS',
      value: 30,
    })
    expect(durationCriterion({ text: '>= 1,200' }, 'durationMinutes')).toMatchObject({ method: '>=', value: 1200 })
    expect(durationCriterion({ text: '<5' }, 'durationMinutes')).toMatchObject({ method: '<', value: 5 })
    expect(durationCriterion({ text: 'long' }, 'durationMinutes')).toMatchObject({ value: 'long' })
  })

  it('reads partial date text on the time as the range it stands for', () => {
    const [criterion] = columnCriteria(column('time'), { type: 'text', op: 'contains', text: '2026-05-03' })
    expect(criterion).toEqual({ name: 'at', method: 'RANGE', value: [Date.UTC(2026, 4, 3), Date.UTC(2026, 4, 4) - 1] })
  })
})
