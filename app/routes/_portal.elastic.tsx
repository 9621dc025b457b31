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
import { requireCustomerScreen, redirectWithFlash } from '../guards/screen.server'
import { parseWithZod } from '../request/parse-form.server'
import { screenTitle } from '../screens/registry'
import { isViewOnly } from '../domain/permissions'
import { formatNumber, rateTableLabel, todayUtc } from '../domain/entitlements'
import { thresholdFormSchema } from '../domain/threshold-form'
import { activeElasticGrid, elasticRemaining, inactiveElasticGrid } from '../grid/elastic-entitlements'
import { elasticSource, loadEntitlementGrids } from '../grid/entitlements.server'
import { entitlementCalls } from '../api-client/entitlements.server'
import { ENTITLEMENT_FIELD, type EntitlementRow } from '../domain/entitlement-row'
import { failureStatus, type Failure } from '../api-client/envelope'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { EntitlementGrid } from '../ui/entitlement-grid'
import { isSectionOpen, SectionToggle } from '../ui/section-toggle'
import { creditView } from '../ui/credit-view.server'
import { CreditForecastSection } from '../ui/credit-forecast-section'
import { RemainingDaysBar, UsedPercentageBar } from '../ui/entitlement-cells'
import type { GridData } from '../grid/types'

const LEASES = '/ssl'

export const meta = screenMeta(screenTitle('elastic'))

/** A refused list call goes to /nopermissions; an outage or other failure shows the error page. */
function refusal(reply: Failure, customerNumber: string) {
  const status = failureStatus(reply)
  if (status === 403) {
    return redirect(withCustomer(`/nopermissions?denied=${encodeURIComponent(customerNumber)}`, customerNumber))
  }
  return data(reply.err, { status })
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireCustomerScreen(request, context, 'elastic')
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
  const today = todayUtc()
  const credit = hasElastic && (open.active || open.forecast) ? calls.forecast(customerNumber) : Promise.resolve(null)
  const [[active, inactive], forecast] = await Promise.all([
    hasElastic
      ? loadEntitlementGrids({
          request,
          api,
          customerNumber,
          specs: { active: activeElasticGrid, inactive: inactiveElasticGrid },
          source: elasticSource,
          open,
        })
      : [null, null],
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
  const screen = await requireCustomerScreen(request, context, 'elastic')
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

/** The elastic grids' drawn cells: the bars, Remaining with the forecast in a few words, the rate table link. */
function elasticCells(rateTableTermsUrl: string, forecastOf: Map<string, string>) {
  return {
    // product/activation id, breaking after the slash rather than inside the id
    entitlement: (row: EntitlementRow) => (
      <>
        {row[ENTITLEMENT_FIELD.product]}/<wbr />
        <span className="whitespace-nowrap">{row.ActivationId}</span>
      </>
    ),
    remainingDays: (row: EntitlementRow) => <RemainingDaysBar row={row} />,
    usedPercentage: (row: EntitlementRow) => <UsedPercentageBar row={row} />,
    remaining: (row: EntitlementRow) => {
      const text = forecastOf.get(row.ActivationId)
      return (
        <span className="block">
          <span className="tabular-nums">{formatNumber(elasticRemaining(row), 1)}</span>
          {text ? <span className="block text-xs whitespace-normal text-gray-700">{text}</span> : null}
        </span>
      )
    },
    rateTable: (row: EntitlementRow) => {
      const label = rateTableLabel(row[ENTITLEMENT_FIELD.rateTableVersion])
      return label ? (
        <a href={rateTableTermsUrl} target="_blank" rel="noreferrer">
          {label}
          <span className="sr-only"> rate table terms (opens in a new tab)</span>
        </a>
      ) : null
    },
  }
}

export default function ElasticRoute() {
  const { customerNumber, hasElastic, open, active, inactive, credits, creditError, viewOnly, rateTableTermsUrl } =
    useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const location = useLocation()
  const cells = elasticCells(rateTableTermsUrl, new Map(credits.map((c) => [c.activationId, c.shortText])))
  const grid = (title: string, spec: typeof activeElasticGrid, data: unknown) =>
    data ? (
      <EntitlementGrid
        data={data as GridData<EntitlementRow>}
        spec={spec}
        label={title}
        customerNumber={customerNumber}
        cells={cells}
      />
    ) : null
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic Licensing
      </h1>
      {hasElastic ? (
        <>
          <SectionToggle id="active" title="Active Entitlements" open={open.active}>
            {grid('Active Entitlements', activeElasticGrid, active)}
          </SectionToggle>
          <SectionToggle id="forecast" title="Credit forecast" open={open.forecast}>
            <CreditForecastSection
              credits={credits}
              error={creditError}
              viewOnly={viewOnly}
              formAction={`${location.pathname}${location.search}`}
              lastResult={lastResult}
            />
          </SectionToggle>
          <SectionToggle id="inactive" title="Inactive Entitlements" open={open.inactive}>
            {grid('Inactive Entitlements', inactiveElasticGrid, inactive)}
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

export const ErrorBoundary = RouteErrorPage
