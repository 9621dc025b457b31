/**
 * The pie chart and the statement header as the server sends them.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MAX_NAMED_SLICES } from '../../view/pie-slices'
import type { StatementData } from '../../domain/statement-types'
import { StatementHeader, StatementHeaderFallback } from './statement-header'
import { OTHER_COLOR, PIE_COLORS } from './statement-pie'
import { StatementPieFrame } from './statement-pie-frame'
import { statementPieMarkup } from './statement-pie.server'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/** The rows of the text alternative, each as its cells' text. */
function tableRows(html: string): string[][] {
  const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'))
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1])),
  )
}

function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  return 1.05 / (luminance + 0.05)
}

describe('statementPieMarkup', () => {
  const markup = statementPieMarkup({
    id: 'po-1',
    title: 'PO 4711: Period Used by product',
    currency: 'AEU',
    slices: [
      { label: 'mechanical', value: 1234.5 },
      { label: 'fluent', value: 2469 },
      { label: 'hfss', value: 0 },
      { label: 'icepak', value: 1234.5 },
    ],
  })

  it('draws one SVG slice per positive amount, labelled as a chart that points at its table', () => {
    expect(markup.match(/<svg[^>]*role="img"/g)).toHaveLength(1)
    expect(markup).toContain(
      'aria-label="Pie chart: PO 4711: Period Used by product. Its figures are in the table that follows."',
    )
    expect([...markup.matchAll(/data-slice="([^"]+)"/g)].map((m) => m[1])).toEqual(['fluent', 'icepak', 'mechanical'])
    expect(markup.match(/<path /g)).toHaveLength(3)
    // Each slice is large enough to show its share on it.
    expect(markup).toMatch(/<text[^>]*>50.0 %<\/text>/)
  })

  it('gives a visible table with the title as caption, the amounts with the currency and shares adding to 100 %', () => {
    expect(markup).toContain(
      '<caption class="text-left font-semibold text-gray-900">PO 4711: Period Used by product</caption>',
    )
    expect(markup).not.toMatch(/<table[^>]*(sr-only|hidden)/)
    expect(tableRows(markup)).toEqual([
      ['Product', 'Period Used', 'Share'],
      ['fluent', '2,469.00 AEU', '50.0 %'],
      ['icepak', '1,234.50 AEU', '25.0 %'],
      ['mechanical', '1,234.50 AEU', '25.0 %'],
      ['Total', '4,938.00 AEU', '100.0 %'],
    ])
  })

  it('names the products folded into Other, in grey', () => {
    const many = statementPieMarkup({
      id: 'many',
      title: 'Usage by Product',
      currency: 'AEU',
      slices: Array.from({ length: 11 }, (_, i) => ({ label: `p${String(i).padStart(2, '0')}`, value: 100 - i })),
    })
    const rows = tableRows(many)
    expect(rows).toHaveLength(1 + 9 + 1)
    expect(rows[9]).toEqual(['Other (3 products)', '273.00 AEU', '26.1 %'])
    expect(many).toContain(`fill="${OTHER_COLOR}"`)
  })

  it('says there is no usage instead of drawing an empty circle', () => {
    const none = statementPieMarkup({ id: 'none', title: 'Usage by Product', currency: 'AEU', slices: [] })
    expect(none).not.toContain('<svg')
    expect(text(none)).toBe('Usage by Product: no usage in this period.')
  })

  it('colours every slice at 4.5:1 or more against white, neighbours different', () => {
    for (const color of [...PIE_COLORS, OTHER_COLOR]) expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5)
    expect(new Set([...PIE_COLORS, OTHER_COLOR]).size).toBe(PIE_COLORS.length + 1)
    // The most slices a pie names (the ninth is named when it is the only one left) never share a colour.
    expect(PIE_COLORS.length).toBeGreaterThanOrEqual(MAX_NAMED_SLICES + 1)
  })

  it('is shown by the frame as it came', () => {
    expect(renderToStaticMarkup(<StatementPieFrame markup={markup} />)).toBe(
      `<div class="statement-pie-frame">${markup}</div>`,
    )
  })
})

describe('StatementHeader', () => {
  const statement: StatementData = {
    Customer: {
      ReportDate: '2026-11-23',
      CustomerNumber: '1000001',
      CustomerName: 'Acme Aerospace',
      From: '2026-10-01',
      To: '2026-10-31',
    },
    Records: [],
    Products: [],
  }

  it('shows the title, report date, customer, period and when sessions are charged', () => {
    const html = renderToStaticMarkup(<StatementHeader statement={statement} />)
    expect(html).toMatch(/^<header[^>]*><h2[^>]*>Elastic Licensing Summary Statement<\/h2>/)
    expect(text(html)).toBe(
      'Elastic Licensing Summary Statement Report Date 2026-11-23 Customer 1000001 - Acme Aerospace ' +
        'Period Start 2026-10-01 Period End 2026-10-31 Sessions are charged in the period in which they end.',
    )
  })

  it('looks the same from the request’s figures when the statement failed', () => {
    const fallback = renderToStaticMarkup(
      <StatementHeaderFallback
        customerNumber="1000001"
        customerName="Acme Aerospace"
        from="2026-10-01"
        to="2026-10-31"
        today="2026-11-23"
      />,
    )
    expect(fallback).toBe(renderToStaticMarkup(<StatementHeader statement={statement} />))
  })
})
