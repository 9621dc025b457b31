/**
 * Elastic Statements (spec 2, Elastic Statements screen): the summary statement
 * of the customer's elastic entitlements for a period (a preset of the statement
 * menu, Last month by default, or a custom range), with 'Usage by Purchase
 * Order' (each row opens into its products and their pie chart), 'Usage by
 * Product', Export as PDF and the per-entitlement statement e-mails. The period
 * and the PO grid's columns and filters are the saved view elasticTransaction.
 * The statement is loaded once per request and both grids page it in memory.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { requireCustomerScreen, redirectWithFlash } from '../guards/screen.server'
import { screenTitle, screenPath } from '../screens/registry'
import { gridHref, withExtras, type GridState } from '../grid/grid-state'
import { formatNumber } from '../domain/entitlements'
import { groupByCurrency } from '../domain/statement-totals'
import { PO_FIELD, type StatementData, type StatementRecord } from '../domain/statement-types'
import { STATEMENT_PRESETS } from '../domain/date-presets'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import {
  EMAIL_COLUMN,
  OPEN_RECORD_PARAM,
  onlyDetailsDiffer,
  statementGrid,
  statementProductsGrid,
} from '../grid/statement'
import { statementSources } from '../grid/statement.server'
import { loadStatement, type LoadedStatement } from '../statement/load-statement.server'
import { statementPdfName, statementRange } from '../statement/statement-view'
import { isPdfErrorCode, pdfErrorText, PDF_ERROR_PARAM } from '../statement/statement-pdf-errors'
import {
  EMAIL_SENT,
  emailDetail,
  emailNotSent,
  emailQuestion,
  STATEMENT_EMAIL_INTENTS,
  statementEmailForm,
} from '../statement/statement-email.server'
import { pdfAvailability } from '../pdf/pdf-printer.server'
import { statementCalls } from '../api-client/statements.server'
import { elasticCalls } from '../api-client/elastic.server'
import { failureStatus } from '../api-client/envelope'
import { statementPieMarkup } from '../ui/statement/statement-pie.server'
import { StatementPieFrame } from '../ui/statement/statement-pie-frame'
import { StatementHeader, StatementHeaderFallback } from '../ui/statement/statement-header'
import { StatementEmailButtons, StatementPdfButton } from '../ui/statement/statement-actions'
import { askConfirmation, ConfirmStep, isConfirmed } from '../ui/confirm-step'
import { FlashPanel } from '../ui/shell/flash-panel'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { DataGrid } from '../ui/grid/data-grid'
import { DateRangePicker } from '../ui/date-range-picker'
import { dateRangeSearch, readPickerState, type DateRangeChange } from '../ui/date-range-params'

export const meta = screenMeta(screenTitle('statements'))

const LOADING_TEXT = 'Getting Statement...'

/** The statement, loaded on first use: a saved view's redirect comes before it. */
function statementOnce(load: () => Promise<LoadedStatement>) {
  let loaded: Promise<LoadedStatement> | null = null
  return () => (loaded ??= load())
}

const statementOf = (loaded: LoadedStatement) => (loaded.result.state === 'loaded' ? loaded.result.statement : null)

/** A pie of products as markup drawn here (the page's script carries no chart code). */
function productPie(id: string, title: string, currency: string, products: StatementData['Products']) {
  // The page shows the figures in its own grid and detail table; the pie's legend lists the shares.
  return statementPieMarkup({
    id,
    title,
    currency,
    table: false,
    slices: products.map((p) => ({ label: p.product, value: p.total })),
  })
}

