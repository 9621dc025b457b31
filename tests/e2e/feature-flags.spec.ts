import { expect, test, type Locator, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { expectBreadcrumbs, expectNav, flashPanel, mainNav, type NavGroupView } from './support/shell'
import { CUSTOMERS, NAV_ACME } from './support/expectations'

/**
 * Feature flags are saved per user. Each project uses its own user, whom no
 * other test signs in, both contacts of 1000001 (which has FSA); every test
 * puts the defaults back.
 */
function flagUser(testInfo: TestInfo) {
  return jsEnabled(testInfo)
    ? // Licence generator: SSL access is not permissible, so no Activations group.
      { email: 'raj.patel@acme.example', nav: withoutGroup(NAV_ACME, 'Activations') }
    : { email: 'lena.fischer@acme.example', nav: NAV_ACME }
}

function withoutGroup(nav: NavGroupView[], group: string) {
  return nav.filter((g) => g.group !== group)
}

/** The menu with some items gone. */
function without(nav: NavGroupView[], ...items: string[]) {
  return nav.map((g) => ({ ...g, items: g.items.filter((i) => !items.includes(i)) })).filter((g) => g.items.length > 0)
}

const FLAGS = [
  {
    name: 'fsa',
    description: 'Flexible Spending Account page: contracts, balances and orders of the customer’s FSA.',
    byDefault: true,
  },
  {
    name: 'statementsV2',
    description: 'Elastic Statements: monthly statements of elastic licensing consumption.',
    byDefault: true,
  },
  {
    name: 'webAssignmentsClassic',
    description: 'Web assignments (classic): the established layout for assigning web licences to users and groups.',
    byDefault: true,
  },
  {
    name: 'webAssignmentsV2',
    description: 'Web assignments (new layout): the redesigned assignment screens. Replaces the classic layout.',
    byDefault: false,
  },
  {
    name: 'usageDateTimeFilter',
    description: 'Date-time range picker for usage Start/End Time filters, instead of whole days.',
    byDefault: false,
  },
  {
    name: 'licensingChatbot',
    description: "'Ask anything' licensing chatbot: answers licensing questions from the documentation.",
    byDefault: false,
  },
] as const

const CONFLICT = 'Selections are in conflict. Deselect one or more option.'
const HOME = `/home?customer=${CUSTOMERS.acme.id}`

/** The 'Enabled Feature Flags' form: a modal dialog with JavaScript, a section of the page without. */
function flagsForm(page: Page, js: boolean): Locator {
  return js
    ? page.getByRole('dialog', { name: 'Enabled Feature Flags' })
    : page.getByRole('region', { name: 'Enabled Feature Flags' })
}

function flagBox(form: Locator, name: string): Locator {
  return form.getByRole('checkbox', { name: new RegExp(`^${name} `) })
}

/** Opens the form from the side menu's 'Settings > Features' control. */
async function openFlags(page: Page, js: boolean): Promise<Locator> {
  const before = new URL(page.url())
  await mainNav(page).getByRole('link', { name: 'Settings > Features' }).click()
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/settings/features' && url.searchParams.get('returnTo') === before.pathname + before.search,
  )
  const form = flagsForm(page, js)
  if (js) {
    await expect(form.getByRole('heading', { level: 2, name: 'Enabled Feature Flags' })).toBeVisible()
  } else {
    await expect(form.getByRole('heading', { level: 1, name: 'Enabled Feature Flags' })).toBeVisible()
  }
  return form
}

async function setFlags(form: Locator, enabled: readonly string[]) {
  for (const flag of FLAGS) {
    const box = flagBox(form, flag.name)
    if (enabled.includes(flag.name)) await box.check()
    else await box.uncheck()
  }
}

const DEFAULTS = FLAGS.filter((f) => f.byDefault).map((f) => f.name)

async function restoreDefaults(page: Page, js: boolean) {
  await gotoPortal(page, HOME)
  const form = await openFlags(page, js)
  await setFlags(form, DEFAULTS)
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(HOME)
  await expect(flashPanel(page, 'Success', `Feature flags applied: ${DEFAULTS.join(', ')}.`)).toBeVisible()
}

