/**
 * Column visibility and order. Without JavaScript it is a GET form: a Show
 * checkbox per column, Move up / Move down buttons (each submits the form) and
 * Apply. With JavaScript every change applies at once; the column headers can
 * also be dragged and resized.
 */
import type { FormEvent } from 'react'
import {
  applyColumnForm,
  columnById,
  paramName,
  withColumnHidden,
  withColumnStep,
  type GridSpec,
  type GridState,
} from '../../grid/grid-state'
import { GetForm } from './get-form'

export function ColumnPanel<Row>({
  spec,
  state,
  action,
  open,
  onChange,
}: {
  spec: GridSpec<Row>
  state: GridState
  /** The current view URL (path, query, fragment). */
  action: string
  open: boolean
  /** With JavaScript: apply a new state. */
  onChange?: (next: GridState) => void
}) {
  const formId = `${spec.tableName}-columns`
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChange) return
    event.preventDefault()
    const native = event.nativeEvent as SubmitEvent
    const data = new FormData(event.currentTarget, native.submitter ?? undefined)
    onChange(applyColumnForm(spec, state, new URLSearchParams(data as unknown as Record<string, string>)))
  }
  const visibleCount = state.columns.filter((c) => !c.hidden).length
  const field = (name: string) => paramName(spec, name)
  return (
    <details className="relative" open={open}>
      <summary className="btn-secondary list-none">Columns</summary>
      <div className="absolute left-0 z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded border border-gray-300 bg-white p-3 shadow-lg">
        <GetForm id={formId} href={action} omit={[field('cols'), field('panel')]} onSubmit={submit}>
          <input type="hidden" name={field('colsForm')} value="1" />
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Show and order columns</legend>
            <ol className="space-y-1">
              {state.columns.map((c, i) => {
                const column = columnById(spec, c.id)
                if (!column) return null
                const fixed = column.hideable === false
                const lastVisible = !c.hidden && visibleCount === 1
                return (
                  <li key={c.id} className="flex items-center justify-between gap-2">
                    <label className="flex items-center gap-2">
                      {fixed || lastVisible ? <input type="hidden" name={field('show')} value={c.id} /> : null}
                      <input
                        type="checkbox"
                        name={fixed || lastVisible ? undefined : field('show')}
                        value={c.id}
                        className="h-4 w-4"
                        checked={!c.hidden}
                        disabled={fixed || lastVisible}
                        onChange={(e) => onChange?.(withColumnHidden(spec, state, c.id, !e.target.checked))}
                      />
                      {column.header}
                    </label>
                    <span className="flex gap-1">
                      <button
                        type="submit"
                        name={field(`move.${c.id}.up`)}
                        className="btn-secondary px-2 py-0.5"
                        disabled={i === 0}
                        onClick={
                          onChange ? (e) => (e.preventDefault(), onChange(withColumnStep(state, c.id, -1))) : undefined
                        }
                      >
                        <span aria-hidden="true">↑</span>
                        <span className="sr-only">Move {column.header} up</span>
                      </button>
                      <button
                        type="submit"
                        name={field(`move.${c.id}.down`)}
                        className="btn-secondary px-2 py-0.5"
                        disabled={i === state.columns.length - 1}
                        onClick={
                          onChange ? (e) => (e.preventDefault(), onChange(withColumnStep(state, c.id, 1))) : undefined
                        }
                      >
                        <span aria-hidden="true">↓</span>
                        <span className="sr-only">Move {column.header} down</span>
                      </button>
                    </span>
                  </li>
                )
              })}
            </ol>
          </fieldset>
          {onChange ? null : (
            <button type="submit" className="btn-primary mt-3">
              Apply
            </button>
          )}
        </GetForm>
      </div>
    </details>
  )
}
