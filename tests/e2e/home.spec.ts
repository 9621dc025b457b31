/**
 * Home with JavaScript off and on: the cards of Acme for its administrator, each
 * with the figures the licensing API answers and each link opening the view that
 * explains it; a channel partner's two customers listed with their figures and
 * sortable; a customer with leases only shows no elastic or usage card; staff get
 * the customer search instead of a list.
 *
 * Other journeys change Acme while this one runs (orders add leases, activations
 * change hosts), so the page is compared with the API's answer of the same moment:
 * both are read again until they agree.
 */
import { expect, test, type Locator, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { apiData } from './support/api'
import { CUSTOMERS, display } from './support/expectations'
import { mainRegion } from './support/shell'
import { gridLocators } from './support/grid'
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'
import { formatNumber } from '../../app/domain/entitlements'
import { endingWindow } from '../../app/domain/home-cards'
import type { HomeCustomers, HomeSummary } from '../../app/domain/home-summary'

test.describe.configure({ timeout: 120_000 })

const ADMIN = 'admin@acme.example'
const ACME = CUSTOMERS.acme.id
const HOME = `/home?customer=${ACME}`

const card = (page: Page, title: string) => mainRegion(page).getByRole('region', { name: title, exact: true })
/** A figure the customer has none of: a dash, read out as 'none'. */
const NONE = '–none'
const amount = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''))

async function summaryOf(baseURL: string, email: string, customerNumber: string) {
  return apiData<HomeSummary>(baseURL, email, '/home/summary', { body: { customerNumber } })
}

/** Reloads the page and reads the API until `check` holds for the two at the same moment. */
async function agreeWithApi(
  page: Page,
  read: () => Promise<HomeSummary>,
  check: (summary: HomeSummary) => Promise<void>,
) {
  await expect(async () => {
    const summary = await read()
    await gotoPortal(page, page.url())
    await check(summary)
  }).toPass({ timeout: 60_000 })
}