test.describe('Settings > Features', () => {
  // Same user within a project: one test after the other.
  test.describe.configure({ mode: 'default' })

  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.tags.includes('@js-only') && !jsEnabled(testInfo), 'a dialog only with JavaScript')
    await signIn(page, flagUser(testInfo).email)
    await gotoPortal(page, HOME)
    await expect(page).toHaveURL(HOME)
  })

  test.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status === 'skipped') return
    await restoreDefaults(page, jsEnabled(testInfo))
  })

  test('lists every flag with its name and description; Cancel changes nothing', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const form = await openFlags(page, js)
    await expect(form.getByRole('checkbox')).toHaveCount(FLAGS.length)
    for (const flag of FLAGS) {
      const box = form.getByRole('checkbox', { name: `${flag.name} ${flag.description}`, exact: true })
      await expect(box).toBeVisible()
      if (flag.byDefault) await expect(box).toBeChecked()
      else await expect(box).not.toBeChecked()
    }
    await expect(form.getByRole('button', { name: 'Apply' })).toBeEnabled()
    await expect(form.getByRole('button', { name: 'Clear' })).toBeEnabled()

    await flagBox(form, 'fsa').uncheck()
    await form.getByRole(js ? 'button' : 'link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(HOME)
    await expect(form.getByRole('heading', { name: 'Enabled Feature Flags' })).toBeHidden()
    await expectNav(page, flagUser(testInfo).nav)

    const again = await openFlags(page, js)
    await expect(flagBox(again, 'fsa')).toBeChecked()
    if (js) {
      // Escape closes the dialog like Cancel.
      await page.keyboard.press('Escape')
      await expect(again.getByRole('heading', { name: 'Enabled Feature Flags' })).toBeHidden()
      await expect(page).toHaveURL(HOME)
    }
  })

  test('conflicting selections are refused with a message', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const form = await openFlags(page, js)
    await expect(flagBox(form, 'webAssignmentsClassic')).toBeChecked()
    await flagBox(form, 'webAssignmentsV2').check()
    const apply = form.getByRole('button', { name: 'Apply' })
    if (js) {
      // Checked at once: the message shows and Apply is disabled.
      await expect(form.getByRole('alert')).toHaveText(CONFLICT)
      await expect(apply).toBeDisabled()
      await flagBox(form, 'webAssignmentsClassic').uncheck()
      await expect(form.getByRole('alert')).toHaveCount(0)
      await expect(apply).toBeEnabled()
      await flagBox(form, 'webAssignmentsClassic').check()
      await expect(apply).toBeDisabled()
    } else {
      // The server refuses the form (400) and shows it again with the message and the choice kept.
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/settings/features',
      )
      await apply.click()
      expect((await answer).status()).toBe(400)
      await expect(page.getByRole('alert')).toHaveText(CONFLICT)
      await expect(flagBox(flagsForm(page, js), 'webAssignmentsV2')).toBeChecked()
      await expect(flagBox(flagsForm(page, js), 'webAssignmentsClassic')).toBeChecked()
    }
    // Nothing was saved: the classic assignments are still the ones in the menu.
    await gotoPortal(page, HOME)
    await expect(mainNav(page).getByRole('link', { name: 'Assignments' })).toHaveAttribute(
      'href',
      /^\/webassignments\?/,
    )
  })

  test('Apply with fsa off hides Flexible Spending Account and refuses its page', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const form = await openFlags(page, js)
    await flagBox(form, 'fsa').uncheck()
    await form.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(HOME)
    const panel = flashPanel(page, 'Success', 'Feature flags applied: statementsV2, webAssignmentsClassic.')
    await expect(panel).toBeVisible()
    await expectNav(page, without(flagUser(testInfo).nav, 'Flexible Spending Account'))

    const response = await gotoPortal(page, `/entitlementsFSA?customer=${CUSTOMERS.acme.id}`)
    expect(response?.status()).toBe(403)
    await expect(page.getByText('This page is switched off by a feature flag.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Not available' })).toBeVisible()

    // Switched on again, the item and the page are back.
    await gotoPortal(page, HOME)
    const again = await openFlags(page, js)
    await flagBox(again, 'fsa').check()
    await again.getByRole('button', { name: 'Apply' }).click()
    await expect(
      flashPanel(page, 'Success', 'Feature flags applied: fsa, statementsV2, webAssignmentsClassic.'),
    ).toBeVisible()
    await expectNav(page, flagUser(testInfo).nav)
    const back = await gotoPortal(page, `/entitlementsFSA?customer=${CUSTOMERS.acme.id}`)
    expect(back?.status()).toBe(200)
    await expectBreadcrumbs(page, ['Entitlements', 'Flexible Spending Account'])
    await expect(page.getByText('This page is switched off by a feature flag.')).toHaveCount(0)
  })

  test('the new web assignments replace the classic ones when chosen instead', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const form = await openFlags(page, js)
    await flagBox(form, 'webAssignmentsClassic').uncheck()
    await flagBox(form, 'webAssignmentsV2').check()
    await form.getByRole('button', { name: 'Apply' }).click()
    await expect(
      flashPanel(page, 'Success', 'Feature flags applied: fsa, statementsV2, webAssignmentsV2.'),
    ).toBeVisible()
    const assignments = mainNav(page).getByRole('link', { name: 'Assignments' })
    await expect(assignments).toHaveAttribute('href', `/webassignments-v2?customer=${CUSTOMERS.acme.id}`)
    await assignments.click()
    await expect(page).toHaveURL(`/webassignments-v2?customer=${CUSTOMERS.acme.id}`)
    // The classic screens, bookmarked, lead to the matrix that replaces them.
    for (const path of ['/webassignments', '/webassignments/users']) {
      const classic = await gotoPortal(page, `${path}?customer=${CUSTOMERS.acme.id}`)
      expect(classic?.status()).toBe(200)
      await expect(page).toHaveURL(`/webassignments-v2?customer=${CUSTOMERS.acme.id}`)
      await expect(page.getByText('This page is switched off by a feature flag.')).toHaveCount(0)
    }
  })

  test('Clear switches every flag off; the success panel can be dismissed', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const form = await openFlags(page, js)
    await form.getByRole('button', { name: 'Clear' }).click()
    await expect(page).toHaveURL(HOME)
    const panel = flashPanel(page, 'Success', 'All feature flags are cleared.')
    await expect(panel).toBeVisible()
    // Every flagged screen leaves the menu: FSA, Elastic Statements and web assignments.
    await expectNav(
      page,
      without(flagUser(testInfo).nav, 'Flexible Spending Account', 'Elastic Statements', 'Assignments'),
    )
    const reopened = await openFlags(page, js)
    for (const flag of FLAGS) await expect(flagBox(reopened, flag.name)).not.toBeChecked()
    await reopened.getByRole(js ? 'button' : 'link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(HOME)

    // A panel is shown once, and Dismiss closes it.
    await page.goto(`/settings/features?returnTo=${encodeURIComponent(HOME)}`)
    const form2 = flagsForm(page, js)
    await expect(form2.getByRole('heading', { name: 'Enabled Feature Flags' })).toBeVisible()
    await setFlags(form2, DEFAULTS)
    await form2.getByRole('button', { name: 'Apply' }).click()
    const applied = flashPanel(page, 'Success', `Feature flags applied: ${DEFAULTS.join(', ')}.`)
    await expect(applied).toBeVisible()
    await applied.getByRole(js ? 'button' : 'link', { name: 'Dismiss' }).click()
    await expect(applied).toHaveCount(0)
    await expect(page).toHaveURL(HOME)
    await expectNav(page, flagUser(testInfo).nav)
  })

  // Headless UI hides the page behind a dialog only once it knows the page's main tree; the second
  // opening of a page visit used to leave the shell reachable (see app/ui/modal-dialog.tsx).
  test(
    'with JavaScript the form is a modal dialog over the shell, every time it opens',
    { tag: '@js-only' },
    async ({ page }) => {
      for (const round of ['first', 'second']) {
        const form = await openFlags(page, true)
        // The shell stays on screen behind the dialog, but out of reach of keyboard and assistive technology.
        await expect(
          mainNav(page),
          `${round} opening: the page behind is hidden from assistive technology`,
        ).toHaveCount(0)
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab')
          await expect(form.locator(':focus'), `${round} opening: Tab stays inside the dialog`).toHaveCount(1)
        }
        await form.getByRole('button', { name: 'Cancel' }).click()
        await expect(page).toHaveURL(HOME)
        await expect(mainNav(page)).toBeVisible()
      }
    },
  )
})
