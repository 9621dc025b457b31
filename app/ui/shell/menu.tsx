import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useHydrated } from '../use-hydrated'

export interface MenuEntry {
  label: string
  href?: string
  /** Opens in a new window (external pages). */
  external?: boolean
  /** A POST form instead of a link (e.g. Sign Out). */
  formAction?: string
}

/**
 * A toolbar menu: a native <details> disclosure without JavaScript, a
 * Headless UI menu (arrow keys, Escape, outside click) with it.
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
  const hydrated = useHydrated()
  const buttonClass =
    'flex items-center gap-2 rounded px-2 py-1 text-white hover:bg-brand-800 focus-visible:outline-white'
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={buttonClass} aria-label={label}>
          {buttonContent}
        </summary>
        <div className="menu-popup">
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
  // Headless UI's items must be the focusable element itself: links are MenuItem as <a>,
  // and a form action is a submit button tied to a form outside the popup.
  const formId = (entry: MenuEntry) =>
    `menu-form-${label.replace(/\W+/g, '-').toLowerCase()}-${entry.label.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <Menu as="div" className="relative">
      {entries
        .filter((entry) => entry.formAction)
        .map((entry) => (
          <form key={entry.label} id={formId(entry)} method="post" action={entry.formAction} hidden />
        ))}
      <MenuButton className={buttonClass} aria-label={label}>
        {buttonContent}
      </MenuButton>
      <MenuItems className="menu-popup focus:outline-none">
        {header}
        {entries.map((entry) =>
          entry.formAction ? (
            <MenuItem
              key={entry.label}
              as="button"
              type="button"
              className={itemClass}
              // The popup unmounts as the item is chosen, so submit the form outside it right away.
              onClick={() => (document.getElementById(formId(entry)) as HTMLFormElement | null)?.requestSubmit()}
            >
              {entry.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.label}
              as="a"
              href={entry.href}
              className={itemClass}
              {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {entry.label}
              {entry.external ? <span className="sr-only"> (opens in a new window)</span> : null}
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  )
}

const itemClass = 'menu-item data-[focus]:bg-gray-100'

function Entry({ entry }: { entry: MenuEntry }) {
  if (entry.formAction) {
    return (
      <form method="post" action={entry.formAction}>
        <button type="submit" className={itemClass}>
          {entry.label}
        </button>
      </form>
    )
  }
  return (
    <a
      href={entry.href}
      className={itemClass}
      {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {entry.label}
      {entry.external ? <span className="sr-only"> (opens in a new window)</span> : null}
    </a>
  )
}