const poLabel = (record: StatementRecord) => `PO ${record[PO_FIELD] || '(none)'} (${record.ActivationId})`

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber, info } = await requireCustomerScreen(request, context, 'statements')
  const params = new URL(request.url).searchParams
  const now = Date.now()
  const load = statementOnce(() => loadStatement(api, { customerNumber, customerName: info.customerName }, params, now))
  const sources = statementSources(async () => statementOf(await load()))
  const [grid, products] = await Promise.all([
    loadGrid({
      request,
      spec: statementGrid,
      source: sources.records,
      preferences: preferenceStore(api, customerNumber, statementGrid),
    }),
    loadGrid({
      request,
      spec: statementProductsGrid,
      source: sources.products,
      preferences: preferenceStore(api, customerNumber, statementProductsGrid),
    }),
  ])
  const loaded = await load()
  const statement = statementOf(loaded)
  // Every shown row's pie, so opening a row needs no new data (shouldRevalidate).
  const recordPies: Record<string, string> = {}
  for (const record of grid.rows) {
    recordPies[record.ActivationId] = productPie(
      `pie-${record.ActivationId}`,
      `Period Used by product, ${poLabel(record)}`,
      record.Currency,
      record.Products,
    )
  }
  const productPies = groupByCurrency(statement?.Products ?? [], (p) => p.currency).map(({ currency, items }) => ({
    currency,
    markup: productPie(`pie-products-${currency}`, `Period Used by product (${currency})`, currency, items),
  }))
  const choice = statementRange.choice(grid.state.extras)
  const pdfQuery = new URLSearchParams({ customer: customerNumber })
  for (const [name, value] of Object.entries(statementRange.valuesOf(choice))) if (value) pdfQuery.set(name, value)
  const availability = pdfAvailability()
  const pdfError = params.get(PDF_ERROR_PARAM)
  return {
    grid,
    products,
    customerNumber,
    customerName: info.customerName,
    statement,
    from: loaded.from,
    to: loaded.to,
    today: loaded.today,
    recordPies,
    productPies,
    pdfHref: `${screenPath('statements')}/pdf?${pdfQuery}`,
    pdfName: statementPdfName(customerNumber, loaded.from, loaded.to),
    pdfUnavailable: availability.available ? null : availability.reason,
    pdfError: isPdfErrorCode(pdfError)
      ? pdfErrorText(pdfError, availability.available ? undefined : availability.reason)
      : null,
  }
}

