/**
 * The printed Elastic Licensing Summary Statement: a complete HTML document,
 * made of the page's own header and pie charts, that the PDF printer turns into
 * an A4 file. Everything it needs is inside it (the printer blocks every
 * request): a print stylesheet, the charts as inline SVG, no script.
 *
 * Every page repeats the statement's title line (Chromium's header template),
 * its page number (the footer template) and the head of a table that goes on;
 * a purchase order and its products are kept on one page where they fit.
 */
import { formatDay, formatNumber } from '../../domain/entitlements'
import { PO_FIELD, type StatementData, type StatementProductTotal } from '../../domain/statement-types'
import { groupByCurrency, totalsByCurrency, type CurrencyTotal } from '../../domain/statement-totals'
import { STATEMENT_TITLE, StatementHeader } from './statement-header'
import { StatementPie } from './statement-pie'

/** The page's margins: the header and footer templates sit in the top and bottom ones. */
export const STATEMENT_MARGIN = { top: '22mm', bottom: '18mm', left: '12mm', right: '12mm' } as const

/** The spec's columns, each with its share of the width (the `col` class). */
const PO_COLUMNS = [
  ['PO', 'po'],
  ['Entitlement', 'ent'],
  ['Start Date', 'day'],
  ['Expiration Date', 'day'],
  ['Balance on Period Start Date', 'bal'],
  ['Balance on Period End Date', 'bal'],
  ['Period Used', 'used'],
  ['Currency', 'cur'],
] as const
const NUMERIC = new Set<string>(['bal', 'used'])

const amount = (n: number) => formatNumber(n, 2)

/** 'Elastic Licensing Summary Statement — 1000001 Acme Aerospace — 2026-10-01 to 2026-10-31' */
export function statementDocumentTitle(statement: StatementData): string {
  const { CustomerNumber, CustomerName, From, To } = statement.Customer
  const customer = [CustomerNumber, CustomerName].filter(Boolean).join(' ')
  return `${STATEMENT_TITLE} — ${customer} — ${From} to ${To}`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

const TEMPLATE_STYLE = `width:100%;margin:0 ${STATEMENT_MARGIN.left};font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif;font-size:8px;color:#374151;`

/** Chromium's header on every page: the statement's title line. */
export function statementHeaderTemplate(statement: StatementData): string {
  return `<div style="${TEMPLATE_STYLE}border-bottom:0.5px solid #9ca3af;padding-bottom:2px;">${escapeHtml(statementDocumentTitle(statement))}</div>`
}

/** Chromium's footer on every page: 'Page X of Y'. */
export function statementFooterTemplate(): string {
  return `<div style="${TEMPLATE_STYLE}text-align:center;">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`
}

const PRINT_STYLES = `
@page { size: A4; margin: ${STATEMENT_MARGIN.top} ${STATEMENT_MARGIN.right} ${STATEMENT_MARGIN.bottom} ${STATEMENT_MARGIN.left}; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; line-height: 1.35; color: #111827; }
nav, button, form { display: none; }
h1 { font-size: 15pt; margin: 0 0 3mm; }
h2 { font-size: 12pt; margin: 7mm 0 2.5mm; break-after: avoid; }
.statement-header dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 1mm 5mm; margin: 0 0 2mm; }
.statement-header dl > div { display: contents; }
.statement-header dt, .statement-summary dt { font-weight: 600; color: #374151; }
.statement-header dd, .statement-summary dd { margin: 0; }
.statement-header p { margin: 0 0 3mm; color: #374151; }
.statement-summary { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 5mm; margin: 0 0 2mm; padding: 2mm 3mm; border: 0.3mm solid #9ca3af; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tfoot { display: table-row-group; }
tr, tbody { break-inside: avoid; }
th, td { padding: 1.1mm 1.4mm; text-align: left; vertical-align: top; }
tbody th { font-weight: 400; }
.records { table-layout: fixed; }
.records col.po { width: 13%; } .records col.ent { width: 17%; } .records col.day { width: 11%; }
.records col.bal { width: 13%; } .records col.used { width: 12%; } .records col.cur { width: 10%; }
.records > tbody > tr > th { font-weight: 600; }
.records > tbody > tr > *, .records > thead th { overflow-wrap: anywhere; }
.records .nowrap, .records .num { white-space: nowrap; overflow-wrap: normal; }
.records thead .num { white-space: normal; }
thead th { background: #e5e7eb; border-bottom: 0.4mm solid #4b5563; font-weight: 600; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.record > tr:first-child > * { border-top: 0.3mm solid #9ca3af; }
.totals > * { font-weight: 700; border-top: 0.5mm solid #374151; }
caption { text-align: left; font-weight: 600; padding: 0 0 1mm; }
.breakdown-cell { padding: 0 0 3mm 6mm; }
.breakdown { break-inside: avoid; display: flex; flex-wrap: wrap; gap: 3mm 8mm; align-items: flex-start; }
.breakdown > table { width: auto; min-width: 75mm; }
.breakdown > table th, .breakdown > table td { padding: 0.6mm 1.4mm; }
.breakdown > table thead th { background: #f3f4f6; border-bottom: 0.3mm solid #6b7280; }
.breakdown .none { margin: 0; color: #374151; }
.statement-pie-chart { display: flex; gap: 4mm; align-items: center; }
.statement-pie svg[role='img'] { width: 34mm; height: 34mm; }
.statement-pie-legend { list-style: none; margin: 0; padding: 0; font-size: 7.5pt; }
.statement-pie-legend li { display: flex; gap: 1.5mm; align-items: center; margin: 0 0 0.6mm; }
`

function ProductBreakdown({
  id,
  caption,
  pieTitle,
  products,
  currency,
}: {
  id: string
  caption: string
  pieTitle: string
  products: StatementProductTotal[]
  currency: string
}) {
  if (products.length === 0) {
    return (
      <div className="breakdown">
        <p className="none">{caption}: no usage in this period.</p>
      </div>
    )
  }
  const [total] = totalsByCurrency(
    products,
    () => currency,
    (p) => p.total,
  )
  return (
    <div className="breakdown">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Period Used
            </th>
            <th scope="col">Currency</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product, index) => (
            <tr key={index}>
              <th scope="row">{product.product}</th>
              <td className="num">{amount(product.total)}</td>
              <td>{product.currency}</td>
            </tr>
          ))}
        </tbody>
        {products.length > 1 ? (
          <tfoot>
            <tr className="totals">
              <th scope="row">Total</th>
              <td className="num">{amount(total.total)}</td>
              <td>{currency}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      <StatementPie
        id={id}
        title={pieTitle}
        currency={currency}
        table={false}
        slices={products.map((p) => ({ label: p.product, value: p.total }))}
      />
    </div>
  )
}

