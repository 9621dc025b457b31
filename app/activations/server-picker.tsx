/**
 * The Server autocomplete (spec 3): without JavaScript a GET search form with a
 * list of matching hosts as links; 'No Server Found' when none matches. With
 * JavaScript a combobox over the customer's hosts that opens the one picked.
 */
import { useState } from 'react'
import { Form, Link, useNavigate } from '@remix-run/react'
import { EDITOR_TEXTS, labelMatches, serverLabel } from '../domain/activation-editor'
import { useHydrated } from '../ui/use-hydrated'
import { Autocomplete } from '../ui/autocomplete'
import type { ServerSummary } from '../domain/activation-types'
import { button, comboboxInput } from './editor-ui'

export function ServerPicker({
  customerNumber,
  search,
  results,
  listed,
  choices,
  selected,
}: {
  customerNumber: string
  search: string
  results: ServerSummary[]
  /** Whether the result list shows (no host chosen yet, or a search was made). */
  listed: boolean
  /** The hosts that can be opened, for the combobox. */
  choices: ServerChoice[]
  /** The open host's record id. */
  selected: number | null
}) {
  const hydrated = useHydrated()
  if (hydrated) return <ServerCombobox customerNumber={customerNumber} choices={choices} selected={selected} />
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Server search">
        <input type="hidden" name="customer" value={customerNumber} />
        <label className="flex flex-col text-sm">
          Server
          <input
            name="serverq"
            type="search"
            defaultValue={search}
            className="mt-1 w-72 max-w-full rounded border border-gray-400 px-2 py-1"
          />
        </label>
        <button type="submit" className={button}>
          Search
        </button>
      </Form>
      {listed ? (
        results.length === 0 ? (
          <p>{EDITOR_TEXTS.noServer}</p>
        ) : (
          <ul aria-label="Servers" className="space-y-1">
            {results.map((s) => (
              <li key={s.id}>
                <Link to={`?customer=${customerNumber}&id=${s.id}`} className="text-blue-800 underline break-all">
                  {serverLabel(s)}
                </Link>{' '}
                <span className="text-sm text-gray-700">{s.state}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </>
  )
}

interface ServerChoice {
  id: number
  label: string
}

function ServerCombobox({
  customerNumber,
  choices,
  selected,
}: {
  customerNumber: string
  choices: ServerChoice[]
  selected: number | null
}) {
  const navigate = useNavigate()
  const current = choices.find((c) => c.id === selected) ?? null
  const [text, setText] = useState(current?.label ?? '')
  /** The text being searched for; null while the list is closed. */
  const [query, setQuery] = useState<string | null>(null)
  const found = query === null ? [] : choices.filter((c) => labelMatches(c.label, query))
  return (
    <div className="flex flex-col text-sm">
      <Autocomplete
        id="server-combobox"
        label="Server"
        inputClassName={comboboxInput}
        listLabel="Servers"
        text={text}
        onText={(value) => {
          setText(value)
          setQuery(value)
        }}
        options={found}
        open={query !== null}
        optionKey={(c) => String(c.id)}
        optionLabel={(c) => c.label}
        onChoose={(c) => {
          setText(c.label)
          setQuery(null)
          navigate(`?${new URLSearchParams({ customer: customerNumber, id: String(c.id) })}`)
        }}
        onOpen={() => setQuery(query ?? '')}
        onCancel={() => {
          setQuery(null)
          setText(current?.label ?? '')
        }}
        statusId="server-combobox-status"
        status={query !== null && found.length === 0 ? EDITOR_TEXTS.noServer : null}
      />
    </div>
  )
}
