import fs from 'node:fs/promises'
import { expect, test, type Locator, type Page, type TestInfo } from './support/test'
import { signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { flashPanel, mainNav } from './support/shell'
import { expectNoSeriousA11yViolations } from './support/a11y'

/**
 * Elastic IP Settings and Elastic Credentials (spec 1 section 2.8, spec 2 "Elastic
 * Credentials screen"). Each project edits its own customer's server, so the two
 * projects can run at the same time: no-js works on 1000001 as its administrator,
 * js on 1000002 as the channel partner. Tests restore what they change, so a
 * re-run on the same database starts from the same state.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const ACCOUNTS = {
  'no-js': {
    customer: '1000001',
    email: 'admin@acme.example',
    serverId: 'ELS-1000001-7F3A9C21',
    alias: 'Acme Elastic License Server',
  },
  js: {
    customer: '1000002',
    email: 'partner@channel.example',
    serverId: 'ELS-1000002-4B81D0E6',
    alias: 'Borealis Elastic License Server',
  },
} as const

const VIEWER = { customer: '1000001', email: 'viewer@acme.example' }

const TEXT = {
  allowed: 'All IP Addresses are allowed',
  blocked: 'All other IP Addresses are blocked',
  leadingZeros: 'IPv4 parts must not have leading zeros (write 1.2.3.4, not 01.2.3.4).',
  ruleNameRequired: 'Rule name is required.',
  pinInvalid: 'PIN number is not valid. Please enter a 6 digits number.',
  pinExportInvalid: 'PIN number is not valid. Please enter a 6 digits number and save it before exporting.',
  pinQuestion: 'Are you sure you want to change the PIN for this Elastic License Server?',
  usersQuestion: 'Are you sure you want to change the allowed usernames for this Elastic License Server?',
  usersInvalid: 'List of usernames is not valid. Please enter a valid list.',
  allowingAll: 'Allowing all users with current PIN',
  blockingOthers: 'Blocking all other users',
  viewOnlyRefused: 'View-only users cannot change elastic server settings',
}

function account(testInfo: TestInfo) {
  return ACCOUNTS[jsEnabled(testInfo) ? 'js' : 'no-js']
}

const tag = () => Math.random().toString(36).slice(2, 8)

/** A 6-digit PIN different from `old` (and from the one the view-only test tries). */
function newPin(old: string) {
  for (;;) {
    const pin = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')
    if (pin !== old && pin !== '123123') return pin
  }
}

const ruleName = (page: Page, row: number) => page.getByRole('textbox', { name: `Rule name, row ${row}`, exact: true })
const ruleAddress = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `IP address, row ${row}`, exact: true })
const ruleNames = (page: Page) => page.getByRole('textbox', { name: /^Rule name, row \d+$/ })
/** The number of rules once the whole table is on the page (Add Rule comes after it). */
async function ruleCount(page: Page) {
  await expect(page.getByRole('button', { name: 'Add Rule' })).toBeVisible()
  return ruleNames(page).count()
}
const ruleValues = (page: Page) =>
  ruleNames(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

/** The confirmation: a panel titled Confirm without JavaScript, a dialog with it. */
function confirmation(page: Page, js: boolean): Locator {
  // The dialog element itself has no box (its panel is fixed-positioned): look at the panel.
  return js
    ? page.getByRole('dialog', { name: 'Confirm' }).getByTestId('confirm-dialog')
    : page.getByRole('region', { name: 'Confirm' })
}

async function answer(page: Page, js: boolean, question: string, serverId: string, reply: 'Yes' | 'No') {
  const box = confirmation(page, js)
  await expect(box).toBeVisible()
  await expect(box.getByText(question)).toBeVisible()
  await expect(box.getByText(serverId, { exact: true })).toBeVisible()
  if (js) {
    const width = await box.evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBe(350)
    // A modal: the page behind is hidden from assistive technology.
    await expect(mainNav(page)).toHaveCount(0)
  }
  await box.getByRole(reply === 'Yes' ? 'button' : js ? 'button' : 'link', { name: reply, exact: true }).click()
}

async function saveWhitelist(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(flashPanel(page, 'Success', 'The IP whitelist has been saved.')).toBeVisible()
}

test('IP rules round trip: add, validate, save, reload, remove, cancel', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  const { customer, email, serverId } = account(testInfo)
  const path = `/whitelistips?customer=${customer}`
  await signIn(page, email, { start: path })
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic IP Settings' })).toBeVisible()
  await expect(page.getByText(serverId)).toBeVisible()
  await expect(
    page.getByText('IPv4 and IPv6 explicit addresses and CIDR notation such as 203.0.113.7/32 are supported.'),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const before = await ruleCount(page)
  const banner = page.getByTestId('whitelist-banner')
  await expect(banner).toHaveText(before === 0 ? TEXT.allowed : TEXT.blocked)
  const save = page.getByRole('button', { name: 'Save', exact: true })
  if (js) await expect(save).toBeDisabled()

  const id = tag()
  const first = { name: `E2E ${id} office`, address: '198.51.100.10/32' }
  const second = { name: `E2E ${id} vpn`, address: '2001:db8:e2e::/64' }

  await page.getByRole('button', { name: 'Add Rule' }).click()
  await expect(ruleNames(page)).toHaveCount(before + 1)
  await ruleName(page, before + 1).fill(first.name)
  await ruleAddress(page, before + 1).fill(first.address)
  await page.getByRole('button', { name: 'Add Rule' }).click()
  await expect(ruleNames(page)).toHaveCount(before + 2)
  // Without JavaScript, adding a row went through the server and kept what was typed.
  await expect(ruleName(page, before + 1)).toHaveValue(first.name)
  await ruleName(page, before + 2).fill(second.name)
  await ruleAddress(page, before + 2).fill('01.2.3.4')

  if (js) {
    await ruleAddress(page, before + 2).blur()
    await expect(page.getByText(TEXT.leadingZeros)).toBeVisible()
    await expect(save).toBeDisabled()
  } else {
    await save.click()
    await expect(page.getByText(TEXT.leadingZeros)).toBeVisible()
    await expect(ruleName(page, before + 2)).toHaveValue(second.name)
  }
  await expect(ruleAddress(page, before + 2)).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page)

  await ruleAddress(page, before + 2).fill(second.address)
  if (js) {
    await expect(page.getByText(TEXT.leadingZeros)).toHaveCount(0)
    await expect(save).toBeEnabled()
  }
  // Enter in a field saves (it must not trigger a row's Remove, the first button in the form).
  await ruleAddress(page, before + 2).press('Enter')
  await expect(flashPanel(page, 'Success', 'The IP whitelist has been saved.')).toBeVisible()
  await expect(banner).toHaveText(TEXT.blocked)

  await page.reload()
  await expect(ruleNames(page)).toHaveCount(before + 2)
  await expect(ruleName(page, before + 1)).toHaveValue(first.name)
  await expect(ruleAddress(page, before + 1)).toHaveValue(first.address)
  await expect(ruleName(page, before + 2)).toHaveValue(second.name)
  await expect(ruleAddress(page, before + 2)).toHaveValue(second.address)

  // Cancel brings back the saved list after an unsaved removal.
  await page.getByRole('button', { name: `Remove rule ${before + 1}` }).click()
  await expect(ruleNames(page)).toHaveCount(before + 1)
  const cancel = js ? page.getByRole('button', { name: 'Cancel' }) : page.getByRole('link', { name: 'Cancel' })
  await cancel.click()
  await expect(ruleNames(page)).toHaveCount(before + 2)
  await expect(ruleName(page, before + 1)).toHaveValue(first.name)
  if (js) await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled()

  // Remove both rules again and save: the list is as it was before the test.
  await page.getByRole('button', { name: `Remove rule ${before + 2}` }).click()
  await page.getByRole('button', { name: `Remove rule ${before + 1}` }).click()
  await expect(ruleNames(page)).toHaveCount(before)
  await saveWhitelist(page)
  await expect(ruleNames(page)).toHaveCount(before)
  expect(await ruleValues(page)).not.toContain(first.name)
  await expect(banner).toHaveText(before === 0 ? TEXT.allowed : TEXT.blocked)
})

