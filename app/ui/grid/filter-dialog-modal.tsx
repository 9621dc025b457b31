import { useEffect, useId, useState, type ElementType } from 'react'
import { DialogTitle } from '@headlessui/react'
import { CenteredModal } from '../modal-dialog'
import { dialogSelection, selectionError } from '../../grid/grid-state'
import { DIALOG_SEARCH_DEBOUNCE_MS, ErrorText, NO_MATCHES, ValueList } from './filter-dialog'

export interface FilterDialogModalProps {
  name: string
  /** The current choice; null means all values. */
  initialSelection: string[] | null
  /** Loads the values matching a search. */
  load: (search: string, signal: AbortSignal) => Promise<{ values: string[]; error: string | null }>
  /** Apply (a selection, or null for all) and Clear (null). */
  onApply: (selection: string[] | null) => void
  onCancel: () => void
  /** A value as it is listed; the value sent stays the code. */
  valueText: (v: string) => string
}

/** The dialog with JavaScript: a modal with a debounced search. */
export function FilterDialogModal({
  name,
  initialSelection,
  load,
  onApply,
  onCancel,
  valueText,
}: FilterDialogModalProps) {
  const id = useId()
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<{ values: string[]; error: string | null; search: string } | null>(null)
  // Cancel restores the previous selection simply by dropping this state.
  const [chosen, setChosen] = useState<Set<string> | 'all'>(initialSelection ? new Set(initialSelection) : 'all')

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search), DIALOG_SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  useEffect(() => {
    const controller = new AbortController()
    load(query, controller.signal)
      .then((r) => setResult({ ...r, search: query }))
      .catch((error) => {
        if (!controller.signal.aborted) setResult({ values: [], error: String(error?.message ?? error), search: query })
      })
    return () => controller.abort()
  }, [query, load])

  const values = result?.values ?? []
  const isTicked = (v: string) => chosen === 'all' || chosen.has(v)
  const ticked = values.filter(isTicked)
  const selection = dialogSelection({
    listed: values,
    ticked,
    carried: chosen === 'all' ? [] : [...chosen],
    search: result?.search ?? '',
  })
  const error = result?.error ?? selectionError(selection)
  const loading = result === null || result.search !== query || query !== search

  const toggle = (v: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current === 'all' ? values : current)
      if (on) next.add(v)
      else next.delete(v)
      return next
    })
  const toggleAll = (on: boolean) =>
    setChosen((current) => {
      if (on && (result?.search ?? '') === '') return 'all'
      const next = new Set(current === 'all' ? values : current)
      for (const v of values) {
        if (on) next.add(v)
        else next.delete(v)
      }
      return next
    })

  return (
    <CenteredModal open onClose={onCancel} panelClassName="w-full max-w-lg space-y-3 rounded bg-white p-6 shadow-xl">
      <DialogTitle as={'h2' as ElementType} className="text-lg font-semibold">
        {name} Filter
      </DialogTitle>
      <label htmlFor={`${id}-search`} className="sr-only">
        Search {name} values
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search..."
        className="input w-full"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- Headless UI's Dialog focuses the element marked autoFocus when it opens
        autoFocus
      />
      <p className="sr-only" role="status" aria-live="polite">
        {loading ? 'Searching...' : `${values.length} values`}
      </p>
      <ErrorText id={`${id}-error`} message={error} />
      <ValueList
        name={name}
        values={values}
        isTicked={isTicked}
        onToggle={toggle}
        allTicked={values.length > 0 && ticked.length === values.length}
        someTicked={ticked.length > 0}
        onToggleAll={toggleAll}
        emptyText={result === null ? 'Loading...' : NO_MATCHES}
        valueText={valueText}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={Boolean(error) || loading}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => onApply(selection)}
        >
          Apply
        </button>
        <button type="button" className="btn-secondary" onClick={() => onApply(null)}>
          Clear
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </CenteredModal>
  )
}
