/**
 * Elastic Licensing (spec 2, Elastic Licensing screen): the customer's elastic
 * entitlements in two collapsible grids, Active and Inactive, and for each active
 * one a credit forecast with a burn-down chart and its low-balance threshold.
 *
 * A customer without elastic records is sent to Leases/Perpetuals, except when the
 * user came from the side menu (`fromLeftMenu=true`): then the screen says so. A
 * closed section (`closed=...` in the address) loads none of its data.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { requireCustomerScreen, redirectWithFlash } from '../portal/screen-guard.server'
import { parseWithZod } from '../portal/parse-form.server'
import { screenName } from '../domain/page-title'
import { isViewOnly } from '../domain/permissions'
import { formatNumber, todayUtc } from '../domain/entitlements'
import { burnDownSeries, forecastShortText, forecastText } from '../domain/credit-forecast'
import { thresholdFormSchema } from '../domain/threshold-form'
import { activeElasticGrid, elasticRemaining, inactiveElasticGrid } from '../grid/elastic-entitlements'
import { elasticSource } from '../grid/entitlements.server'
import { loadGrid, preferenceStore } from '../grid/load-grid.server'
import { entitlementCalls, type CreditStatus } from '../upstream/entitlements.server'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../upstream/entitlement-row'
import { failureStatus, type Failure } from '../upstream/envelope'
import { withCustomer } from '../ui/customer-href'
import { ScreenErrorBoundary } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { DataGrid } from '../ui/grid/data-grid'
import { isSectionOpen, SectionToggle } from '../ui/section-toggle'
import { burnDownChartMarkup } from '../ui/burn-down-chart.server'
import { RemainingDaysBar, UsedPercentageBar } from '../ui/entitlement-cells'
import { ThresholdForm } from '../ui/threshold-form'
import type { GridData } from '../grid/types'

const SCREEN = '/elastic'
const LEASES = '/ssl'

export const meta = screenMeta(screenName(SCREEN))

/** A refused list call goes to /nopermissions; an outage or other failure shows the error page. */
function refusal(reply: Failure, customerNumber: string) {
  const status = failureStatus(reply)
  if (status === 403) {
    return redirect(withCustomer(`/nopermissions?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
  }
  return data(reply.err, { status })
}

/** What the forecast section shows of one active entitlement. */
function creditView(credit: CreditStatus, today: string) {
  const series = burnDownSeries({
    total: credit.LineItemQuantity,
    usedBeforeWindow: credit.usedBeforeWindow,
    dailyUsed: credit.dailyUsed,
    forecast: credit.forecast,
    today,
    endDate: credit.EndDate || null,
  })
  const windowUsed = credit.dailyUsed.reduce((sum, d) => sum + d.used, 0)
  const name = `${credit.product} (${credit.ActivationId})`
  const text = forecastText(credit.forecast)
  const amount = (n: number) => `${formatNumber(n, 1)} ${credit.Currency}`
  return {
    activationId: credit.ActivationId,
    name,
    total: credit.LineItemQuantity,
    remaining: credit.Remaining,
    currency: credit.Currency,
    endDate: credit.EndDate,
    threshold: credit.threshold,
    thresholdNotifiedAt: credit.thresholdNotifiedAt,
    text,
    shortText: forecastShortText(credit.forecast),
    chart: burnDownChartMarkup({
      id: `chart-${credit.ActivationId}`,
      title: `Credit burn-down of ${name}`,
      summary: `${text}. Remaining ${amount(credit.Remaining)} of ${amount(credit.LineItemQuantity)}; ${formatNumber(
        windowUsed,
        2,
      )} used in the last 30 days. ${thresholdText(credit.threshold, credit.Currency)}`,
      actual: series.actual,
      projected: series.projected,
      total: credit.LineItemQuantity,
      threshold: credit.threshold,
    }),
  }
}

function thresholdText(threshold: number | null, currency: string) {
  return threshold === null ? 'No low-balance threshold is set.' : `Threshold ${formatNumber(threshold)} ${currency}.`
}

export type CreditView = ReturnType<typeof creditView>

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, SCREEN)
  const { api, customerNumber } = screen
  const params = new URL(request.url).searchParams
  const calls = entitlementCalls(api)

  const any = await calls.count(customerNumber, { type: 'ELASTIC' })
  if (any.status !== 'SUCCESS') throw refusal(any, customerNumber)
  const hasElastic = any.data > 0
  if (!hasElastic && params.get('fromLeftMenu') !== 'true') throw redirect(withCustomer(LEASES, customerNumber))

  const open = {
    active: isSectionOpen(params, 'active'),
    forecast: isSectionOpen(params, 'forecast'),
    inactive: isSectionOpen(params, 'inactive'),
  }
  const grid = (spec: typeof activeElasticGrid, active: boolean, show: boolean) =>
    hasElastic && show
      ? loadGrid({
          request,
          spec,
          source: elasticSource(api, customerNumber, active),
          preferences: preferenceStore(api, customerNumber, spec),
        })
      : Promise.resolve(null)
  const today = todayUtc()
  const credit = hasElastic && (open.active || open.forecast) ? calls.forecast(customerNumber) : Promise.resolve(null)
  const [active, inactive, forecast] = await Promise.all([
    grid(activeElasticGrid, true, open.active),
    grid(inactiveElasticGrid, false, open.inactive),
    credit,
  ])
  return {
    customerNumber,
    hasElastic,
    open,
    active,
    inactive,
    credits: forecast?.status === 'SUCCESS' ? forecast.data.map((c) => creditView(c, today)) : [],
    creditError: forecast && forecast.status !== 'SUCCESS' ? forecast.err : null,
    viewOnly: isViewOnly(screen.user, screen.info),
    rateTableTermsUrl: context.config.rateTableTermsUrl,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, SCREEN)
  const { customerNumber } = screen
  const url = new URL(request.url)
  const calls = entitlementCalls(screen.api)
  const form = await request.formData()
  const activationId = String(form.get('activationId') ?? '')
  // The entitlement's total bounds the threshold; the API checks it again.
  const credits = await calls.forecast(customerNumber)
  const credit = credits.status === 'SUCCESS' ? credits.data.find((c) => c.ActivationId === activationId) : undefined
  const submission = parseWithZod(form, { schema: thresholdFormSchema(credit?.LineItemQuantity) })
  if (submission.status !== 'success') {
    return data({ activationId, result: submission.reply() }, { status: 400 })
  }
  const threshold = submission.value.threshold ?? null
  const reply = await calls.setThreshold(customerNumber, activationId, threshold)
  if (reply.status !== 'SUCCESS') {
    return data(
      { activationId, result: submission.reply({ formErrors: [reply.err] }) },
      { status: failureStatus(reply) },
    )
  }
  const amount = threshold === null ? '' : `${formatNumber(threshold)}${credit ? ` ${credit.Currency}` : ''}`
  const message =
    threshold === null
      ? `The low-balance threshold of ${activationId} has been cleared.`
      : `The low-balance threshold of ${activationId} is now ${amount}.${
          reply.data.notified ? ' The remaining credit is already at or below it, so the e-mail has been sent.' : ''
        }`
  return redirectWithFlash(screen.session, context, `${url.pathname}${url.search}`, { type: 'success', message })
}

export default function ElasticRoute() {
  const { customerNumber, hasElastic, open, active, inactive, credits, creditError, viewOnly, rateTableTermsUrl } =
    useLoaderData<typeof loader>()
  const location = useLocation()
  const forecastOf = new Map(credits.map((c) => [c.activationId, c.shortText]))
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic Licensing
      </h1>
      {hasElastic ? (
        <>
          <SectionToggle id="active" title="Active Entitlements" open={open.active}>
            {active ? (
              <EntitlementGrid
                data={active as GridData<EntitlementRow>}
                spec={activeElasticGrid}
                label="Active Entitlements"
                customerNumber={customerNumber}
                rateTableTermsUrl={rateTableTermsUrl}
                forecastOf={forecastOf}
              />
            ) : null}
          </SectionToggle>
          <SectionToggle id="forecast" title="Credit forecast" open={open.forecast}>
            <CreditForecastSection
              credits={credits}
              error={creditError}
              viewOnly={viewOnly}
              formAction={`${location.pathname}${location.search}`}
            />
          </SectionToggle>
          <SectionToggle id="inactive" title="Inactive Entitlements" open={open.inactive}>
            {inactive ? (
              <EntitlementGrid
                data={inactive as GridData<EntitlementRow>}
                spec={inactiveElasticGrid}
                label="Inactive Entitlements"
                customerNumber={customerNumber}
                rateTableTermsUrl={rateTableTermsUrl}
              />
            ) : null}
          </SectionToggle>
        </>
      ) : (
        <p className="rounded border border-gray-300 bg-white p-4" data-testid="no-elastic">
          This customer has no elastic entitlements. Its leases and perpetual licences are under{' '}
          <Link to={withCustomer(LEASES, customerNumber)}>Leases/Perpetuals</Link>.
        </p>
      )}
    </section>
  )
}

function EntitlementGrid({
  data,
  spec,
  label,
  customerNumber,
  rateTableTermsUrl,
  forecastOf,
}: {
  data: GridData<EntitlementRow>
  spec: typeof activeElasticGrid
  label: string
  customerNumber: string
  rateTableTermsUrl: string
  forecastOf?: Map<string, string>
}) {
  return (
    <DataGrid
      spec={spec}
      data={data}
      label={label}
      noun="entitlements"
      loadingText="Getting Entitlements..."
      emptyText={`No ${label.toLowerCase()}.`}
      customerNumber={customerNumber}
      rowKey={(row) => row.ActivationId}
      cells={{
        remainingDays: (row) => <RemainingDaysBar row={row} />,
        usedPercentage: (row) => <UsedPercentageBar row={row} />,
        remaining: (row) => {
          const text = forecastOf?.get(row.ActivationId)
          return (
            <span className="block">
              <span className="tabular-nums">{formatNumber(elasticRemaining(row), 1)}</span>
              {text ? <span className="block text-xs whitespace-normal text-gray-700">{text}</span> : null}
            </span>
          )
        },
        rateTable: (row) => {
          const version = row[ENTITLEMENT_FIELD.rateTableVersion]
          const label = spec.columns.find((c) => c.id === 'rateTable')?.value?.(row) ?? version
          return label ? (
            <a href={rateTableTermsUrl} target="_blank" rel="noreferrer">
              {label}
              <span className="sr-only"> rate table terms (opens in a new tab)</span>
            </a>
          ) : null
        },
      }}
    />
  )
}

function CreditForecastSection({
  credits,
  error,
  viewOnly,
  formAction,
}: {
  credits: CreditView[]
  error: string | null
  viewOnly: boolean
  formAction: string
}) {
  const actionData = useActionData<typeof action>()
  if (error) {
    return (
      <p role="alert" className="font-medium text-red-800">
        {error}
      </p>
    )
  }
  if (credits.length === 0) return <p className="text-sm text-gray-700">No active elastic entitlements.</p>
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        When each active entitlement runs out at the rate of its last 30 days, and the balance that sends a low-balance
        e-mail.
      </p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {credits.map((c) => {
          return (
            <li
              key={c.activationId}
              id={`credit-${c.activationId}`}
              className="min-w-0 space-y-3 rounded border border-gray-300 bg-white p-4"
              data-credit={c.activationId}
            >
              <h3 className="text-base font-semibold break-words">{c.name}</h3>
              <p>
                <span className="font-medium" data-forecast-text="">
                  {c.text}
                </span>
                <br />
                Remaining {formatNumber(c.remaining, 1)} of {formatNumber(c.total, 1)} {c.currency}
                {c.endDate ? `, term ends ${c.endDate.slice(0, 10)}` : ''}.
              </p>
              {/* Drawn on the server (app/ui/burn-down-chart.server.tsx); React escaped every text in it. */}
              <div dangerouslySetInnerHTML={{ __html: c.chart }} />
              <p className="text-sm">
                {thresholdText(c.threshold, c.currency)}
                {c.thresholdNotifiedAt
                  ? ` The low-balance e-mail was sent on ${c.thresholdNotifiedAt.slice(0, 10)}.`
                  : ''}
              </p>
              <ThresholdForm
                key={`${c.activationId}-${c.threshold}`}
                activationId={c.activationId}
                label={c.name}
                total={c.total}
                currency={c.currency}
                threshold={c.threshold}
                viewOnly={viewOnly}
                action={formAction}
                lastResult={actionData?.activationId === c.activationId ? actionData.result : null}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export const ErrorBoundary = ScreenErrorBoundary