test('a missing rule name is refused with its message', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  const { customer, email } = account(testInfo)
  await signIn(page, email, { start: `/whitelistips?customer=${customer}` })
  const before = await ruleCount(page)
  await page.getByRole('button', { name: 'Add Rule' }).click()
  await ruleAddress(page, before + 1).fill('203.0.113.9')
  if (js) {
    await ruleName(page, before + 1).focus()
    await ruleName(page, before + 1).blur()
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click()
  }
  await expect(page.getByText(TEXT.ruleNameRequired)).toBeVisible()
  // Leave without saving (with JavaScript the unsaved-changes warning asks first).
  await page.getByRole('link', { name: 'Elastic Credentials' }).click()
  if (js) {
    const warning = page.getByTestId('unsaved-changes-dialog')
    await expect(warning).toContainText('WARNING: You have unsaved changes.')
    await warning.getByRole('button', { name: 'Ok' }).click()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic Credentials' })).toBeVisible()
  await page.goto(`/whitelistips?customer=${customer}`)
  await expect(ruleNames(page)).toHaveCount(before)
})

/** Saves that do not carry the list they started from (confirmed already, for Credentials). */
const BLIND_SAVES: {
  screen: string
  path: string
  form: Record<string, string>
  saved: (page: Page) => Promise<unknown>
}[] = [
  {
    screen: 'IP Settings',
    path: '/whitelistips',
    form: { 'rules[0].rulename': 'Blind save', 'rules[0].ipaddress': '0.0.0.0/0' },
    saved: ruleValues,
  },
  {
    screen: 'Elastic Credentials',
    path: '/clscredentials',
    form: { intent: 'saveusers', users: 'blind.save', confirm: 'yes' },
    saved: (page: Page) => page.getByLabel('Allowed usernames').inputValue(),
  },
]