function TotalsByCurrency({ totals }: { totals: CurrencyTotal[] }) {
  return (
    <>
      {totals.map(({ currency, total }) => (
        <dd key={currency}>
          {amount(total)} {currency}
        </dd>
      ))}
    </>
  )
}

/** The statement as the document the printer prints. */
export function StatementDocument({ statement }: { statement: StatementData }) {
  const { Records, Products } = statement
  const used = totalsByCurrency(
    Records,
    (r) => r.Currency,
    (r) => r.Used,
  )
  const productGroups = groupByCurrency(Products, (p) => p.currency)
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{statementDocumentTitle(statement)}</title>
        <style dangerouslySetInnerHTML={{ __html: PRINT_STYLES }} />
      </head>
      <body>
        <main>
          <StatementHeader statement={statement} level={1} />
          <dl className="statement-summary">
            <dt>Purchase Orders</dt>
            <dd>{Records.length}</dd>
            <dt>Total Period Used</dt>
            {used.length ? <TotalsByCurrency totals={used} /> : <dd>{amount(0)}</dd>}
          </dl>

          <section aria-labelledby="usage-by-po">
            <h2 id="usage-by-po">Usage by Purchase Order</h2>
            <table className="records">
              <colgroup>
                {PO_COLUMNS.map(([column, width]) => (
                  <col key={column} className={width} />
                ))}
              </colgroup>
              <thead>
                <tr>
                  {PO_COLUMNS.map(([column, width]) => (
                    <th key={column} scope="col" className={NUMERIC.has(width) ? 'num' : undefined}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              {Records.map((record, index) => (
                <tbody key={index} className="record">
                  <tr>
                    <th scope="row">{record[PO_FIELD]}</th>
                    <td>{record.ActivationId}</td>
                    <td className="nowrap">{formatDay(record.StartDate)}</td>
                    <td className="nowrap">{formatDay(record.EndDate)}</td>
                    <td className="num">{amount(record.BalanceBeforeStart)}</td>
                    <td className="num">{amount(record.BalanceAtEnd)}</td>
                    <td className="num">{amount(record.Used)}</td>
                    <td>{record.Currency}</td>
                  </tr>
                  <tr>
                    <td colSpan={PO_COLUMNS.length} className="breakdown-cell">
                      <ProductBreakdown
                        id={`po-${index}-pie`}
                        caption={`Products of PO ${record[PO_FIELD]} (${record.ActivationId})`}
                        pieTitle={`Period Used by product, PO ${record[PO_FIELD]} (${record.ActivationId})`}
                        products={record.Products}
                        currency={record.Currency}
                      />
                    </td>
                  </tr>
                </tbody>
              ))}
              <tfoot>
                {used.map(({ currency, total }) => (
                  <tr key={currency} className="totals">
                    <th scope="row" colSpan={PO_COLUMNS.length - 2} className="total-label">
                      Total Period Used
                    </th>
                    <td className="num">{amount(total)}</td>
                    <td>{currency}</td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </section>

          {Products.length > 0 ? (
            <section aria-labelledby="usage-by-product">
              <h2 id="usage-by-product">Usage by Product</h2>
              {productGroups.map(({ currency, items }, index) => {
                const name = `Period Used by product${productGroups.length > 1 ? ` (${currency})` : ''}`
                return (
                  <ProductBreakdown
                    key={currency}
                    id={`products-${index}-pie`}
                    caption={name}
                    pieTitle={name}
                    products={items}
                    currency={currency}
                  />
                )
              })}
            </section>
          ) : null}
        </main>
      </body>
    </html>
  )
}
