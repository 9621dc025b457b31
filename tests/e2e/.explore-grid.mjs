import { chromium } from '@playwright/test'
const base = 'http://localhost:3217'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const js of [false, true]) {
  const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1300, height: 900 } })
  const page = await ctx.newPage()
  page.on('pageerror', (e) => console.log('pageerror:', e.message))
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()) })
  await page.goto(base + '/auth/login')
  await page.getByLabel('Email').fill('lena.fischer@acme.example')
  await page.getByLabel('Password').fill('demo')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/home/)
  const tag = js ? 'js' : 'nojs'
  await page.goto(base + '/emails?customer=1000001&size=20&filterDialog=to&panel=columns')
  if (js) {
    await page.getByRole('combobox', { name: 'Customer', exact: true }).waitFor()
    await page.waitForTimeout(1200)
  }
  await page.screenshot({ path: `/tmp/grid/shots/dialog-${tag}.png` })
  await browser.contexts()
  await ctx.close()
}
await browser.close()