for (const blindSave of BLIND_SAVES) {
  test(`${blindSave.screen}: a save that does not carry the list it started from is refused and changes nothing`, async ({
    page,
  }, testInfo) => {
    const { customer, email } = account(testInfo)
    await signIn(page, email, { start: `${blindSave.path}?customer=${customer}` })
    const before = await blindSave.saved(page)
    const blind = await page.request.post(`${blindSave.path}?customer=${customer}`, { form: blindSave.form })
    expect(blind.status()).toBe(400)
    expect(await blind.text()).toContain(
      'This page is out of date: reload it and make your change again. Nothing was saved.',
    )
    await page.reload()
    expect(await blindSave.saved(page)).toEqual(before)
  })
}

test('PIN change asks for confirmation; No keeps the old PIN, Yes changes it; export downloads it', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  const { customer, email, serverId, alias } = account(testInfo)
  const path = `/clscredentials?customer=${customer}`
  await signIn(page, email, { start: path })
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic Credentials' })).toBeVisible()
  await expect(page.getByTestId('server-id')).toHaveText(serverId)
  const pinBox = page.getByLabel('PIN', { exact: true })
  // A server without a PIN (1000002 on first visit) gets one silently.
  await expect(pinBox).toHaveValue(/^\d{6}$/)
  const oldPin = await pinBox.inputValue()
  await expect(page.getByTestId('no-pin')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const change = page.getByRole('button', { name: 'Change PIN' })
  if (js) {
    await expect(change).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Cancel' }).first()).toBeDisabled()
  }

  // An invalid PIN is refused with the spec's message.
  await pinBox.fill('12ab')
  if (js) {
    await expect(page.getByText(TEXT.pinInvalid, { exact: true })).toBeVisible()
    await expect(change).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Export ID & PIN' })).toBeDisabled()
  } else {
    await change.click()
    await expect(page.getByText(TEXT.pinInvalid, { exact: true })).toBeVisible()
    await expect(pinBox).toHaveValue('12ab')
  }

  const pin = newPin(oldPin)
  await pinBox.fill(pin)
  if (!js) {
    // Export with a PIN that is not the stored one is refused.
    await page.getByRole('button', { name: 'Export ID & PIN' }).click()
    await expect(page.getByText(TEXT.pinExportInvalid)).toBeVisible()
  }
  await expect(change).toBeEnabled()
  await change.click()
  await answer(page, js, TEXT.pinQuestion, serverId, 'No')
  await expect(confirmation(page, js)).toHaveCount(0)
  if (js) {
    await expect(pinBox).toHaveValue(pin)
    await page.getByRole('button', { name: 'Cancel' }).first().click()
  }
  await page.reload()
  await expect(pinBox).toHaveValue(oldPin)

  await pinBox.fill(pin)
  await expectNoSeriousA11yViolations(page)
  await change.click()
  if (!js) await expectNoSeriousA11yViolations(page)
  await answer(page, js, TEXT.pinQuestion, serverId, 'Yes')
  await expect(flashPanel(page, 'Success', 'The PIN has been changed.')).toBeVisible()
  await expect(pinBox).toHaveValue(pin)
  await page.reload()
  await expect(pinBox).toHaveValue(pin)

  // Export ID & PIN: a JSON file with clsid, Alias and PIN.
  const exportButton = js
    ? page.getByRole('link', { name: 'Export ID & PIN' })
    : page.getByRole('button', { name: 'Export ID & PIN' })
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()])
  expect(download.suggestedFilename()).toBe(`elastic-server-${serverId}.json`)
  const content = JSON.parse(await fs.readFile((await download.path())!, 'utf8'))
  expect(content).toEqual({ clsid: serverId, Alias: alias, PIN: pin })
})

