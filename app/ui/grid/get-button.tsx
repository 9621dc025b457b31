import type { FormEvent, ReactNode } from 'react'
import { GetForm } from './get-form'

/**
 * A button that opens a URL with a GET form, so it works without JavaScript and
 * reads as a button (which can be disabled) to assistive technology. With
 * JavaScript `onNavigate` takes over.
 */
export function GetButton({
  href,
  disabled,
  children,
  className = 'btn-secondary',
  onNavigate,
  describedBy,
}: {
  href: string
  disabled?: boolean
  children: ReactNode
  className?: string
  onNavigate?: (href: string) => void
  describedBy?: string
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onNavigate) return
    event.preventDefault()
    onNavigate(href)
  }
  return (
    <GetForm href={href} onSubmit={submit} className="inline">
      <button type="submit" className={className} disabled={disabled} aria-describedby={describedBy}>
        {children}
      </button>
    </GetForm>
  )
}
