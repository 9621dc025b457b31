import { useEffect, useRef, useState } from 'react'
import { Form, useFetcher, useNavigate } from '@remix-run/react'
import { useHydrated } from '../use-hydrated'
import { Autocomplete } from '../autocomplete'

import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '../../domain/customer-search'

interface Account {
  AccountID: string
  AccountName: string
}
type SearchReply = { ok: true; count: number; accounts: Account[] } | { ok: false; error: string }

function display(account: Account | null) {
  return account ? `${account.AccountID} (${account.AccountName})` : ''
}

/**
 * Customer search in the toolbar: a GET form that opens the result list at
 * /customers (which selects a single match at once). With JavaScript its text box
 * becomes a combobox that asks after a one-second pause; Enter without a chosen
 * option still submits the form, so it acts on what was typed even before any
 * suggestion arrives. The box is the same element before and after the scripts
 * run, so what was typed while the page loaded is kept.
 */
export function CustomerSearch({ current }: { current: Account | null }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<SearchReply>()
  const navigate = useNavigate()
  const box = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(display(current))
  /** The text being searched for; null while no search is under way (the list is closed). */
  const [query, setQuery] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  /** The text last asked for, so that a search started at once is not asked again after the pause. */
  const asked = useRef<string | null>(null)

  // Text typed before the scripts ran is in the box but not in the state yet.
  useEffect(() => {
    const typed = box.current?.value
    if (typed !== undefined && typed !== text) {
      setText(typed)
      if (document.activeElement === box.current) setQuery(typed)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

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
  const error = reply && !reply.ok ? reply.error : null

  const cancel = () => {
    asked.current = null
    setQuery(null)
    setText(display(current))
  }

  return (
    <Form
      method="get"
      action="/customers"
      role="search"
      className="flex w-full items-center gap-2"
      onSubmit={() => {
        asked.current = null
        setQuery(null)
      }}
    >
      <Autocomplete
        id="customer-search"
        name="q"
        inputRef={box}
        enhanced={hydrated}
        label="Customer"
        labelClassName="text-sm text-white"
        inputClassName="input w-full bg-white"
        listLabel="Customers found"
        placeholder="Account ID or name"
        text={text}
        onText={(value) => {
          setText(value)
          setQuery(value)
        }}
        options={accounts}
        open={query !== null}
        optionKey={(account) => account.AccountID}
        optionLabel={display}
        onChoose={(account) => {
          setText(display(account))
          setQuery(null)
          navigate(`/home?customer=${encodeURIComponent(account.AccountID)}`)
        }}
        onOpen={() => {
          if (query !== null) return
          // Opens the list for the text in the box at once.
          setQuery(text)
          load(text)
        }}
        onCancel={cancel}
        statusId="customer-search-status"
        status={
          fetcher.state === 'loading' ? (
            <span className="rounded bg-white px-2 py-1 text-gray-800 shadow">Searching...</span>
          ) : error ? (
            <span className="rounded bg-white px-2 py-1 text-red-800 shadow">{error}</span>
          ) : null
        }
      />
      {/* With JavaScript Enter submits the form; the list offers the matches. */}
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          Find
        </button>
      )}
    </Form>
  )
}
