/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 combobox pattern, list
 * autocomplete without automatic selection): focus stays in the text box, the arrow
 * keys move the active option (aria-activedescendant), Enter takes it, Escape and
 * leaving the box cancel. The owner keeps the text and the options (filtered here
 * or fetched), so the toolbar's customer search and the editor's searches share
 * one behaviour and no library code.
 *
 * Before the page's scripts run (`enhanced` false) the same text box is a plain
 * input of its form, so what is typed then stays in it when the scripts take over.
 */
import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

export interface AutocompleteProps<T> {
  /** The text box's id; the list and its options are named after it. */
  id: string
  label: ReactNode
  labelClassName?: string
  inputClassName?: string
  /** The text box's name in its form. */
  name?: string
  inputRef?: RefObject<HTMLInputElement>
  /** False while the page has no scripts yet: a plain text box of its form, no list. */
  enhanced?: boolean
  listLabel: string
  placeholder?: string
  text: string
  onText: (text: string) => void
  options: readonly T[]
  /** Whether the list shows (when it has options). */
  open: boolean
  optionKey: (option: T) => string
  optionLabel: (option: T) => string
  onChoose: (option: T) => void
  /** ArrowDown while the list is closed. */
  onOpen?: () => void
  /** Enter without an active option; without it, Enter submits the box's form. */
  onEnter?: () => void
  /** Escape, or focus leaving the box. */
  onCancel: () => void
  /** A live message under the box: searching, nothing found, an error. */
  status?: ReactNode
  statusId?: string
}

export function Autocomplete<T>(props: AutocompleteProps<T>) {
  const { id, options, optionKey, optionLabel, enhanced = true } = props
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const [active, setActive] = useState(-1)
  const open = enhanced && props.open && options.length > 0

  // New options start without an active one.
  useEffect(() => setActive(-1), [options])
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  const move = (to: number) => setActive(Math.min(options.length - 1, Math.max(0, to)))
  const choose = (option: T) => {
    setActive(-1)
    props.onChoose(option)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const optionActive = open && active >= 0
    let handled = true
    switch (event.key) {
      case 'ArrowDown':
        if (open) move(active + 1)
        else props.onOpen?.()
        break
      case 'ArrowUp':
        if (open) move(active < 0 ? options.length - 1 : active - 1)
        break
      case 'Home':
        if (optionActive) move(0)
        else handled = false
        break
      case 'End':
        if (optionActive) move(options.length - 1)
        else handled = false
        break
      case 'Enter':
        if (optionActive) choose(options[active])
        else if (props.onEnter) props.onEnter()
        else handled = false
        break
      case 'Escape':
        setActive(-1)
        props.onCancel()
        break
      default:
        handled = false
    }
    if (handled) event.preventDefault()
  }

  return (
    <>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          ref={props.inputRef}
          id={id}
          name={props.name}
          {...(enhanced
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list',
                'aria-expanded': open,
                'aria-controls': listId,
                'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
                'aria-describedby': props.statusId,
                onKeyDown,
                onBlur: () => {
                  setActive(-1)
                  props.onCancel()
                },
              }
            : {})}
          className={props.inputClassName}
          value={props.text}
          placeholder={props.placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setActive(-1)
            props.onText(event.target.value)
          }}
        />
        {enhanced ? (
          <>
            {/* A pressed mouse button must not take focus from the box, or leaving it would close the list first. */}
            <ul
              id={listId}
              role="listbox"
              aria-label={props.listLabel}
              hidden={!open}
              className="menu-popup left-0 max-h-80 w-96 max-w-[calc(100vw-2rem)] overflow-auto"
              onMouseDown={(event) => event.preventDefault()}
            >
              {options.map((option, index) => (
                // The keyboard reaches the options through the box (aria-activedescendant), not by focus.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={optionKey(option)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  className="menu-item cursor-pointer aria-selected:bg-brand-50"
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => choose(option)}
                >
                  {optionLabel(option)}
                </li>
              ))}
            </ul>
            <p id={props.statusId} aria-live="polite" className="absolute top-full left-0 z-20 mt-1 text-xs">
              {props.status}
            </p>
          </>
        ) : null}
      </div>
    </>
  )
}
