import { test as base, expect, type Request, type Response } from '@playwright/test'
import { htmlErrors, type HtmlProblem } from './html-check'

export * from '@playwright/test'

interface CheckedDocument {
  url: string
  /** The checker's verdict, asked for as soon as the document arrives. */
  problems: Promise<HtmlProblem[]>
}

/**
 * Every test of the browser suite: each HTML document the portal (or its
 * identity provider) serves during the test, and with JavaScript the page as
 * it stands at the end of the test, goes through the Nu HTML checker; the test
 * fails on any error it reports.
 */
export const test = base.extend<{ validHtml: void; viewSavesStored: void }>({
  validHtml: [
    async ({ context, page, baseURL }, use, testInfo) => {
      const origin = new URL(baseURL ?? 'http://localhost').origin
      const documents: Promise<CheckedDocument | null>[] = []
      const onResponse = (response: Response) => {
        if (!isOwnDocument(response, origin)) return
        documents.push(
          response.text().then(
            (html) => ({ url: response.url(), problems: askChecker(html) }),
            // The page moved on before its body could be read: nothing to check.
            () => null,
          ),
        )
      }
      context.on('response', onResponse)
      await use()
      context.off('response', onResponse)

      if (testInfo.project.name === 'js' && !page.isClosed() && page.url().startsWith(origin)) {
        const html = await page.content().catch(() => null)
        if (html) documents.push(Promise.resolve({ url: `${page.url()} (after scripts)`, problems: askChecker(html) }))
      }
      // A test that already failed reports its own failure; the checker's adds nothing to it.
      if (testInfo.status !== testInfo.expectedStatus) return
      const problems: string[] = []
      for (const document of await Promise.all(documents)) {
        if (!document) continue
        for (const problem of await document.problems) problems.push(describe(document.url, problem))
      }
      expect(problems, 'the Nu HTML checker finds no errors in the pages of this test').toEqual([])
    },
    { auto: true },
  ],

  /**
   * With JavaScript a grid saves the user's view of it 2 s after the last change, or when the
   * page is left, and the next test may be the same user's and open that grid with the saved
   * view. Before a test ends, a save still waiting is sent (as leaving the page would send it),
   * and every view save of the test has its answer.
   */
  viewSavesStored: [
    async ({ page, baseURL }, use, testInfo) => {
      const answers: Promise<unknown>[] = []
      const onRequest = (request: Request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/resources/grid/'))
          answers.push(request.response().catch(() => null))
      }
      page.on('request', onRequest)
      await use()
      const origin = new URL(baseURL ?? 'http://localhost').origin
      if (testInfo.project.name === 'js' && !page.isClosed() && page.url().startsWith(origin))
        await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide'))).catch(() => {})
      page.off('request', onRequest)
      await Promise.all(answers)
    },
    { auto: true },
  ],
})

/**
 * The checker's verdict on a document, asked for at once so that it is ready by the end of the
 * test; a failure to answer shows where the verdict is read (and nowhere if the test failed anyway).
 */
function askChecker(html: string): Promise<HtmlProblem[]> {
  const verdict = htmlErrors(html)
  verdict.catch(() => {})
  return verdict
}

function isOwnDocument(response: Response, origin: string): boolean {
  const request = response.request()
  if (!request.isNavigationRequest() || !inMainFrame(request)) return false
  if (!response.url().startsWith(origin)) return false
  if (response.status() >= 300 && response.status() < 400) return false
  return (response.headers()['content-type'] ?? '').startsWith('text/html')
}

function inMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null
  } catch {
    // A new window's first request comes before its frame exists: that is a main frame too.
    return true
  }
}

function describe(url: string, problem: HtmlProblem): string {
  const where = problem.line ? ` (line ${problem.line})` : ''
  const extract = problem.extract ? `: ${problem.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''
  return `${url}${where}: ${problem.message}${extract}`
}
