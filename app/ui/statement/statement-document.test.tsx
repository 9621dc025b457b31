/**
 * The printed statement's document and its page templates, as the printer gets them.
 */
import { describe, expect, it } from 'vitest'
import { PO_FIELD, type StatementData, type StatementRecord } from '../../domain/statement-types'
import { statementPdfHtml, statementPrintOptions } from '../../statement/statement-pdf.server'
import { statementFooterTemplate, statementHeaderTemplate } from './statement-document'

function record(po: string, used: number, currency: string, products: [string, number][]): StatementRecord {
  return {
    [PO_FIELD]: po,
    ActivationId: `ACT-${po}`,
    StartDate: '2026-01-01',
    EndDate: '2026-12-31',
    BalanceBeforeStart: 1000,
    BalanceAtEnd: 1000 - used,
    Used: used,
    Currency: currency,
    LineItemQuantity: 1000,
    TotalUsed: used,
    Products: products.map(([product, total]) => ({ product, total, currency })),
  }
}

const statement: StatementData = {
  Customer: {
    ReportDate: '2026-11-23',
    CustomerNumber: '1000001',
    CustomerName: 'Acme <Aero> & Sons',
    From: '2026-10-01',
    To: '2026-10-31',
  },
  Records: [
    record('PO-1', 1234.56, 'AEU', [
      ['fluent', 1000],
      ['hfss', 234.56],
    ]),
    record('PO-2', 0, 'AEU', []),
    record('PO-3', 10.1, 'USD', [['fluent', 10.1]]),
  ],
  Products: [
    { product: 'fluent', total: 1000, currency: 'AEU' },
    { product: 'hfss', total: 234.56, currency: 'AEU' },
    { product: 'fluent', total: 10.1, currency: 'USD' },
  ],
}

const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

describe('statementPdfHtml', () => {
  const html = statementPdfHtml(statement)

  it('is a complete document with its print stylesheet and nothing to fetch or run', () => {
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/><title>/)
    expect(html).toContain('@page { size: A4;')
    expect(html).toContain('thead { display: table-header-group; }')
    expect(html).toMatch(/tr, tbody \{ break-inside: avoid; \}/)
    expect(html).not.toMatch(/<script|<link|<img|src=|href=/)
    expect(html).not.toMatch(/<nav/)
  })

  it('starts with the page’s header and the period’s totals per currency', () => {
    const start = text(html.slice(html.indexOf('<main>'), html.indexOf('Usage by Purchase Order')))
    expect(start).toBe(
      'Elastic Licensing Summary Statement Report Date 2026-11-23 Customer 1000001 - Acme <Aero> & Sons ' +
        'Period Start 2026-10-01 Period End 2026-10-31 Sessions are charged in the period in which they end. ' +
        'Purchase Orders 3 Total Period Used 1,234.56 AEU 10.10 USD',
    )
  })

  it('lists each purchase order with the spec’s columns, its products and pie, and the totals', () => {
    const table = html.slice(html.indexOf('<table class="records">'), html.indexOf('Usage by Product'))
    expect(text(table.slice(0, table.indexOf('</thead>')))).toBe(
      'PO Entitlement Start Date Expiration Date Balance on Period Start Date Balance on Period End Date Period Used Currency',
    )
    expect(text(table)).toContain(
      'PO-1 ACT-PO-1 2026-01-01 2026-12-31 1,000.00 -234.56 1,234.56 AEU Products of PO PO-1 (ACT-PO-1) ' +
        'Product Period Used Currency fluent 1,000.00 AEU hfss 234.56 AEU Total 1,234.56 AEU',
    )
    expect(text(table)).toContain('Products of PO PO-2 (ACT-PO-2): no usage in this period.')
    expect(text(table)).toMatch(/Total Period Used 1,234.56 AEU Total Period Used 10.10 USD$/)
    expect(table.match(/<svg[^>]*role="img"/g)).toHaveLength(2)
  })

  it('shows Usage by Product with one table and pie per currency', () => {
    const products = html.slice(html.indexOf('<h2 id="usage-by-product">'))
    expect(text(products)).toMatch(
      /^Usage by Product Period Used by product \(AEU\) Product Period Used Currency fluent 1,000.00 AEU hfss 234.56 AEU Total 1,234.56 AEU .* Period Used by product \(USD\) Product Period Used Currency fluent 10.10 USD/,
    )
    expect(products.match(/<svg[^>]*role="img"/g)).toHaveLength(2)
  })

  it('leaves Usage by Product out when no product was used', () => {
    const quiet = statementPdfHtml({ ...statement, Records: [record('PO-2', 0, 'AEU', [])], Products: [] })
    expect(quiet).not.toContain('Usage by Product')
    expect(text(quiet)).toContain('Total Period Used 0.00')
  })
})

describe('the page templates', () => {
  it('repeat the title line with the customer and period, escaped, and number the pages', () => {
    expect(text(statementHeaderTemplate(statement))).toBe(
      'Elastic Licensing Summary Statement — 1000001 Acme <Aero> & Sons — 2026-10-01 to 2026-10-31',
    )
    expect(statementHeaderTemplate(statement)).toContain('Acme &lt;Aero&gt; &amp; Sons')
    expect(statementFooterTemplate()).toMatch(
      /Page <span class="pageNumber"><\/span> of <span class="totalPages"><\/span>/,
    )
    for (const template of [statementHeaderTemplate(statement), statementFooterTemplate()])
      expect(template).toMatch(/^<div style="[^"]*font-size:8px/)
    expect(statementPrintOptions(statement)).toMatchObject({ format: 'A4', margin: { top: '22mm' } })
  })
})
