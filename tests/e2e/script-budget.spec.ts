import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type BrowserContext, type Page, type Response } from './support/test'
import { signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { mainNav } from './support/shell'

/**
 * The script budget (docs/decisions/0007-browser-script-budget.md): no page loads more
 * than 150 KB of script as sent over the wire (compressed). Each page opens in a page
 * of its own with the browser's cache off, and every script response until the
 * network is idle counts.
 */
const BUDGET = 150 * 1024
const ACME = '1000001'
const BOREALIS = '1000002'

test.beforeEach(async ({}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'Scripts run with JavaScript only')
})

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || (response.headers()['content-type'] ?? '').includes('javascript')

/** Collects the script responses of `page` from now on; the total is their compressed body sizes. */
function scriptRecorder(page: Page) {
  const responses: Response[] = []
  const listener = (response: Response) => {
    if (isScript(response)) responses.push(response)
  }
  page.on('response', listener)
  return {
    async total() {
      page.off('response', listener)
      let bytes = 0
      let raw = 0
      const uncompressed: string[] = []
      for (const response of responses) {
        const { responseBodySize } = await response.request().sizes()
        const size = (await response.body()).length
        bytes += responseBodySize
        raw += size
        // The compression middleware leaves bodies under 1 KB as they are.
        if (size > 1024 && !response.headers()['content-encoding']) uncompressed.push(response.url())
      }
      return { bytes, raw, uncompressed, count: responses.length }
    },
  }
}

/** A page of its own in the signed-in context, with the browser's cache off. */
async function freshPage(context: BrowserContext) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  return page
}

