/**
 * The Server autocomplete (spec 3) once a host is open: without JavaScript a GET
 * search form that leads to the list of matching hosts (host-list.tsx); with
 * JavaScript a combobox over the customer's hosts that opens the one picked,
 * 'No Server Found' when none matches.
 */
import { useState } from 'react'
import { Form, Link, useNavigate } from '@remix-run/react'
import { EDITOR_TEXTS, labelMatches } from '../domain/activation-editor'
import { useHydrated } from '../ui/use-hydrated'
import { Autocomplete } from '../ui/autocomplete'
import { button, comboboxInput } from './editor-ui'

export function ServerPicker({
  customerNumber,
  search,
  choices,
  selected,
}: {
  customerNumber: string
  search: string
  /** The hosts that can be opened, for the combobox. */
  choices: ServerChoice[]
  /** The open host's record id. */
  selected: number | null
}) {
  const hydrated = useHydrated()
  if (hydrated) return <ServerCombobox customerNumber={customerNumber} choices={choices} selected={selected} />
  // Without JavaScript a search leads to the list of hosts, filtered.
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Server search">
      <input type="hidden" name="customer" value={customerNumber} />
      <label className="flex flex-col text-sm">
        <span className="font-medium">Server</span>
        <input name="serverq" type="search" defaultValue={search} className="input mt-1 w-72 max-w-full" />
      </label>
      <button type="submit" className={button}>
        Search
      </button>
      <Link to={`?${new URLSearchParams({ customer: customerNumber })}`} className="btn-link">
        All hosts
      </Link>
    </Form>
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
    <div className="flex min-w-0 max-w-full flex-col text-sm">
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
