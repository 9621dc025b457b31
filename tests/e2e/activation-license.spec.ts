/**
 * A host's licence file downloaded from the portal (/activations/license): the
 * FlexNet lines of the host's activations under the API's file name, signed;
 * another customer's host is not found. View-only users may download.
 */
import { expect, test } from './support/test'
import { signIn } from './support/auth'

const license = (customer: string, serverId: string) =>
  `/activations/license?customer=${customer}&serverId=${serverId}&serverIdType=ETHERNET`

test('a host licence file downloads with its SERVER, VENDOR and INCREMENT lines', async ({ page }) => {
  await signIn(page, 'viewer@acme.example')
  const reply = await page.request.get(license('1000001', '00155d0a1b2c'))
  expect(reply.status()).toBe(200)
  expect(reply.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(reply.headers()['content-disposition']).toBe('attachment; filename="license_1000001_00155d0a1b2c.lic"')
  const lines = (await reply.text()).replace(/ \\\n\t/g, ' ').split('\n')
  expect(lines.filter((l) => l.startsWith('SERVER '))).toEqual(['SERVER acme-lic01 00155d0a1b2c 1055'])
  expect(lines).toContain('VENDOR ansyslmd')
  expect(lines).toContain('USE_SERVER')
  const increments = lines.filter((l) => l.startsWith('INCREMENT '))
  expect(increments.length).toBeGreaterThan(0)
  for (const line of increments) {
    expect(line).toMatch(/^INCREMENT \S+ ansyslmd \d{4}\.\d{4} (\d{2}-[a-z]{3}-\d{4}|permanent) \d+ /)
    expect(line).toMatch(/VENDOR_STRING="customer=1000001" ISSUED=\d{2}-[a-z]{3}-\d{4} START=/)
    expect(line).toMatch(/ SN=\S+ SIGN="[0-9A-F]{40}"$/)
  }

  const other = await page.request.get(license('1000001', '3c7d9e4f6a81'))
  expect(other.status()).toBe(404)
  expect(await other.text()).toBe('Server 3c7d9e4f6a81 is not a licence server of customer 1000001')
})
