/**
 * One customer tab of the activation editor: the product search and multi-select,
 * then Assigned Entitlements (Remove/Undo, Remove All/Undo All) and Available
 * Entitlements (pick, count, Add All). They sit in the editor's GET form: every
 * button submits the draft with an `op`, so they work without JavaScript.
 */
import type { EditorTab } from './load-editor.server'
import {
  EDITOR_TEXTS,
  FIRST_COUNT,
  matchesPicked,
  matchesProduct,
  productChoices,
  rowKey,
  splitKey,
  type Draft,
} from '../domain/activation-editor'
import { ACTIVATED_FIELD, AVAILABLE_FIELD, type ActivationRow } from '../domain/activation-types'
import { TableScroll } from '../ui/table-scroll'
import { button, cellClass, EntitlementCell, HeaderRow, numberCellClass, tableClass, wideOnlyClass } from './editor-ui'
import { entitlementName } from '../domain/activation-changes'

export interface RowFilter {
  search: string
  picked: string[]
}

const shownRows = (rows: readonly ActivationRow[], filter: RowFilter) =>
  rows.filter((r) => matchesProduct(r, filter.search) && matchesPicked(r, filter.picked))

export function ProductFilter({ tab, filter }: { tab: EditorTab; filter: RowFilter }) {
  const choices = productChoices([...tab.assigned, ...tab.available])
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm">
        Product
        <input
          name="q"
          type="search"
          defaultValue={filter.search}
          placeholder={EDITOR_TEXTS.productSearch}
          className="input mt-1 w-72 max-w-full"
        />
      </label>
      {choices.length > 0 ? (
        <details className="relative text-sm">
          <summary className="btn-secondary cursor-pointer">
            Products ({filter.picked.length === 0 ? 'all' : `${filter.picked.length} of ${choices.length}`})
          </summary>
          <fieldset className="absolute z-10 mt-1 max-h-72 w-80 max-w-[90vw] overflow-auto rounded border border-gray-300 bg-white p-2 shadow">
            <legend className="sr-only">Products to show</legend>
            <button type="submit" name="op" value="select-all" className={`${button} mb-2`}>
              Select All
            </button>
            {choices.map((name) => (
              <label key={name} className="flex items-center gap-2 py-0.5">
                <input type="checkbox" name="product" value={name} defaultChecked={filter.picked.includes(name)} />
                {name}
              </label>
            ))}
          </fieldset>
        </details>
      ) : null}
      <button type="submit" className={button}>
        Filter
      </button>
    </div>
  )
}

export function AssignedTable({ tab, draft, filter }: { tab: EditorTab; draft: Draft; filter: RowFilter }) {
  const rows = shownRows(tab.assigned, filter)
  return (
    <details open className="space-y-2">
      <summary className="cursor-pointer text-lg font-semibold">Assigned Entitlements</summary>
      <div className="my-2 flex gap-2">
        <button type="submit" name="op" value={`remove-all:${tab.customerNumber}`} className={button}>
          Remove All
        </button>
        <button type="submit" name="op" value={`undo-all:${tab.customerNumber}`} className={button}>
          Undo All
        </button>
      </div>
      <TableScroll label="Assigned Entitlements table">
        <table className={tableClass}>
          <HeaderRow
            names={['Entitlement', 'Activated', 'Expiration Date', 'Action']}
            numeric={['Activated']}
            wideOnly={['Expiration Date']}
          />
          <tbody>
            {rows.map((r) => {
              const key = rowKey(tab.customerNumber, r.ActivationId)
              const removed = draft.remove.includes(key)
              return (
                <tr key={key} className={removed ? 'bg-red-50 line-through' : undefined}>
                  <EntitlementCell row={r} expires={r.EndDate || 'PERMANENT'} />
                  <td className={numberCellClass}>{r[ACTIVATED_FIELD]}</td>
                  <td className={`${cellClass} ${wideOnlyClass} whitespace-nowrap`}>{r.EndDate || 'PERMANENT'}</td>
                  <td className={cellClass}>
                    <button
                      type="submit"
                      name="op"
                      value={`${removed ? 'undo' : 'remove'}:${key}`}
                      className={button}
                      aria-label={`${removed ? 'Undo' : 'Remove'} ${r.ProductName} ${r.ActivationId}`}
                    >
                      {removed ? 'Undo' : 'Remove'}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableScroll>
    </details>
  )
}

export function AvailableTable({
  tab,
  draft,
  errors,
  filter,
}: {
  tab: EditorTab
  draft: Draft
  errors: Record<string, string>
  filter: RowFilter
}) {
  const rows = shownRows(tab.available, filter)
  // A picked entitlement that is no longer available (someone else took its count) has no row to show its error.
  const gone = Object.entries(errors).filter(
    ([key]) =>
      splitKey(key)?.customerNumber === tab.customerNumber &&
      !tab.available.some((r) => rowKey(tab.customerNumber, r.ActivationId) === key),
  )
  return (
    <details open className="space-y-2">
      <summary className="cursor-pointer text-lg font-semibold">Available Entitlements</summary>
      {gone.length > 0 ? (
        <ul role="alert" className="my-2 text-red-700">
          {gone.map(([key, message]) => {
            const activationId = splitKey(key)?.activationId ?? key
            const productName = tab.rows.find((r) => r.ActivationId === activationId)?.ProductName ?? ''
            return (
              <li key={key}>
                {entitlementName({ productName, activationId })}: {message}
              </li>
            )
          })}
        </ul>
      ) : null}
      {tab.available.length === 0 ? (
        <p className="my-2">{EDITOR_TEXTS.noNewEntitlements}</p>
      ) : (
        <>
          <div className="my-2">
            <button type="submit" name="op" value={`add-all:${tab.customerNumber}`} className={button}>
              Add All
            </button>
          </div>
          <TableScroll label="Available Entitlements table">
            <table className={tableClass}>
              <HeaderRow
                names={['Activate', 'Entitlement', 'Available', 'Count', 'Expiration Date']}
                numeric={['Available', 'Count']}
                wideOnly={['Expiration Date']}
              />
              <tbody>
                {rows.map((r) => {
                  const key = rowKey(tab.customerNumber, r.ActivationId)
                  const error = errors[key]
                  const errorId = `count-error-${key}`
                  return (
                    <tr key={key} className={key in draft.add ? 'bg-brand-50' : undefined}>
                      <td className={cellClass}>
                        <input
                          // A new box when the draft changes it (an Undo elsewhere), as a ticked box keeps its tick.
                          key={String(key in draft.add)}
                          type="checkbox"
                          name="add"
                          value={key}
                          defaultChecked={key in draft.add}
                          aria-label={`Activate ${r.ProductName} ${r.ActivationId}`}
                        />
                      </td>
                      <EntitlementCell row={r} expires={r.EndDate || 'PERMANENT'} />
                      <td className={numberCellClass}>{r[AVAILABLE_FIELD]}</td>
                      <td className={numberCellClass}>
                        <input
                          type="number"
                          name={`n.${key}`}
                          min={1}
                          max={r[AVAILABLE_FIELD]}
                          defaultValue={draft.add[key] ?? FIRST_COUNT}
                          aria-label={`Count of ${r.ProductName} ${r.ActivationId}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          className="input w-16 bg-white text-right tabular-nums sm:w-20"
                        />
                        {error ? (
                          <span id={errorId} className="block text-left text-red-700">
                            {error}
                          </span>
                        ) : null}
                      </td>
                      <td className={`${cellClass} ${wideOnlyClass} whitespace-nowrap`}>{r.EndDate || 'PERMANENT'}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </details>
  )
}
