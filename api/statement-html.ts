/**
 * A statement as a complete HTML document that reads the same in an e-mail
 * client, in the portal's outbox (which keeps only inline styles and plain
 * tables) and printed to PDF: the header, the records with their balances and
 * the products they were used for. Every text from the data is escaped.
 */
import { formatNumber } from '../app/domain/entitlements'
import type { StatementData, StatementProductTotal, StatementRecord } from '../app/domain/statement-types'
import { PO_FIELD } from '../app/domain/statement-types'
import { escapeHtml } from '../server/oidc/views'

export const STATEMENT_TITLE = 'Elastic Licensing Summary Statement'
export const CHARGED_WHEN_ENDED = 'Sessions are charged in the period in which they end.'

/** An amount as the statement shows it: thousands commas and 2 decimals. */
export const statementAmount = (n: number) => formatNumber(n, 2)

const FONT = 'font-family: Arial, Helvetica, sans-serif; color: #1f2937; font-size: 13px; line-height: 1.4'
const TABLE = 'border-collapse: collapse; width: 100%; margin: 0 0 16px 0'
const CELL = 'border: 1px solid #d1d5db; padding: 4px 6px; vertical-align: top'
const HEAD = `${CELL}; background-color: #eef2f7; text-align: left; font-weight: bold`
const NUMBER = `${CELL}; text-align: right; white-space: nowrap`
const H2 = 'font-size: 16px; color: #0d2a55; margin: 20px 0 8px 0'

const text = (value: unknown) => escapeHtml(value)

function table(caption: string, headings: string[], numeric: boolean[], rows: string[][]) {
  const head = headings
    .map((h, i) => `<th scope="col" style="${numeric[i] ? `${HEAD}; text-align: right` : HEAD}">${text(h)}</th>`)
    .join('')
  const body = rows
    .map((row) => `<tr>${row.map((cell, i) => `<td style="${numeric[i] ? NUMBER : CELL}">${cell}</td>`).join('')}</tr>`)
    .join('\n')
  return `<table style="${TABLE}" cellpadding="0" cellspacing="0">
<caption style="text-align: left; font-weight: bold; padding: 0 0 4px 0">${text(caption)}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>`
}

function header(statement: StatementData) {
  const c = statement.Customer
  const line = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align: left; padding: 2px 16px 2px 0; font-weight: bold">${text(label)}</th>` +
    `<td style="padding: 2px 0">${text(value)}</td></tr>`
  return `<h1 style="font-size: 20px; color: #0d2a55; margin: 0 0 12px 0">${text(STATEMENT_TITLE)}</h1>
<table style="border-collapse: collapse; margin: 0 0 8px 0" cellpadding="0" cellspacing="0">
<tbody>
${line('Report Date', c.ReportDate)}
${line('Customer', `${c.CustomerNumber} - ${c.CustomerName}`)}
${line('Period Start', c.From)}
${line('Period End', c.To)}
</tbody>
</table>
<p style="margin: 0 0 8px 0">${text(CHARGED_WHEN_ENDED)}</p>`
}

function recordsTable(records: StatementRecord[]) {
  return table(
    'Usage by Purchase Order',
    [
      'PO',
      'Entitlement',
      'Start Date',
      'Expiration Date',
      'Quantity',
      'Balance on Period Start Date',
      'Period Used',
      'Balance on Period End Date',
      'Currency',
    ],
    [false, false, false, false, true, true, true, true, false],
    records.map((r) => [
      text(r[PO_FIELD]),
      text(r.ActivationId),
      text(r.StartDate),
      text(r.EndDate || 'Permanent'),
      text(statementAmount(r.LineItemQuantity)),
      text(statementAmount(r.BalanceBeforeStart)),
      text(statementAmount(r.Used)),
      text(statementAmount(r.BalanceAtEnd)),
      text(r.Currency),
    ]),
  )
}

function productsTable(caption: string, products: StatementProductTotal[]) {
  if (products.length === 0) return `<p style="margin: 0 0 16px 0">${text(caption)}: no usage in the period.</p>`
  return table(
    caption,
    ['Product', 'Period Used', 'Currency'],
    [false, true, false],
    products.map((p) => [text(p.product), text(statementAmount(p.total)), text(p.currency)]),
  )
}

export interface StatementHtmlOptions {
  /** Paragraphs before the statement (e.g. the e-mail's greeting), as plain text. */
  intro?: string[]
}

/** The statement as a complete HTML document (inline styles only, no scripts, no external resources). */
export function statementHtml(statement: StatementData, { intro = [] }: StatementHtmlOptions = {}): string {
  const { Records: records } = statement
  const perRecord =
    records.length > 1
      ? records.map((r) =>
          productsTable(`Products of ${r[PO_FIELD] || r.ActivationId} (${r.ActivationId})`, r.Products),
        )
      : []
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${text(STATEMENT_TITLE)}</title>
</head>
<body style="margin: 0; padding: 0">
<div style="${FONT}; max-width: 960px; padding: 16px">
${intro.map((p) => `<p style="margin: 0 0 12px 0">${text(p)}</p>`).join('\n')}
${header(statement)}
<h2 style="${H2}">Usage by Purchase Order</h2>
${recordsTable(records)}
${perRecord.join('\n')}
<h2 style="${H2}">Usage by Product</h2>
${productsTable('Usage by Product', statement.Products)}
</div>
</body>
</html>
`
}
