import { NOTICE_TEXTS, type NoticePage } from '../domain/notice-pages'

const TITLES: Record<NoticePage, string> = {
  nocustomer: 'No customer',
  noselectedcustomer: 'No customer selected',
  notypecustomer: 'Customer type not allowed',
  nopermissions: 'Not enough permissions',
  noaccess: 'Access denied',
  noascaccess: 'Support Coordinator required',
}

/** A notice page: why a screen is not available. Its exit rule runs in its guard. */
export function noticePage(page: NoticePage) {
  return function Notice() {
    return (
      <section aria-labelledby="page-title" className="space-y-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {TITLES[page]}
        </h1>
        <p data-testid="notice-text" className="rounded border border-gray-300 bg-white p-4">
          {NOTICE_TEXTS[page]}
        </p>
      </section>
    )
  }
}