test.describe('Home', () => {
  test('an administrator sees what needs attention at Acme, and each link opens the view behind it', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, ADMIN)
    await expect(page).toHaveURL(HOME)
    await expect(page.getByTestId('selected-customer')).toHaveText(display(CUSTOMERS.acme))
    const titles = ['Elastic credit', 'Ending within 90 days', 'Licence hosts', 'Usage cost', 'Alerts']
    for (const title of [...titles, 'Latest e-mails']) await expect(card(page, title)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    const read = () => summaryOf(baseURL!, ADMIN, ACME)

    // Elastic credit: each active elastic entitlement of the demo data, with its remaining and forecast.
    const elastic = card(page, 'Elastic credit')
    const steady = demoActivationId(ELASTIC_KEYS.acmeSteady)
    await agreeWithApi(page, read, async (summary) => {
      expect(summary.elastic!.map((c) => c.activationId)).toContain(steady)
      for (const credit of summary.elastic!) {
        const item = elastic.locator(`[data-credit="${credit.activationId}"]`)
        await expect(item).toContainText(
          `${formatNumber(credit.remaining, 1)} of ${formatNumber(credit.quantity, 1)} ${credit.currency} left`,
        )
        if (credit.runsOutOn) await expect(item).toContainText(`Runs out around ${credit.runsOutOn}`)
        await expect(item.locator(`[data-threshold="${credit.thresholdState}"]`)).toBeVisible()
      }
    })
    const steadyItem = elastic.locator(`[data-credit="${steady}"]`)
    const steadyRemaining = (await steadyItem.innerText()).match(/([\d,.]+) of [\d,.]+ \w+ left/)![1]
    await steadyItem.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/elastic\\?customer=${ACME}#credit-${steady}$`))
    await expect(page.locator(`#credit-${steady}`)).toContainText(`Remaining ${steadyRemaining} of`)
    await gotoPortal(page, HOME)

    // What ends within 90 days: the leases' link opens the Active grid with exactly those, soonest first.
    const ending = card(page, 'Ending within 90 days')
    let leases = 0
    await agreeWithApi(page, read, async (summary) => {
      leases = summary.ending!.leases.count
      expect(leases, 'the demo data has leases ending within 90 days').toBeGreaterThan(0)
      const total = leases + summary.ending!.fsaContracts.count + summary.ending!.perpetuals.count
      await expect(ending.locator('[data-figure="ending"]')).toHaveText(`${total} to renew`)
      await expect(ending.getByRole('link', { name: `Leases: ${leases}` })).toBeVisible()
    })
    await ending.getByRole('link', { name: /^Leases: / }).click()
    await expect(page).toHaveURL(/\/ssl\?/)
    const active = gridLocators('Active Entitlements table')
    const window = endingWindow('term', new Date().toISOString().slice(0, 10))
    await expect(async () => {
      const current = (await read()).ending!.leases.count
      await gotoPortal(page, page.url())
      await active.settled(page)
      const dates = await active.columnCells(page, 'Expiration Date')
      expect(dates).toHaveLength(current)
      expect(dates.every((d) => d >= window.from && d <= window.to)).toBe(true)
      expect(dates).toEqual([...dates].sort())
    }).toPass({ timeout: 60_000 })
    await expect(active.grid(page).getByLabel('Filter Expiration Date', { exact: true })).toHaveValue(
      `${window.from}..${window.to}`,
    )
    // The link's view is shown, not saved: Leases/Perpetuals from the menu opens without the filter.
    await gotoPortal(page, `/ssl?customer=${ACME}`)
    await expect(active.grid(page).getByLabel('Filter Expiration Date', { exact: true })).toHaveValue('')
    await gotoPortal(page, HOME)

    // Hosts: the active count, the last change with who made it, and that host's history.
    const hosts = card(page, 'Licence hosts')
    let hostName = ''
    await agreeWithApi(page, read, async (summary) => {
      const { active: count, lastChange } = summary.hosts!
      await expect(hosts.locator('[data-figure="hosts"]')).toHaveText(`${count} active host${count === 1 ? '' : 's'}`)
      await expect(hosts.locator('[data-last-change]')).toContainText(`by ${lastChange!.by}`)
      await expect(hosts.locator('[data-last-change]')).toContainText(lastChange!.hostName)
      hostName = lastChange!.hostName
    })
    await hosts.locator('[data-last-change]').getByRole('link').click()
    await expect(page).toHaveURL(/\/activations-history\?/)
    const history = page.getByRole('main').getByRole('table').first()
    await expect(history.getByRole('row').filter({ hasText: hostName }).first()).toBeVisible()
    await expect(page.getByRole('main')).toContainText('History')
    await gotoPortal(page, HOME)

    // Usage: the last 7 days against the 7 before, the chart's text alternative, and the statement of the same days.
    const usage = card(page, 'Usage cost')
    let week = 0
    await agreeWithApi(page, read, async (summary) => {
      const u = summary.usage!
      week = u.current.total
      await expect(usage.locator('[data-figure="usage-current"]')).toHaveText(`${formatNumber(week, 2)} ${u.currency}`)
      await expect(usage.getByRole('img', { name: /^Usage cost per day/ })).toHaveAccessibleDescription(
        new RegExp(
          `${u.current.from} to ${u.current.to}: ${formatNumber(week, 2).replace(/\./g, '\\.')} ${u.currency}`,
        ),
      )
      await expect(usage.locator('rect[data-day]')).toHaveCount(14)
    })
    await usage.getByRole('link', { name: 'Statement of the last 7 days' }).click()
    await expect(page).toHaveURL(/\/statementv2\?/)
    const pos = gridLocators('Usage by Purchase Order table')
    await pos.settled(page)
    const used = await pos.columnCells(page, 'Period Used')
    expect(Math.round(used.reduce((sum, text) => sum + amount(text), 0) * 100) / 100).toBe(week)
    await gotoPortal(page, HOME)
    await usage.getByRole('link', { name: 'Usage transactions' }).click()
    await expect(page).toHaveURL(/\/transactions\?.*from=/)
    await expect(page.getByRole('main')).toContainText('Date range: Custom')
    await gotoPortal(page, HOME)

    // Alerts and e-mails: the newest of each opens itself.
    const alerts = card(page, 'Alerts')
    const firstAlert = alerts.getByRole('listitem').first().getByRole('link')
    const alertTitle = await firstAlert.innerText()
    await firstAlert.click()
    await expect(page.getByRole('heading', { name: 'Alert Details' })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(alertTitle)
    await gotoPortal(page, HOME)
    const emails = card(page, 'Latest e-mails')
    const firstEmail = emails.getByRole('listitem').first().getByRole('link')
    const subject = await firstEmail.innerText()
    await firstEmail.click()
    await expect(page.getByRole('heading', { name: 'Email Details' })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(subject)
  })

  test('a channel partner sees both customers with their figures, sorts them and opens one', async ({
    page,
    baseURL,
  }) => {
    const partner = 'partner@channel.example'
    await signIn(page, partner)
    await expect(page).toHaveURL('/home')
    const list = page.getByTestId('customer-list')
    const rowOf = (id: string): Locator => list.locator(`tr[data-customer="${id}"]`)
    await expect(list.locator('tbody tr')).toHaveCount(2)
    await expectNoSeriousA11yViolations(page)
    await expect(async () => {
      const { count, customers } = await apiData<HomeCustomers>(baseURL!, partner, '/home/customers', { body: {} })
      await gotoPortal(page, '/home')
      expect(count).toBe(2)
      for (const c of customers!) {
        const cells = (await rowOf(c.customerNumber).getByRole('cell').allInnerTexts()).map((t) =>
          t.replace(/\s+/g, ''),
        )
        const none = (n: number | null, text: string) => (n === null ? NONE : text)
        expect(cells).toEqual([
          none(c.elasticRemaining, `${formatNumber(c.elasticRemaining, 1)}${c.currency}`),
          none(c.belowThreshold, String(c.belowThreshold)),
          none(c.endingSoon, String(c.endingSoon)),
          none(c.activeHosts, String(c.activeHosts)),
        ])
      }
    }).toPass({ timeout: 60_000 })
    // Cobalt has no elastic licensing: no elastic figure.
    await expect(rowOf(CUSTOMERS.cobalt.id).getByRole('cell').first()).toHaveText(/–/)

    // Sorted by a column through a link: the order and aria-sort follow, and the address keeps it.
    const byName = await list.locator('tbody th').allInnerTexts()
    expect(byName).toEqual([display(CUSTOMERS.borealis), display(CUSTOMERS.cobalt)])
    await list.getByRole('link', { name: 'Customer' }).click()
    await expect(page).toHaveURL(/sort=customer&dir=desc/)
    await expect(list.locator('tbody th')).toHaveText([display(CUSTOMERS.cobalt), display(CUSTOMERS.borealis)])
    await expect(list.getByRole('columnheader', { name: /Customer/ })).toHaveAttribute('aria-sort', 'descending')
    await list.getByRole('link', { name: 'Elastic credit left' }).click()
    await expect(list.getByRole('columnheader', { name: /Elastic credit left/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    // A customer without the figure comes last, either way.
    await expect(list.locator('tbody th').last()).toHaveText(display(CUSTOMERS.cobalt))

    // Opening a customer gives its cards; the list is one link away.
    await list.getByRole('link', { name: display(CUSTOMERS.borealis) }).click()
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.borealis.id}`)
    await expect(card(page, 'Elastic credit')).toBeVisible()
    await mainRegion(page).getByRole('link', { name: 'All your customers' }).click()
    await expect(page).toHaveURL(/view=customers/)
    await expect(list.locator('tbody tr')).toHaveCount(2)
    await expectNoSeriousA11yViolations(page)
  })

  test('a customer with leases only has no elastic credit or usage card', async ({ page, baseURL }) => {
    const viewer = 'wei.chen@cobalt.example'
    await signIn(page, viewer)
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.cobalt.id}`)
    await expect(card(page, 'Ending within 90 days')).toBeVisible()
    await expect(card(page, 'Alerts')).toBeVisible()
    await expect(card(page, 'Elastic credit')).toHaveCount(0)
    await expect(card(page, 'Usage cost')).toHaveCount(0)
    const summary = await summaryOf(baseURL!, viewer, CUSTOMERS.cobalt.id)
    expect(summary.elastic).toBeNull()
    expect(summary.usage).toBeNull()
    await expect(mainRegion(page).locator('[data-card]')).toHaveCount(summary.cards.length)
    await expectNoSeriousA11yViolations(page)
  })

  test('staff with hundreds of customers get the customer search instead of a list', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await expect(page).toHaveURL('/home')
    await expect(mainRegion(page)).toContainText(/You have access to [\d,]+ customers/)
    await expect(page.getByTestId('customer-list')).toHaveCount(0)
    await mainRegion(page).getByRole('searchbox', { name: 'Customer number or name' }).fill('motors')
    await mainRegion(page).getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL('/customers?q=motors')
    await expect(page.getByText('22 customers found.')).toBeVisible()
  })
})
