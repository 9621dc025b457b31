/**
 * The reusable filter dialog (spec 1 section 2.14): title '{name} Filter', a
 * 'Search...' box, Select All, one checkbox per value, Apply, Clear and Cancel,
 * and 'No matches found.' when nothing matches. Apply is disabled while the
 * search has an error (e.g. 'Too many distinct values' from the service).
 *
 * Without JavaScript it is a section of the page holding a GET form (Search,
 * Apply and Clear are submit buttons; Cancel is a link). With JavaScript it is a
 * modal whose search is debounced by 500 ms (filter-dialog-modal.tsx, loaded
 * when a dialog first opens).
 */
import { useEffect, useId, useRef } from 'react'
import { paramName, type GridScope } from '../../grid/grid-state'
import { GetForm } from './get-form'

/** Spec 1 section 9: filter-dialog search debounce. */
export const DIALOG_SEARCH_DEBOUNCE_MS = 500

export const NO_MATCHES = 'No matches found.'

const DIALOG_PARAMS = ['filterDialog', 'fd', 'fd.q', 'fd.search', 'fd.v', 'fd.all', 'fda']

export function ValueList({
  scope = {},
  name,
  values,
  isTicked,
  onToggle,
  allTicked,
  someTicked,
  onToggleAll,
  disabled,
  emptyText = NO_MATCHES,
  valueText,
}: {
  /** The grid whose dialog parameters the checkboxes set without JavaScript. */
  scope?: GridScope
  name: string
  values: string[]
  isTicked: (v: string) => boolean
  onToggle?: (v: string, ticked: boolean) => void
  allTicked: boolean
  someTicked: boolean
  onToggleAll?: (ticked: boolean) => void
  disabled?: boolean
  emptyText?: string
  /** A value as it is listed (app/grid/grid-state.ts setValueText); the value sent stays the code. */
  valueText: (v: string) => string
}) {
  const allRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = someTicked && !allTicked
  }, [someTicked, allTicked])
  const controlled = Boolean(onToggle)
  return (
    <fieldset className="space-y-1" disabled={disabled}>
      <legend className="sr-only">{name} values</legend>
      <label className="flex items-center gap-2 border-b border-gray-200 pb-1 font-medium">
        <input
          ref={allRef}
          type="checkbox"
          name={controlled ? undefined : paramName(scope, 'fd.all')}
          value="1"
          className="h-4 w-4"
          {...(controlled
            ? { checked: allTicked, onChange: (e) => onToggleAll?.(e.target.checked) }
            : { defaultChecked: allTicked })}
        />
        Select All
      </label>
      {values.length === 0 ? (
        <p className="py-2 text-sm text-gray-700">{emptyText}</p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={`${name} values`}>
          {values.map((v) => (
            <li key={v}>
              <label className="flex items-center gap-2 break-all">
                <input
                  type="checkbox"
                  name={controlled ? undefined : paramName(scope, 'fd.v')}
                  value={v}
                  className="h-4 w-4 shrink-0"
                  {...(controlled
                    ? { checked: isTicked(v), onChange: (e) => onToggle?.(v, e.target.checked) }
                    : { defaultChecked: isTicked(v) })}
                />
                {valueText(v)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}

export function ErrorText({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className={message ? 'text-sm font-medium text-red-800' : 'sr-only'}>
      {message ?? ''}
    </p>
  )
}

export interface FilterDialogSectionProps {
  /** The section's id, the fragment its form returns to. */
  id: string
  /** The grid whose parameters the form sets. */
  scope: GridScope
  /** The column's header, e.g. 'To'. */
  name: string
  colId: string
  search: string
  values: string[]
  /** null means all values. */
  selected: string[] | null
  error: string | null
  /** The current page URL (path, query and fragment) the form submits to. */
  action: string
  cancelHref: string
  valueText: (v: string) => string
}

/** The dialog without JavaScript: a section of the page with a GET form. */
export function FilterDialogSection({
  id: sectionId,
  scope,
  name,
  colId,
  search,
  values,
  selected,
  error,
  action,
  cancelHref,
  valueText,
}: FilterDialogSectionProps) {
  const id = useId()
  const isTicked = (v: string) => selected === null || selected.includes(v)
  const ticked = values.filter(isTicked)
  const hiddenChoices = selected ? selected.filter((v) => !values.includes(v)) : []
  const field = (n: string) => paramName(scope, n)
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-4 max-w-xl rounded border border-brand-600 bg-white p-4 shadow"
      id={sectionId}
    >
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {name} Filter
      </h2>
      <GetForm href={action} omit={DIALOG_PARAMS.map(field)} className="space-y-3">
        <input type="hidden" name={field('filterDialog')} value={colId} />
        <input type="hidden" name={field('fd')} value="1" />
        <input type="hidden" name={field('fd.q')} value={search} />
        {hiddenChoices.map((v) => (
          <input key={v} type="hidden" name={field('fd.v')} value={v} />
        ))}
        <div className="flex gap-2">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search {name} values
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name={field('fd.search')}
            defaultValue={search}
            placeholder="Search..."
            className="input flex-1"
          />
          <button type="submit" name={field('fda')} value="search" className="btn-secondary">
            Search
          </button>
        </div>
        <ErrorText id={`${id}-error`} message={error} />
        <ValueList
          scope={scope}
          name={name}
          values={values}
          isTicked={isTicked}
          allTicked={values.length > 0 && ticked.length === values.length}
          someTicked={ticked.length > 0}
          valueText={valueText}
        />
        <div className="flex gap-2">
          <button
            type="submit"
            name={field('fda')}
            value="apply"
            className="btn-primary"
            disabled={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            Apply
          </button>
          <button type="submit" name={field('fda')} value="clear" className="btn-secondary">
            Clear
          </button>
          <a href={cancelHref} className="btn-secondary">
            Cancel
          </a>
        </div>
      </GetForm>
    </section>
  )
}
