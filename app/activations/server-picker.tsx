/**
 * The Server autocomplete (spec 3): without JavaScript a GET search form with a
 * list of matching hosts as links; 'No Server Found' when none matches.
 */
import { Form, Link } from '@remix-run/react'
import { EDITOR_TEXTS, serverLabel } from '../domain/activation-editor'
import type { ServerSummary } from '../domain/activation-types'
import { button } from './editor-ui'

export function ServerPicker({
  customerNumber,
  search,
  results,
  listed,
}: {
  customerNumber: string
  search: string
  results: ServerSummary[]
  /** Whether the result list shows (no host chosen yet, or a search was made). */
  listed: boolean
}) {
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
