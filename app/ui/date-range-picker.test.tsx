/**
 * The picker's markup as the server sends it, i.e. as it works without
 * JavaScript: every control a link whose address carries the new state.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { STATEMENT_PRESETS, USAGE_PRESETS } from '../domain/date-presets'
import { DateRangePicker, type DateRangePickerProps } from './date-range-picker'
import { dateRangeSearch, readPickerState, type DateRangeChange } from './date-range-params'

const SEARCH = '?customer=1000001&range=1m'
const hrefFor = (change: DateRangeChange) => `/transactions${dateRangeSearch(SEARCH, change)}`

function render(props: Partial<DateRangePickerProps> = {}) {
  return renderToStaticMarkup(
    <DateRangePicker
      presets={USAGE_PRESETS}
      current={{ preset: '1m' }}
      picker={null}
      today="2026-10-14"
      hrefFor={hrefFor}
      {...props}
    />,
  )
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

function attributes(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, decode(value)]))
}

/** The links of the markup: their attributes and their text without tags. */
function links(html: string): Record<string, string | undefined>[] {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attrs, inner]) => ({
    ...attributes(attrs),
    text: decode(inner.replace(/<[^>]*>/g, '')),
  }))
}

function link(html: string, name: string) {
  const found = links(html).filter((l) => l['aria-label'] === name || l.text === name)
  expect(found, name).toHaveLength(1)
  return found[0]
}

const open = (query: string) => readPickerState(new URLSearchParams(`picker=custom&${query}`))

describe('the date menu', () => {
  it('links every preset in order to the page with that range', () => {
    const html = render()
    const presetLinks = links(html).slice(0, USAGE_PRESETS.length)
    expect(presetLinks.map((l) => l.text)).toEqual(USAGE_PRESETS.map((p) => p.label))
    expect(link(html, 'Max').href).toBe('/transactions?customer=1000001&range=max')
    expect(link(html, 'Last quarter').href).toBe('/transactions?customer=1000001&range=lastQuarter')
  })

  it('marks the current preset, and only it, and names it on the menu', () => {
    const html = render({ current: { preset: '5y' } })
    expect(links(html).filter((l) => l['aria-current'])).toEqual([expect.objectContaining({ text: '5 Years' })])
    expect(html).toMatch(/<summary[^>]*>.*Date range: <strong>5 Years<\/strong>/)
  })

  it('marks Custom when the view has a custom range', () => {
    const html = render({ current: { from: '2026-10-05', to: '2026-10-20' } })
    expect(links(html).filter((l) => l['aria-current'])).toEqual([expect.objectContaining({ text: 'Custom' })])
    expect(html).toContain('Date range: <strong>Custom</strong>')
  })

  it('holds only the presets it is given', () => {
    const html = render({ presets: STATEMENT_PRESETS, current: { preset: 'lastMonth' } })
    expect(links(html).map((l) => l.text)).toEqual([...STATEMENT_PRESETS.map((p) => p.label), 'Custom'])
  })

  it('opens the calendar with Custom, through a link, and shows no calendar until then', () => {
    const html = render()
    expect(html).not.toContain('<table')
    expect(link(html, 'Custom').href).toBe('/transactions?customer=1000001&range=1m&picker=custom#date-range-calendar')
  })
})

describe('the calendar', () => {
  it('shows two months, Monday first, from the month in the address', () => {
    const html = render({ picker: open('cal=2026-12') })
    expect([...html.matchAll(/<caption[^>]*>(.*?)<\/caption>/g)].map((m) => m[1])).toEqual([
      'December 2026',
      'January 2027',
    ])
    expect([...html.matchAll(/<abbr title="(\w+)"/g)].slice(0, 7).map((m) => m[1])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
    expect(link(html, 'Sunday, 31 January 2027').text).toBe('31')
  })

  it('opens on the month before the one of the range end, or of today, or on the start', () => {
    const caption = (html: string) => /<caption[^>]*>(.*?)<\/caption>/.exec(html)?.[1]
    expect(caption(render({ picker: open('') }))).toBe('September 2026')
    expect(caption(render({ picker: open(''), current: { from: '2026-01-05', to: '2026-03-02' } }))).toBe(
      'February 2026',
    )
    expect(caption(render({ picker: open('ps=2025-06-30') }))).toBe('June 2025')
  })

  it('links each day to the picks a click on it makes, keeping the month', () => {
    const html = render({ picker: open('cal=2026-10&ps=2026-10-05') })
    expect(link(html, 'Tuesday, 20 October 2026').href).toBe(
      '/transactions?customer=1000001&range=1m&picker=custom&cal=2026-10&ps=2026-10-05&pe=2026-10-20#date-range-calendar',
    )
    expect(link(html, 'Thursday, 1 October 2026').href).toBe(
      '/transactions?customer=1000001&range=1m&picker=custom&cal=2026-10&ps=2026-10-01#date-range-calendar',
    )
  })

  it('moves a month back and forth, keeping the picks', () => {
    const html = render({ picker: open('cal=2026-12&ps=2026-12-05') })
    expect(link(html, 'Previous month').href).toBe(
      '/transactions?customer=1000001&range=1m&picker=custom&cal=2026-11&ps=2026-12-05#date-range-calendar',
    )
    expect(link(html, 'Next month').href).toBe(
      '/transactions?customer=1000001&range=1m&picker=custom&cal=2027-01&ps=2026-12-05#date-range-calendar',
    )
  })

  it('marks the picks and the days between them, and says what is picked', () => {
    const html = render({ picker: open('cal=2026-10&ps=2026-10-30&pe=2026-11-02') })
    const marked = [...html.matchAll(/<td[^>]*data-pick="(\w+)"[^>]*>.*?aria-label="([^"]+)"/g)].map((m) => [
      m[2],
      m[1],
    ])
    expect(marked).toEqual([
      ['Friday, 30 October 2026', 'start'],
      ['Saturday, 31 October 2026', 'between'],
      ['Sunday, 1 November 2026', 'between'],
      ['Monday, 2 November 2026', 'end'],
    ])
    expect(html).toContain('Start: Friday, 30 October 2026. End: Monday, 2 November 2026.')
    expect(link(html, 'Wednesday, 14 October 2026')['aria-current']).toBe('date')
  })

  it('makes Okay a link applying the range only when both days are picked', () => {
    const complete = render({ picker: open('cal=2026-10&ps=2026-10-05&pe=2026-10-20') })
    expect(link(complete, 'Okay').href).toBe('/transactions?customer=1000001&from=2026-10-05&to=2026-10-20')

    for (const query of ['cal=2026-10', 'cal=2026-10&ps=2026-10-05']) {
      const html = render({ picker: open(query) })
      expect(links(html).some((l) => l.text === 'Okay')).toBe(false)
      expect(html).toMatch(/<button type="button" disabled="" class="btn-primary">Okay<\/button>/)
    }
  })

  it('links Cancel to the page with the calendar closed and no picks', () => {
    const html = render({ picker: open('cal=2026-10&ps=2026-10-05&pe=2026-10-20') })
    expect(link(html, 'Cancel').href).toBe('/transactions?customer=1000001&range=1m')
  })
})
