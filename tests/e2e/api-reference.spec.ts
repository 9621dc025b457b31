import { expect, test } from './support/test'

const SCRIPT_CLIENT = 'licensing-scripts'
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

test.describe('the API for scripts', () => {
  test('the reference page lists every area and call, with who may call it', async ({ page }) => {
    await page.goto('/api/docs')
    await expect(page).toHaveTitle('Licensing API reference')
    await expect(page.getByRole('heading', { level: 1, name: 'Licensing API reference' })).toBeVisible()
    const areas = page.getByRole('navigation', { name: 'Areas' })
    await areas.getByRole('link', { name: 'Accounts', exact: true }).click()
    await expect(page).toHaveURL(/#tag-accounts$/)
    const info = page.getByRole('region', { name: 'GET /getaccountinfo/{customerNumber}' })
    await expect(info).toContainText('Anyone who may see the customer named in the request.')
    // Whether a call only reads is said once, beside its summary.
    await expect(info.getByText('Only reads: safe to send again.')).toHaveCount(1)
    await info.getByText('Reply (application/json)').click()
    await expect(info.getByText('"customerName"')).toBeVisible()
    await expect(page.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('href', 'openapi.json')
  })

  test('a script signs in by a code the user confirms, and calls the API as that user', async ({ page, request }) => {
    const auth = await request.post('/oidc/device/auth', { form: { client_id: SCRIPT_CLIENT, scope: 'openid' } })
    const device = (await auth.json()) as { device_code: string; user_code: string; verification_uri: string }

    await page.goto(new URL(device.verification_uri).pathname)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in a script to the Licensing API' })).toBeVisible()
    await page.getByLabel('Code').fill(device.user_code)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Let this script use the Licensing API as you?' }),
    ).toBeVisible()
    await expect(page.getByText(device.user_code, { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Email').fill('partner@channel.example')
    await page.getByLabel('Password').fill('demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your script is signed in.' })).toBeVisible()

    const granted = await request.post('/oidc/token', {
      form: { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: SCRIPT_CLIENT },
    })
    expect(granted.status()).toBe(200)
    const { access_token: token } = (await granted.json()) as { access_token: string }
    const me = await request.get('/api/getUserDetails', { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toMatchObject({ status: 'SUCCESS', data: { email: 'partner@channel.example' } })
  })
})
