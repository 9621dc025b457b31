import { useEffect, useState } from 'react'
import { useNavigation } from '@remix-run/react'
import { spinnerText } from '../../screens/spinner-text'

/**
 * Full-screen overlay while a navigation or form submission is under way
 * (JavaScript only), with the text of the screen being loaded.
 */
export function LoadingOverlay() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const text = spinnerText(navigation.location?.pathname, navigation.formData?.get('intent'))
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    // Quick navigations should not flash the overlay.
    const timer = setTimeout(() => setVisible(true), 300)
    return () => clearTimeout(timer)
  }, [busy])
  if (!visible) return null
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/70" role="status" aria-live="polite">
      <div className="rounded bg-white px-6 py-4 text-lg shadow-lg">{text}</div>
    </div>
  )
}