/** The page ran its scripts: the toolbar's customer search became a combobox (under a modal dialog, too). */
async function expectScriptsRan(page: Page, path: string) {
  await expect(page.locator('header [role="combobox"]'), path).toBeAttached()
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The first link of `page` whose address matches `pattern`, without its query. */
async function firstLinkPath(page: Page, path: string, pattern: RegExp) {
  await page.goto(path)
  const href = await page
    .locator('main a[href]')
    .evaluateAll(
      (links, source) =>
        links.map((a) => a.getAttribute('href') ?? '').find((href) => new RegExp(source).test(href.split('?')[0])),
      pattern.source,
    )
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy()
  return href!.split('?')[0]
}

test('every portal page loads at most 150 KB of compressed script', async ({ page, context }) => {
  test.setTimeout(180_000)
  await signIn(page, 'admin@acme.example', { start: `/home?customer=${ACME}` })
  const email = await firstLinkPath(page, `/emails?customer=${ACME}`, /^\/emails\/\d+$/)
  const alert = await firstLinkPath(
    page,
    `/notifications-category/critical?customer=${ACME}`,
    /^\/notification-details\/\d+$/,
  )

  const paths = [
    '/home',
    '/customers?q=acme',
    '/emails',
    email,
    '/notifications',
    '/notifications?tab=resolved',
    '/notifications-category/critical',
    alert,
    '/portalaccess',
    '/portalaccess/audit',
    '/whitelistips',
    '/clscredentials',
    '/settings/features',
    '/ssl',
    '/elastic',
    '/activations',
    '/activations-history',
    '/entitlementsFSA',
    '/entitlementsFSA?tab=order',
    '/entitlementsFSA?tab=history',
    '/transactions',
    '/statementv2',
    '/webassignments',
    '/webassignments/entitlements',
    '/webassignments/groups',
    '/webassignments/groups/Design',
    '/webassignments/users',
    '/webassignments/users/admin%40acme.example',
    '/webtransactions',
    '/webreporting',
    '/help',
    '/help?q=licence+file',
    '/help/rehost-a-licence-server',
    '/ask?q=how+much+elastic+credit+is+left',
    '/nopermissions',
    '/no-such-page',
  ].map((path) => `${path}${path.includes('?') ? '&' : '?'}customer=${ACME}`)
  await expectWithinBudget(context, paths)
})

test('the assignment matrix loads at most 150 KB of compressed script', async ({ page, context }) => {
  test.setTimeout(90_000)
  // Users who have the matrix (webAssignmentsV2) from the seed: an administrator of Acme (shared and named
  // licences) and one of Borealis (named only).
  await signIn(page, 'webmatrix.admin@acme.example', { start: `/home?customer=${ACME}` })
  await expectWithinBudget(context, [
    `/webassignments-v2?customer=${ACME}`,
    `/webassignments-v2?customer=${ACME}&page=2`,
  ])
  await signIn(page, 'webmatrix.admin@borealis.example', { start: `/home?customer=${BOREALIS}` })
  await expectWithinBudget(context, [`/webassignments-v2?customer=${BOREALIS}`])
})

/** Opens each path in a fresh page of the signed-in context and checks the script each loads against the budget. */
async function expectWithinBudget(context: BrowserContext, paths: string[]) {
  const figures: { path: string; bytes: number; raw: number; count: number }[] = []
  const uncompressed = new Set<string>()
  for (const path of paths) {
    const view = await freshPage(context)
    const recorder = scriptRecorder(view)
    await view.goto(path, { waitUntil: 'networkidle' })
    await expectScriptsRan(view, path)
    const result = await recorder.total()
    for (const url of result.uncompressed) uncompressed.add(url)
    figures.push({ path, ...result })
    await view.close()
  }

  const table = figures.map(
    (f) =>
      `${kb(f.bytes).padStart(9)} (${kb(f.raw).padStart(9)} raw) ${String(f.count).padStart(3)} scripts  ${f.path}`,
  )
  console.log(`Compressed script per page (budget ${kb(BUDGET)}):\n${table.join('\n')}`)
  await test.info().attach('script-budget.txt', {
    body: table.join('\n'),
    contentType: 'text/plain',
  })
  expect([...uncompressed], 'scripts sent without compression').toEqual([])
  const over = figures.filter((f) => f.bytes > BUDGET).map((f) => `${f.path}: ${kb(f.bytes)}`)
  expect(over, 'pages above the budget').toEqual([])
}

test('going from Home to Emails in the page adds at most 150 KB of compressed script', async ({ page, context }) => {
  await signIn(page, 'admin@acme.example', { start: `/home?customer=${ACME}` })
  const view = await freshPage(context)
  await view.goto(`/home?customer=${ACME}`, { waitUntil: 'networkidle' })
  await expectScriptsRan(view, '/home')

  const recorder = scriptRecorder(view)
  await mainNav(view).getByRole('link', { name: 'Emails', exact: true }).click()
  await expect(view).toHaveURL(`/emails?customer=${ACME}`)
  await expect(view.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible()
  await view.waitForLoadState('networkidle')
  const { bytes, count } = await recorder.total()
  console.log(`Home -> Emails in the page: ${kb(bytes)} in ${count} scripts`)
  expect(count, 'the Emails page brings its own scripts').toBeGreaterThan(0)
  expect(bytes).toBeLessThanOrEqual(BUDGET)
})

/** The browser's build (Remix's assetsBuildDirectory): every script any page may load. */
const CLIENT_BUILD = 'public/build'

test('no browser script holds the assistant’s language model or its corpus of questions', () => {
  const scripts = readdirSync(CLIENT_BUILD, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
  expect(scripts.length, 'the browser build has scripts').toBeGreaterThan(0)
  const corpus = JSON.parse(readFileSync('app/ask/corpus/questions.json', 'utf8')) as { id: string; question: string }[]
  // NLP.js names its NLU manager so; each corpus entry has an id no other code holds, and the longer questions are
  // unlike any other text.
  const questions = corpus.map((q) => q.question).filter((q) => q.length >= 25)
  const markers = ['nlu-manager', '@nlpjs', ...corpus.map((q) => `"${q.id}"`), ...questions]
  const found = scripts.flatMap((file) => {
    const text = readFileSync(join(CLIENT_BUILD, file), 'utf8')
    return markers.filter((m) => text.includes(m)).map((m) => `${file}: ${m}`)
  })
  expect(found).toEqual([])
})
