import type { AlertIcon as AlertIconName } from '../../domain/alerts'

type IconProps = { label: string; className?: string }

/** The outlined and filled circle icons of the alert categories, drawn as inline SVG with an accessible name. */
export function AlertIcon({ icon, label, className = 'h-6 w-6' }: IconProps & { icon: AlertIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      // Without a label the icon is decoration beside words that say the same.
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={`shrink-0 ${className}`}
      focusable="false"
    >
      {icon === 'error_outline' ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <line x1="12" y1="7.5" x2="12" y2="13" />
          <line x1="12" y1="16.5" x2="12" y2="16.6" strokeWidth="2.4" />
        </g>
      ) : icon === 'remove_circle_outline' ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <line x1="7.5" y1="12" x2="16.5" y2="12" />
        </g>
      ) : icon === 'info' ? (
        <g>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <line x1="12" y1="11" x2="12" y2="17" stroke="white" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="7.5" r="1.25" fill="white" />
        </g>
      ) : (
        <g>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <polyline
            points="7.5,12.5 10.5,15.5 16.5,9"
            fill="none"
            stroke="white"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      )}
    </svg>
  )
}

/** A cross, for close buttons; the button carries the name. */
export function CloseIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <line x1="6" y1="6" x2="18" y2="18" />
        <line x1="18" y1="6" x2="6" y2="18" />
      </g>
    </svg>
  )
}

/** An arrow out of a box: the link opens in a new tab. */
export function ExternalIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M14 4h6v6" />
        <path d="M20 4l-9 9" />
        <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </g>
    </svg>
  )
}