/** Opening or closing a PO row changes only what is shown: the statement is not asked for again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  return onlyDetailsDiffer(currentUrl.search, nextUrl.search) ? false : defaultShouldRevalidate
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, 'statements')
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  const formData = await request.formData()
  const failed = (message: string, status: number) => data({ error: message, confirmation: null }, { status })
  const parsed = statementEmailForm.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return failed(emailNotSent(parsed.error.issues[0].message), 400)
  const { intent, activationId, date } = parsed.data
  const server = await elasticCalls(screen.api).firstServer(screen.customerNumber, screen.info.customerName)
  if (server.status !== 'SUCCESS') return failed(emailNotSent(server.err), failureStatus(server))
  if (!server.data) return failed(emailNotSent('The customer has no activated elastic licence server.'), 409)
  if (!isConfirmed(formData)) {
    const fields = { intent, activationId, date }
    return {
      error: null,
      ...askConfirmation(emailQuestion(intent), fields, emailDetail(server.data.deviceId, activationId)),
    }
  }
  const reply = await statementCalls(screen.api).email(STATEMENT_EMAIL_INTENTS[intent], {
    customerid: screen.customerNumber,
    customername: screen.info.customerName,
    server: server.data.deviceId,
    activationid: activationId,
    date,
  })
  if (reply.status !== 'SUCCESS') return failed(emailNotSent(reply.err), failureStatus(reply))
  return redirectWithFlash(screen.session, context, back, { type: 'success', message: EMAIL_SENT })
}

export default function ElasticStatementsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const navigation = useNavigation()
  const { grid, statement, customerNumber } = data
  const current = new URLSearchParams(location.search)
  const here = `${location.pathname}${location.search}`
  const state = grid.state
  const hrefOf = (next: GridState) => gridHref(location.pathname, statementGrid, next, current)
  const hrefFor = (change: DateRangeChange) => {
    if (change.kind === 'picker') return `${location.pathname}${dateRangeSearch(location.search, change)}`
    const choice = change.kind === 'preset' ? { preset: change.preset } : { from: change.from, to: change.to }
    return hrefOf(withExtras(statementGrid, state, statementRange.valuesOf(choice)))
  }
  // Opening a row loads nothing; another period, filter or page does.
  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    !onlyDetailsDiffer(navigation.location.search, location.search)
  const statementState = loading ? 'loading' : statement ? 'loaded' : 'failed'

  return (
    <section aria-labelledby="page-title" className="min-w-0 space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic Statements
      </h1>
      {actionData?.error ? <FlashPanel key={actionData.error} type="error" message={actionData.error} /> : null}
      {data.pdfError ? <FlashPanel key={data.pdfError} type="error" message={data.pdfError} /> : null}
      <ConfirmStep confirmation={actionData?.confirmation} action={here} noHref={here} />

      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
        <DateRangePicker
          presets={STATEMENT_PRESETS}
          current={statementRange.choice(state.extras)}
          picker={readPickerState(current)}
          today={data.today}
          hrefFor={hrefFor}
          label="Statement period"
          id="statement-range"
        />
        <p className="text-sm" data-testid="range-days">
          From: <span className="font-medium">{data.from}</span> To: <span className="font-medium">{data.to}</span>
        </p>
      </div>

      {statement ? (
        <StatementHeader statement={statement} />
      ) : (
        <StatementHeaderFallback
          customerNumber={customerNumber}
          customerName={data.customerName}
          from={data.from}
          to={data.to}
          today={data.today}
        />
      )}

      <section aria-labelledby="usage-by-po" className="min-w-0 space-y-2">
        <h2 id="usage-by-po" className="text-lg font-semibold">
          Usage by Purchase Order
        </h2>
        <DataGrid
          spec={statementGrid}
          data={grid}
          label="Usage by Purchase Order"
          noun="purchase orders"
          loadingText={LOADING_TEXT}
          emptyText="No purchase orders in this period."
          customerNumber={customerNumber}
          rowKey={(row) => row.ActivationId}
          exportLabel={null}
          toolbarStart={
            <StatementPdfButton
              href={data.pdfHref}
              fileName={data.pdfName}
              state={statementState}
              unavailable={data.pdfUnavailable}
            />
          }
          cells={{
            [EMAIL_COLUMN]: (row) => (
              <StatementEmailButtons activationId={row.ActivationId} date={data.to} action={here} />
            ),
          }}
          rowDetails={{
            param: OPEN_RECORD_PARAM,
            id: (row) => row.ActivationId,
            label: poLabel,
            render: (row) => <RecordProducts record={row} pie={data.recordPies[row.ActivationId]} />,
          }}
        />
      </section>

      {statement && statement.Products.length > 0 ? (
        <section aria-labelledby="usage-by-product" className="min-w-0 space-y-2">
          <h2 id="usage-by-product" className="text-lg font-semibold">
            Usage by Product
          </h2>
          <DataGrid
            spec={statementProductsGrid}
            data={data.products}
            label="Usage by Product"
            noun="products"
            loadingText={LOADING_TEXT}
            customerNumber={customerNumber}
            rowKey={(row) => `${row.product}\u0000${row.currency}`}
            exportLabel={null}
          />
          {data.productPies.map(({ currency, markup }) => (
            <StatementPieFrame key={currency} markup={markup} />
          ))}
        </section>
      ) : null}
    </section>
  )
}

/** A PO row's details: its products in the period (Product, Period Used, Currency) and their pie chart. */
function RecordProducts({ record, pie }: { record: StatementRecord; pie: string | undefined }) {
  if (record.Products.length === 0) return <p className="text-sm">No usage of {poLabel(record)} in this period.</p>
  return (
    <div className="flex flex-wrap items-start gap-6">
      <table className="text-sm">
        <caption className="pb-1 text-left font-semibold">Products of {poLabel(record)}</caption>
        <thead className="bg-gray-100 text-left">
          <tr>
            <th scope="col" className="px-2 py-1">
              Product
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              Period Used
            </th>
            <th scope="col" className="px-2 py-1">
              Currency
            </th>
          </tr>
        </thead>
        <tbody>
          {record.Products.map((product) => (
            <tr key={`${product.product}\u0000${product.currency}`} className="border-t border-gray-200">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {product.product}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{formatNumber(product.total, 2)}</td>
              <td className="px-2 py-1">{product.currency}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pie ? <StatementPieFrame markup={pie} /> : null}
    </div>
  )
}

export const ErrorBoundary = RouteErrorPage
