import { useEffect, useRef } from 'react'

/** Keeps an uncontrolled field in step with the URL, except while the user is in it. */
export function useSyncedValue<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null)
  useEffect(() => {
    const el = ref.current
    if (el && el.ownerDocument.activeElement !== el && el.value !== value) el.value = value
  }, [value])
  return ref
}
