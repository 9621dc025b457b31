/**
 * The two looks of a confirmation: without JavaScript a panel titled Confirm in
 * the page, with it the 350 px dialog, which (with Headless UI) loads when a
 * question is first asked, not with the page.
 */
import { lazy, type ReactNode } from 'react'

export const LazyConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
)

export function ConfirmPanel({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="confirm-title"
      className={`max-w-xl rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-gray-900 ${className}`}
      data-testid="confirm-panel"
    >
      <h2 id="confirm-title" className="text-lg font-semibold">
        Confirm
      </h2>
      {children}
    </section>
  )
}
