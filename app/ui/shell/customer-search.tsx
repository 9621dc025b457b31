import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useFetcher, useNavigate } from '@remix-run/react'
import { useHydrated } from '../use-hydrated'

export const CUSTOMER_SEARCH_DEBOUNCE_MS = 1000

interface Account {
  AccountID: string
  AccountName: string
}
type SearchReply = { ok: true; count: number; accounts: Account[] } | { ok: false; error: string }

function display(account: Account | null) {
  return account ? `${account.AccountID} (${account.AccountName})` : ''
}

const INPUT_ID = 'customer-combobox'
const LISTBOX_ID = 'customer-combobox-list'
const optionId = (index: number) => `customer-combobox-option-${index}`

/**
 * Customer search in the toolbar. Without JavaScript it is a GET form that
 * opens the result list at /customers; with it, a combobox that asks after a
 * one-second pause.
 */
export function CustomerSearch({ current }: { current: Account | null }) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <form method="get" action="/customers" role="search" className="flex w-full items-center gap-2">
        <label htmlFor="customer-search" className="text-sm text-white">
          Customer
        </label>
        <input
          id="customer-search"
          name="q"
          className="input min-w-0 flex-1 bg-white"
          defaultValue={display(current)}
          placeholder="Account ID or name"
          autoComplete="off"
        />
        <button type="submit" className="btn-secondary">
          Find
        </button>
      </form>
    )
  }
  return <CustomerCombobox current={current} />
}

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 combobox pattern, list
 * autocomplete without automatic selection): focus stays in the text box, the arrow
 * keys move the active option (aria-activedescendant), Enter takes it, Escape and
 * leaving the box cancel the search. Enter without an active option opens the
 * result list of the search, as the form without JavaScript does.
 */
function CustomerCombobox({ current }: { current: Account | null }) {
  const fetcher = useFetcher<SearchReply>()
  const navigate = useNavigate()
  const [text, setText] = useState(display(current))
  /** The text being searched for; null while no search is under way (the list is closed). */
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  /** The text last asked for, so that a search started at once is not asked again after the pause. */
  const asked = useRef<string | null>(null)

  const load = (q: string) => {
    asked.current = q
    fetcher.load(`/resources/customers?q=${encodeURIComponent(q)}`)
  }
  useEffect(() => {
    if (query === null || query === asked.current) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => load(query), CUSTOMER_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query])

  const reply = query === null ? undefined : fetcher.data
  const accounts = reply?.ok ? reply.accounts : []
  const open = accounts.length > 0
  const searching = fetcher.state === 'loading'
  const error = reply && !reply.ok ? reply.error : null

  // New results start without an active option.
  useEffect(() => setActive(-1), [fetcher.data])
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const cancel = () => {
    asked.current = null
    setQuery(null)
    setActive(-1)
    setText(display(current))
  }
  const choose = (account: Account) => {
    setText(display(account))
    setQuery(null)
    setActive(-1)
    navigate(`/home?customer=${encodeURIComponent(account.AccountID)}`)
  }
  const move = (to: number) => setActive(Math.min(accounts.length - 1, Math.max(0, to)))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const optionActive = open && active >= 0
    let handled = true
    switch (event.key) {
      case 'ArrowDown':
        if (open) move(active + 1)
        else if (query === null) {
          // Opens the list for the text in the box at once.
          setQuery(text)
          load(text)
        }
        break
      case 'ArrowUp':
        if (open) move(active < 0 ? accounts.length - 1 : active - 1)
        break
      case 'Home':
        if (optionActive) move(0)
        else handled = false
        break
      case 'End':
        if (optionActive) move(accounts.length - 1)
        else handled = false
        break
      case 'Enter':
        if (optionActive) choose(accounts[active])
        else if (query !== null) navigate(`/customers?q=${encodeURIComponent(query)}`)
        break
      case 'Escape':
        cancel()
        break
      default:
        handled = false
    }
    if (handled) event.preventDefault()
  }

  return (
    <div role="search" className="flex w-full items-center gap-2">
      <label htmlFor={INPUT_ID} className="text-sm text-white">
        Customer
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          id={INPUT_ID}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={error ? 'customer-search-error' : undefined}
          className="input w-full bg-white"
          value={text}
          placeholder="Account ID or name"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value)
            setQuery(event.target.value)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onBlur={cancel}
        />
        {/* A pressed mouse button must not take focus from the box, or leaving it would close the list first. */}
        <ul
          id={LISTBOX_ID}
          role="listbox"
          aria-label="Customers found"
          hidden={!open}
          className="menu-popup left-0 max-h-80 w-96 max-w-[calc(100vw-2rem)] overflow-auto"
          onMouseDown={(event) => event.preventDefault()}
        >
          {accounts.map((account, index) => (
            // The keyboard reaches the options through the box (aria-activedescendant), not by focus.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={account.AccountID}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className="menu-item cursor-pointer aria-selected:bg-brand-50"
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(account)}
            >
              {display(account)}
            </li>
          ))}
        </ul>
        <p aria-live="polite" className="absolute left-0 top-full z-20 mt-1 text-xs">
          {searching ? (
            <span className="rounded bg-white px-2 py-1 text-gray-800 shadow">Searching...</span>
          ) : error ? (
            <span id="customer-search-error" className="rounded bg-white px-2 py-1 text-red-800 shadow">
              {error}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  )
}
