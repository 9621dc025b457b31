import { useEffect, useState } from 'react'

let hydrated = false

/** False on the server and during hydration; true once JavaScript runs. */
export function useHydrated() {
  const [isHydrated, setHydrated] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setHydrated(true)
  }, [])
  return isHydrated
}
