import { useEffect, useRef, useState } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
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

/**
 * Customer search in the toolbar. Without JavaScript it is a GET form that
 * opens the result list at /customers; with it, a combobox that asks after a
 * one-second pause.
 */
export function CustomerSearch({ current }: { current: Account | null }) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <form method="get" action="/customers" role="search" className="flex items-center gap-2">
        <label htmlFor="customer-search" className="text-sm text-white">
          Customer
        </label>
        <input
          id="customer-search"
          name="q"
          className="input w-72 bg-white"
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

function CustomerCombobox({ current }: { current: Account | null }) {
  const fetcher = useFetcher<SearchReply>()
  const navigate = useNavigate()
  const [query, setQuery] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => {
    if (query === null) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      fetcher.load(`/resources/customers?q=${encodeURIComponent(query)}`)
    }, CUSTOMER_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query])

  const reply = query === null ? undefined : fetcher.data
  const accounts = reply?.ok ? reply.accounts : []
  const searching = fetcher.state === 'loading'
  const error = reply && !reply.ok ? reply.error : null

  return (
    <div role="search" className="flex items-center gap-2">
      <Combobox<Account | null>
        value={current}
        onChange={(account) => {
          if (account) navigate(`/home?customer=${encodeURIComponent(account.AccountID)}`)
        }}
        onClose={() => setQuery(null)}
      >
        <label htmlFor="customer-combobox" className="text-sm text-white">
          Customer
        </label>
        <div className="relative">
          <ComboboxInput
            id="customer-combobox"
            className="input w-72 bg-white"
            displayValue={display}
            placeholder="Account ID or name"
            autoComplete="off"
            aria-describedby={error ? 'customer-search-error' : undefined}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && query !== null && accounts.length === 0) {
                navigate(`/customers?q=${encodeURIComponent(query)}`)
              }
            }}
          />
          <ComboboxOptions className="menu-popup left-0 max-h-80 w-96 overflow-auto empty:invisible">
            {accounts.map((account) => (
              <ComboboxOption
                key={account.AccountID}
                value={account}
                className="menu-item cursor-pointer data-[focus]:bg-brand-50"
              >
                {display(account)}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
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
      </Combobox>
    </div>
  )
}
