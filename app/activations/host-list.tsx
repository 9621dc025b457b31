/**
 * The editor before a host is picked: the customer's licence hosts (name, host
 * ids, state and what is activated on each) with a search, and a clear next
 * step: pick one, or add a server. The search is a GET form without JavaScript
 * (`serverq`, as the Server autocomplete of spec 3 searches) and filters the
 * list as the user types with it. 'No Server Found' when nothing matches.
 */
import { useState } from 'react'
import { Form, Link } from '@remix-run/react'
import { EDITOR_TEXTS, hostIdLabel, matchesServer } from '../domain/activation-editor'
import type { ServerSummary } from '../domain/activation-types'
import { button } from './editor-ui'

export interface ListedHost {
  server: ServerSummary
  /** What is activated on it in a few words; null when its history could not be read. */
  activated: string | null
}

const STATE_WORDS: Record<ServerSummary['state'], string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  UNKNOWN: 'Unknown',
}

export function HostList({
  customerNumber,
  hosts,
  search,
  inactiveCount,
  addHref,
  historyHref,
}: {
  customerNumber: string
  /** The hosts that can be opened (not inactive). */
  hosts: ListedHost[]
  search: string
  /** Inactive hosts are not edited here: the list says where they are. */
  inactiveCount: number
  addHref: string
  historyHref: string | null
}) {
  const [text, setText] = useState(search)
  const shown = hosts.filter((h) => matchesServer(h.server, text))
  const cell = 'block px-2 py-0.5 align-top sm:table-cell sm:border-b sm:border-gray-200 sm:py-1.5'
  return (
    <section aria-labelledby="hosts-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="hosts-title" className="text-lg font-semibold">
          Pick a licence host
        </h2>
        <p className="text-sm text-gray-700">
          Choose the host to activate entitlements on. A host that is not listed can be added as a new server.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="get" role="search" aria-label="Server search" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="customer" value={customerNumber} />
          <div className="flex flex-col text-sm">
            <label htmlFor="server-search" className="font-medium">
              Server
            </label>
            <span id="server-search-hint" className="text-gray-700">
              Host name or host ID
            </span>
            <input
              id="server-search"
              name="serverq"
              type="search"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              aria-describedby="server-search-hint"
              aria-controls={shown.length > 0 ? 'host-list' : undefined}
              className="input mt-1 w-72 max-w-full"
            />
          </div>
          <button type="submit" className={button}>
            Search
          </button>
        </Form>
        <Link to={addHref} className={button}>
          Add server
        </Link>
      </div>
      {shown.length === 0 ? (
        <p role="status">
          {EDITOR_TEXTS.noServer}.{' '}
          {text ? (
            <Link
              to={`?${new URLSearchParams({ customer: customerNumber })}`}
              onClick={() => setText('')}
              className="text-brand-700 underline"
            >
              Clear the search
            </Link>
          ) : null}
        </p>
      ) : (
        <table id="host-list" aria-label="Licence hosts" className="block w-full text-sm sm:table sm:border-collapse">
          <thead className="hidden bg-gray-50 sm:table-header-group">
            <tr>
              {['Host', 'Host ID', 'State', 'Activated'].map((name) => (
                <th key={name} scope="col" className="border-b border-gray-300 px-2 py-1.5 text-left font-semibold">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {shown.map(({ server, activated }) => (
              <tr key={server.id} className="block border-b border-gray-200 py-1 sm:table-row sm:py-0">
                <td className={`${cell} font-medium`}>
                  <Link
                    to={`?${new URLSearchParams({ customer: customerNumber, id: String(server.id) })}`}
                    className="text-brand-700 underline break-words"
                  >
                    {server.name.replaceAll(',', ', ')}
                  </Link>
                </td>
                <td className={`${cell} break-all`}>{hostIdLabel(server).replaceAll(',', ', ')}</td>
                <td className={cell}>
                  <span className="sm:hidden">State: </span>
                  {STATE_WORDS[server.state]}
                </td>
                <td className={`${cell} text-gray-700 sm:text-gray-900`}>{activated ?? 'Not known'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {inactiveCount > 0 ? (
        <p className="text-sm text-gray-700">
          {inactiveCount === 1 ? 'One inactive host is' : `${inactiveCount} inactive hosts are`} not listed
          {historyHref ? (
            <>
              {': see '}
              <Link to={historyHref} className="text-brand-700 underline">
                Manage Activations
              </Link>
            </>
          ) : null}
          .
        </p>
      ) : null}
    </section>
  )
}
