import { NOTICE_TEXTS, NOTICE_TITLES, type NoticePage } from '../screens/notice-pages'

/** A notice page: why a screen is not available. Its exit rule runs in its guard. */
export function noticePage(page: NoticePage) {
  return function Notice() {
    return (
      <section aria-labelledby="page-title" className="space-y-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {NOTICE_TITLES[page]}
        </h1>
        <p data-testid="notice-text" className="rounded border border-gray-300 bg-white p-4">
          {NOTICE_TEXTS[page]}
        </p>
      </section>
    )
  }
}
