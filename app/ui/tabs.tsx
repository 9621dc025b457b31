/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): a tab list whose arrow,
 * Home and End keys move between tabs, each showing its panel. For content that
 * without JavaScript is shown all at once, one section after another.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem {
  key: string
  label: string
  panel: ReactNode
}

export function Tabs({ id, label, items }: { id: string; label: string; items: readonly TabItem[] }) {
  const [selected, setSelected] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const select = (index: number) => {
    const next = (index + items.length) % items.length
    setSelected(next)
    tabs.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: items.length - 1,
    }
    if (!(event.key in moves)) return
    event.preventDefault()
    select(moves[event.key])
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2 border-b border-gray-300">
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              tabs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className={`px-2 py-1 ${i === selected ? 'border-b-2 border-brand-700 font-semibold' : ''}`}
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== selected}
          className="pt-2"
        >
          {item.panel}
        </div>
      ))}
    </div>
  )
}