test('allowed usernames: validation, confirmation and the two banner texts', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  const { customer, email, serverId } = account(testInfo)
  await signIn(page, email, { start: `/clscredentials?customer=${customer}` })
  const users = page.getByLabel('Allowed usernames')
  const banner = page.getByTestId('users-banner')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await expect(save).toBeVisible()
  const original = await users.inputValue()
  await expect(banner).toHaveText(original === '' ? TEXT.allowingAll : TEXT.blockingOthers)
  if (js) await expect(save).toBeDisabled()

  await users.fill('alice\nALICE')
  if (js) {
    await expect(page.getByText(TEXT.usersInvalid)).toBeVisible()
    await expect(save).toBeDisabled()
  } else {
    await save.click()
    await expect(page.getByText(TEXT.usersInvalid)).toBeVisible()
  }

  const id = tag()
  const list = [`e2e-${id}`, 'Build.Agent', 'DOMAIN\\svc']
  await users.fill(list.join('\n'))
  await save.click()
  await answer(page, js, TEXT.usersQuestion, serverId, 'Yes')
  await expect(flashPanel(page, 'Success', 'The allowed usernames have been saved.')).toBeVisible()
  await expect(banner).toHaveText(TEXT.blockingOthers)
  await page.reload()
  await expect(users).toHaveValue(list.join('\n'))

  // No leaves the saved list alone.
  await users.fill('')
  await save.click()
  await answer(page, js, TEXT.usersQuestion, serverId, 'No')
  await page.reload()
  await expect(users).toHaveValue(list.join('\n'))

  await users.fill('')
  await save.click()
  await answer(page, js, TEXT.usersQuestion, serverId, 'Yes')
  await expect(flashPanel(page, 'Success', 'The allowed usernames have been saved.')).toBeVisible()
  await expect(banner).toHaveText(TEXT.allowingAll)
  await expect(users).toHaveValue('')

  if (original !== '') {
    await users.fill(original)
    await save.click()
    await answer(page, js, TEXT.usersQuestion, serverId, 'Yes')
    await expect(banner).toHaveText(TEXT.blockingOthers)
  }
})

test('a view-only user sees disabled controls and a direct POST is refused', async ({ page }) => {
  await signIn(page, VIEWER.email, { start: `/whitelistips?customer=${VIEWER.customer}` })
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic IP Settings' })).toBeVisible()
  await expect(page.getByText('You have view-only access')).toBeVisible()
  const names = ruleNames(page)
  expect(await ruleCount(page)).toBeGreaterThan(0)
  for (const box of await names.all()) await expect(box).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add Rule' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Remove rule 1' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  const refusedIps = await page.request.post(`/whitelistips?customer=${VIEWER.customer}`, {
    form: { baseline: '[]', 'rules[0].rulename': 'Viewer rule', 'rules[0].ipaddress': '192.0.2.1' },
  })
  expect(refusedIps.status()).toBe(403)
  expect(await refusedIps.text()).toContain(TEXT.viewOnlyRefused)
  await page.reload()
  expect(await ruleValues(page)).not.toContain('Viewer rule')

  await page.goto(`/clscredentials?customer=${VIEWER.customer}`)
  const pinBox = page.getByLabel('PIN', { exact: true })
  await expect(pinBox).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Change PIN' })).toBeDisabled()
  await expect(page.getByLabel('Allowed usernames')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  const refusedPin = await page.request.post(`/clscredentials?customer=${VIEWER.customer}`, {
    form: { intent: 'changepin', pin: '123123', confirm: 'yes' },
    maxRedirects: 0,
  })
  expect(refusedPin.status()).toBe(403)
  expect(await refusedPin.text()).toContain(TEXT.viewOnlyRefused)
  await page.reload()
  await expect(pinBox).not.toHaveValue('123123')
})
