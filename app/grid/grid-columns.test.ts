import { describe, expect, it } from 'vitest'
import {
  columnKind,
  columnWidthStyle,
  headerWidthStyle,
  minimumRowWidthRem,
  sortLinkLabel,
  type GridColumnKind,
} from './grid-columns'
import type { GridColumnSpec } from './grid-state'

describe('columnKind', () => {
  it('takes the declared kind', () => {
    expect(columnKind({ kind: 'date', field: 'date' })).toBe('date')
    expect(columnKind({ kind: 'checkbox' })).toBe('checkbox')
  })
  it('treats a column without a field as a link column and one with a field as text', () => {
    expect(columnKind({})).toBe('link')
    expect(columnKind({ field: 'subject' })).toBe('text')
  })
})

describe('columnWidthStyle', () => {
  it('keeps dates and numbers on one line and as narrow as their content', () => {
    expect(columnWidthStyle('date')).toEqual({ width: '1%', minWidth: '9rem', whiteSpace: 'nowrap' })
    expect(columnWidthStyle('number')).toEqual({
      width: '1%',
      minWidth: '6rem',
      whiteSpace: 'nowrap',
      textAlign: 'right',
      fontVariantNumeric: 'tabular-nums',
    })
  })
  it('keeps short text (a code, a word or two) on one line and as narrow as its content', () => {
    expect(columnWidthStyle('short')).toEqual({ width: '1%', minWidth: '7rem', whiteSpace: 'nowrap' })
  })
  it('keeps link and checkbox columns narrow', () => {
    expect(columnWidthStyle('link')).toEqual({ width: '1%', minWidth: '4rem', whiteSpace: 'nowrap' })
    expect(columnWidthStyle('checkbox')).toEqual({ width: '1%', minWidth: '3rem', whiteSpace: 'nowrap' })
  })
  it('lets text take the rest of the row, never below 12rem, breaking long words', () => {
    const style = columnWidthStyle('text')
    expect(style).toEqual({ minWidth: '12rem', overflowWrap: 'anywhere' })
    expect(style.width).toBeUndefined()
  })
  it('gives a saved width precedence over the kind, narrower or wider', () => {
    for (const kind of ['text', 'short', 'date', 'link', 'checkbox'] as const) {
      expect(columnWidthStyle(kind, 90)).toEqual({
        width: '90px',
        minWidth: '90px',
        maxWidth: '90px',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      })
    }
    expect(columnWidthStyle('number', 400)).toMatchObject({ width: '400px', minWidth: '400px', textAlign: 'right' })
  })
  it('sizes a header like its cells but lets the header text wrap', () => {
    expect(headerWidthStyle('date')).toEqual({ width: '1%', minWidth: '9rem', maxWidth: undefined })
    expect(headerWidthStyle('text', 250)).toEqual({ width: '250px', minWidth: '250px', maxWidth: '250px' })
  })
  it('aligns a number heading to the right, over its figures', () => {
    expect(headerWidthStyle('number')).toEqual({
      width: '1%',
      minWidth: '6rem',
      maxWidth: undefined,
      textAlign: 'right',
    })
  })
})

describe('a fourteen-column list like Usage Transactions', () => {
  type Tx = Record<string, string>
  const columns: GridColumnSpec<Tx>[] = [
    { id: 'date', header: 'Date', field: 'date', kind: 'date' },
    { id: 'feature', header: 'Feature', field: 'feature' },
    { id: 'product', header: 'Product', field: 'product' },
    { id: 'user', header: 'User', field: 'user' },
    { id: 'host', header: 'Host', field: 'host' },
    { id: 'count', header: 'Count', field: 'count', kind: 'number' },
    { id: 'units', header: 'Units', field: 'units', kind: 'number' },
    { id: 'rate', header: 'Rate', field: 'rate', kind: 'number' },
    { id: 'start', header: 'Start', field: 'start', kind: 'date' },
    { id: 'end', header: 'End', field: 'end', kind: 'date' },
    { id: 'duration', header: 'Duration', field: 'duration', kind: 'number' },
    { id: 'server', header: 'License Server', field: 'server' },
    { id: 'version', header: 'Version', field: 'version', kind: 'number' },
    { id: 'details', header: 'Details' },
  ]
  const kinds = columns.map((c) => columnKind(c))

  it('derives or takes a kind for every column', () => {
    expect(kinds).toEqual([
      'date',
      'text',
      'text',
      'text',
      'text',
      'number',
      'number',
      'number',
      'date',
      'date',
      'number',
      'text',
      'number',
      'link',
    ] satisfies GridColumnKind[])
  })
  it('needs more than a phone or a zoomed laptop offers, so it scrolls in its container', () => {
    // 16px a rem: 390px is about 24rem, 900px about 56rem.
    expect(minimumRowWidthRem(kinds)).toBeGreaterThan(56)
  })
  it('never lets a number or date wrap and never squeezes a text column below its minimum', () => {
    for (const kind of kinds) {
      const style = columnWidthStyle(kind)
      if (kind === 'number' || kind === 'date') expect(style.whiteSpace).toBe('nowrap')
      if (kind === 'text') expect(style.minWidth).toBe('12rem')
    }
  })
})

describe('sortLinkLabel', () => {
  it('says what a click does', () => {
    expect(sortLinkLabel('Date', 'desc')).toBe('Sort by Date, descending')
    expect(sortLinkLabel('Subject', 'asc')).toBe('Sort by Subject, ascending')
    expect(sortLinkLabel('To', null)).toBe('Remove sort by To')
  })
})
