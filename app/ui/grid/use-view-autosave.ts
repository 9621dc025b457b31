import { useEffect, useRef } from 'react'
import { gridParams, viewKey, type GridSpec, type GridState } from '../../grid/grid-state'

/** Spec 1 section 9: preference saves are debounced by 2000 ms. */
export const VIEW_SAVE_DEBOUNCE_MS = 2000

/**
 * With JavaScript, saves the view shown (filters, sort, columns, page size) after
 * it has been still for the debounce time; a pending save is sent at once when
 * the user leaves the page. `storedViewKey` is what the server knows is stored,
 * so a view that is already saved is not sent again.
 */
export function useViewAutosave<Row>({
  spec,
  state,
  customerNumber,
  storedViewKey,
  enabled,
}: {
  spec: GridSpec<Row>
  state: GridState
  customerNumber: string | null
  storedViewKey: string | null
  enabled: boolean
}) {
  const key = viewKey(spec, state)
  const saved = useRef<string | null>(storedViewKey)
  const pending = useRef<(() => void) | null>(null)

  useEffect(() => {
    if (storedViewKey !== null) saved.current = storedViewKey
  }, [storedViewKey])

  useEffect(() => {
    if (!enabled || !customerNumber || key === saved.current) {
      pending.current = null
      return
    }
    const body = new URLSearchParams({ view: gridParams(spec, state).toString() })
    const url = `/resources/grid/${encodeURIComponent(spec.tableName)}?${new URLSearchParams({ customer: customerNumber })}`
    const send = () => {
      pending.current = null
      saved.current = key
      fetch(url, { method: 'POST', body, keepalive: true }).catch((error) => {
        // Spec 1 section 8: a failed save is logged only.
        console.error('Error', error)
      })
    }
    pending.current = send
    const timer = window.setTimeout(send, VIEW_SAVE_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, customerNumber])

  useEffect(() => {
    const flush = () => pending.current?.()
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [])
}
