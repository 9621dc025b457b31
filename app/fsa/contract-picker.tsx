/**
 * The FSA Contract picker (spec 3, Order Products tab): the contracts ending
 * today or later, narrowed by a search on the entitlement id or end date (any
 * case), each a link that opens the order table for it. A GET form, so it
 * works without JavaScript and a chosen contract can be bookmarked.
 */
import { Form, Link } from '@remix-run/react'
import { formatNumber } from '../domain/entitlements'
import { contractLabel } from '../domain/fsa-entitlements'
import { FSA_TEXTS } from './fsa-screen'

export interface PickerContract {
  id: string
  endDate: string
  available: number
  currency: string
}

export function ContractPicker({
  contracts,
  search,
  chosen,
  customerNumber,
  pickHref,
}: {
  /** The contracts that match the search. */
  contracts: PickerContract[]
  search: string
  chosen: string | null
  customerNumber: string
  pickHref: (contractId: string) => string
}) {
  return (
    <section aria-labelledby="contract-picker" className="space-y-2">
      <h2 id="contract-picker" className="text-lg font-semibold">
        FSA Contract
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="FSA contracts">
        <input type="hidden" name="customer" value={customerNumber} />
        <input type="hidden" name="tab" value="order" />
        {chosen ? <input type="hidden" name="contract" value={chosen} /> : null}
        <div>
          <label htmlFor="contract-search" className="block text-sm font-medium">
            Find a contract by entitlement id or end date
          </label>
          <input
            id="contract-search"
            name="q"
            type="search"
            defaultValue={search}
            className="input mt-1 w-72 max-w-full"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {contracts.length === 0 ? (
        <p>{search ? 'No FSA contract matches the search.' : FSA_TEXTS.noContract}</p>
      ) : (
        <ul className="space-y-1" aria-label="FSA contracts to order from">
          {contracts.map((c) => (
            <li key={c.id || 'invalid'}>
              {c.id ? (
                <Link
                  to={pickHref(c.id)}
                  aria-current={c.id === chosen ? 'true' : undefined}
                  className={`underline ${c.id === chosen ? 'font-semibold' : ''}`}
                >
                  {contractLabel(c.id)}
                </Link>
              ) : (
                <span>{contractLabel(c.id)}</span>
              )}{' '}
              <span className="text-sm text-gray-700">
                ends {c.endDate}, {formatNumber(c.available, 2)} {c.currency} available
                {c.id === chosen ? ' (chosen)' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!chosen && contracts.length > 0 ? <p>{FSA_TEXTS.pickContract}</p> : null}
    </section>
  )
}
