/**
 * The help articles, with JavaScript off and on: a customer administrator opens
 * Help > Help articles, searches, opens an article and follows its link to the
 * screen, keeping the selected customer all the way; a typo still finds the
 * article; a user without a selected customer reads help too; an unknown
 * article is a 404 inside the shell.
 */
import { expect, test } from './support/test'
import { gotoPortal, signIn, waitForPortal } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { jsEnabled } from './support/env'
import { CUSTOMERS } from './support/expectations'
import { expectBreadcrumbs, menuPopup, menuTrigger } from './support/shell'

const ACME = CUSTOMERS.acme.id
const ACME_TITLE = `${ACME} ${CUSTOMERS.acme.name}`

test('Help articles from the Help menu: search, read an article and open the screen it names', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await signIn(page, 'admin@acme.example', { start: `/home?customer=${ACME}` })

  await menuTrigger(page, 'Help', js).click()
  const entries = menuPopup(page, 'Help', js).getByRole('link')
  await expect(entries.first()).toHaveText('Help articles')
  await entries.first().click()
  await expect(page).toHaveURL(`/help?customer=${ACME}`)
  await waitForPortal(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
  await expect(page).toHaveTitle(`Help – ${ACME_TITLE} – Licensing Portal`)
  await expectBreadcrumbs(page, ['Help'])
  // The articles by menu area, each with its summary.
  await expect(page.getByRole('heading', { level: 2, name: 'Activations' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Manage Activations', exact: true })).toHaveAttribute(
    'href',
    `/help/manage-activations?customer=${ACME}`,
  )
  await expectNoSeriousA11yViolations(page)

  const search = page.getByRole('search', { name: 'Help articles' })
  await search.getByRole('searchbox', { name: 'Search the help articles' }).fill('rehost')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(`/help?customer=${ACME}&q=rehost`)
  const results = page.getByRole('region', { name: 'Results for ‘rehost’' })
  const best = results.getByRole('listitem').first()
  await expect(best.getByRole('link')).toHaveText('Rehost a licence server')
  await expect(best).toContainText('Move every activation of a licence server to a new host')
  await expectNoSeriousA11yViolations(page)

  await results.getByRole('link', { name: 'Rehost a licence server' }).click()
  await expect(page).toHaveURL(`/help/rehost-a-licence-server?customer=${ACME}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Rehost a licence server' })).toBeVisible()
  await expect(page).toHaveTitle(`Rehost a licence server – Help – ${ACME_TITLE} – Licensing Portal`)
  await expectBreadcrumbs(page, ['Help', 'Rehost a licence server'])
  const article = page.getByRole('article')
  await expect(article.getByText('In Active Servers, choose Rehost on the row of the host to replace.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await article.getByRole('link', { name: 'Manage Activations' }).first().click()
  await expect(page).toHaveURL(`/activations-history?customer=${ACME}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Activations' })).toBeVisible()
})

test('a search forgives a typo, and says so when nothing matches', async ({ page }) => {
  await signIn(page, 'admin@acme.example', { start: `/help?customer=${ACME}&q=licence+fle` })
  const results = page.getByRole('region', { name: 'Results for ‘licence fle’' })
  await expect(results.getByRole('link').first()).toHaveText('Download a licence file')
  await gotoPortal(page, `/help?customer=${ACME}&q=zyxwvu`)
  await expect(page.getByRole('status').filter({ hasText: 'No article matches ‘zyxwvu’.' })).toBeVisible()
})

test('help needs no selected customer; an unknown article is a page not found', async ({ page }) => {
  await signIn(page, 'busops@vendor.example')
  await expect(page).toHaveURL('/home')
  await gotoPortal(page, '/help/set-an-elastic-credit-threshold')
  await expect(page.getByRole('heading', { level: 1, name: 'Set an elastic credit threshold' })).toBeVisible()
  await expect(page).toHaveTitle('Set an elastic credit threshold – Help – Licensing Portal')
  // Links to screens carry no customer when none is selected.
  await expect(page.getByRole('article').getByRole('link', { name: 'Elastic Licensing' }).first()).toHaveAttribute(
    'href',
    '/elastic',
  )

  const response = await gotoPortal(page, '/help/no-such-article')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByText('There is no help article at this address.', { exact: false })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
