import type { TestInfo } from '@playwright/test'

/** The `js` project runs with JavaScript; `no-js` without. */
export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'js'
}
