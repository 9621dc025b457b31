/**
 * Associated Customers (spec 3): find an account by name or number (up to 100)
 * and open its tab beside the others, at most five. Without JavaScript a GET
 * search form whose results are links; with it a combobox that asks as the user
 * types (/activations/accounts) and opens the tab of the one picked.
 */
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useNavigate } from '@remix-run/react'
import { MAX_TABS, openTabParams } from '../domain/activation-editor'
import type { AccountRef } from '../domain/activation-types'
import { useHydrated } from '../ui/use-hydrated'
import { Autocomplete } from '../ui/autocomplete'
import { button, Hidden, comboboxInput } from './editor-ui'

export const ASSOCIATED_TEXTS = {
  none: 'No Customer Found',
  full: `At most ${MAX_TABS} customers can be open at once: close one to open another.`,
} as const

const TYPING_PAUSE_MS = 300
const label = (a: AccountRef) => `${a.AccountID} (${a.AccountName})`

export function AssociatedCustomers({
  customerNumber,
  params,
  extra,
  search,
}: {
  customerNumber: string
  /** The editor's address (draft included) the results add a tab to. */
  params: [string, string][]
  /** The tabs open beside the selected customer's. */
  extra: string[]
  /** The search made without JavaScript, with its results. */
  search: { q: string; results: AccountRef[] | null; error: string | null }
}) {
  const hydrated = useHydrated()
  const full = extra.length + 1 >= MAX_TABS
  const open = new Set([customerNumber, ...extra])
  const hrefOf = (account: AccountRef) => `?${new URLSearchParams(openTabParams(params, extra, account.AccountID))}`
  return (
    <section aria-labelledby="associated-title" className="space-y-2">
      <h3 id="associated-title" className="sr-only">
        Associated Customers
      </h3>
      {full ? <p role="status">{ASSOCIATED_TEXTS.full}</p> : null}
      {hydrated ? (
        <AccountCombobox customerNumber={customerNumber} hrefOf={hrefOf} disabled={full} />
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <Hidden entries={params.filter(([name]) => name !== 'customerq')} />
            <label className="flex flex-col text-sm">
              Associated Customers
              <input
                name="customerq"
                type="search"
                defaultValue={search.q}
                placeholder="Account name or number"
                className="mt-1 w-72 max-w-full rounded border border-gray-400 px-2 py-1"
              />
            </label>
            <button type="submit" className={button}>
              Find customers
            </button>
          </Form>
          {search.error ? <p role="alert">{search.error}</p> : null}
          {search.results ? (
            search.results.length === 0 ? (
              <p>{ASSOCIATED_TEXTS.none}</p>
            ) : (
              <ul aria-label="Customers found" className="max-h-80 space-y-1 overflow-auto">
                {search.results.map((a) => (
                  <li key={a.AccountID}>
                    {open.has(a.AccountID) ? (
                      <span>
                        {label(a)} <span className="text-sm text-gray-700">(open)</span>
                      </span>
                    ) : full ? (
                      <span>{label(a)}</span>
                    ) : (
                      <Link to={hrefOf(a)} className="text-brand-700 underline">
                        {label(a)}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </>
      )}
    </section>
  )
}

function AccountCombobox({
  customerNumber,
  hrefOf,
  disabled,
}: {
  customerNumber: string
  hrefOf: (account: AccountRef) => string
  disabled: boolean
}) {
  const fetcher = useFetcher<{ accounts?: AccountRef[]; error?: string }>()
  const navigate = useNavigate()
  /** The text being searched for; null while the list is closed. */
  const [query, setQuery] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => {
    clearTimeout(timer.current)
    const q = query?.trim()
    if (!q) return
    timer.current = setTimeout(
      () => fetcher.load(`/activations/accounts?${new URLSearchParams({ customer: customerNumber, q })}`),
      TYPING_PAUSE_MS,
    )
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, customerNumber])
  const asking = Boolean(query?.trim())
  const accounts = asking ? (fetcher.data?.accounts ?? []) : []
  const answered = asking && fetcher.state === 'idle' && fetcher.data !== undefined
  if (disabled) return null
  return (
    <div className="flex flex-col text-sm">
      <Autocomplete
        id="associated-combobox"
        label="Associated Customers"
        inputClassName={comboboxInput}
        listLabel="Customers found"
        placeholder="Account name or number"
        text={query ?? ''}
        onText={setQuery}
        options={accounts}
        open={asking}
        optionKey={(a) => a.AccountID}
        optionLabel={label}
        onChoose={(a) => {
          setQuery(null)
          navigate(hrefOf(a))
        }}
        onCancel={() => setQuery(null)}
        statusId="associated-combobox-status"
        status={fetcher.data?.error ?? (answered && accounts.length === 0 ? ASSOCIATED_TEXTS.none : null)}
      />
    </div>
  )
}
