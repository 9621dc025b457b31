/**
 * What the Elastic Licensing screen shows of one active elastic entitlement's
 * credit: the forecast in words, the figures, and the burn-down chart drawn here on
 * the server (so its drawing code never reaches the page's script).
 */
import { formatNumber } from '../domain/entitlements'
import { burnDownSeries, forecastShortText, forecastText, type CreditStatus } from '../domain/credit-forecast'
import { burnDownChartMarkup } from './burn-down-chart.server'
import { thresholdText } from './credit-forecast-section'

/** What the forecast section shows of one active entitlement. */
export function creditView(credit: CreditStatus, today: string) {
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

export type CreditView = ReturnType<typeof creditView>
