import { useDisclosureMenu } from './use-dismiss'

export interface MenuEntry {
  label: string
  href?: string
  /** Opens in a new window (external pages). */
  external?: boolean
  /** A POST form instead of a link (e.g. Sign Out). */
  formAction?: string
}

/**
 * A toolbar menu: a native <details> disclosure with a list of links (and
 * form buttons). It opens and closes by itself without JavaScript; with it,
 * Escape closes it and returns to its control, and a press outside, moving on
 * with Tab or choosing an entry closes it too.
 */
export function ToolbarMenu({
  label,
  buttonContent,
  header,
  entries,
}: {
  label: string
  buttonContent: React.ReactNode
  header?: React.ReactNode
  entries: MenuEntry[]
}) {
  const { details, popup } = useDisclosureMenu()
  return (
    <details ref={details} className="relative">
      <summary
        className="flex items-center gap-2 rounded px-2 py-1 text-white hover:bg-brand-800 focus-visible:outline-white"
        aria-label={label}
      >
        {buttonContent}
      </summary>
      <div ref={popup} className="menu-popup">
        {header}
        <ul>
          {entries.map((entry) => (
            <li key={entry.label}>
              <Entry entry={entry} />
            </li>
          ))}
        </ul>
      </div>
    </details>
  )
}

function Entry({ entry }: { entry: MenuEntry }) {
  if (entry.formAction) {
    return (
      <form method="post" action={entry.formAction}>
        <button type="submit" className="menu-item">
          {entry.label}
        </button>
      </form>
    )
  }
  return (
    <a
      href={entry.href}
      className="menu-item"
      // A page of the portal opens inside the app, as the shell's other links do (PortalLink).
      {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : { 'data-portal-link': '' })}
    >
      {entry.label}
      {entry.external ? <span className="sr-only"> (opens in a new window)</span> : null}
    </a>
  )
}
