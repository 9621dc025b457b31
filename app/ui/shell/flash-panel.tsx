import { useState } from 'react'
import { useLocation } from '@remix-run/react'
import { useHydrated } from '../use-hydrated'

export type FlashType = 'success' | 'error' | 'warning'

const styles: Record<FlashType, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-900',
}
const titles: Record<FlashType, string> = { success: 'Success', error: 'Error', warning: 'Warning' }

/**
 * A dismissible message panel rendered on the server. Without JavaScript,
 * Dismiss reloads the page (the message is shown only once); with it, the
 * panel just closes.
 */
export function FlashPanel({ type, message }: { type: FlashType; message: string }) {
  const [open, setOpen] = useState(true)
  const hydrated = useHydrated()
  const location = useLocation()
  if (!open) return null
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={`mb-4 flex items-start justify-between gap-4 rounded border-l-4 px-4 py-3 ${styles[type]}`}
      data-flash={type}
    >
      <p className="min-w-0 break-words">
        <strong className="mr-1">{titles[type]}:</strong>
        {message}
      </p>
      {hydrated ? (
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Dismiss
        </button>
      ) : (
        <a className="btn-secondary" href={location.pathname + location.search}>
          Dismiss
        </a>
      )}
    </div>
  )
}
