/**
 * A list edited in place (portal contacts, IP rules): a table with one row per entry,
 * each cell an input with a label for screen readers and its messages, a Remove button
 * per row and a line when the list is empty; the list's own messages; then a row of
 * buttons that starts with the one that adds an entry. Rows are added and removed with
 * conform's list intents, so the list works in a plain form.
 */
import { Fragment, type ButtonHTMLAttributes, type ReactNode } from 'react'
import type { DefaultValue, FieldMetadata, FormMetadata } from '@conform-to/react'
import { FieldErrors } from './field-error'

type RemoveButtonProps = ButtonHTMLAttributes<HTMLButtonElement>

export function EditableList<Row extends Record<string, unknown>>({
  form,
  list,
  renderRow,
  lockedRows = [],
  caption,
  captionVisible = false,
  columns,
  emptyText,
  add,
  children,
}: {
  form: Pick<FormMetadata, 'insert' | 'remove'>
  /** The form's list field. */
  list: FieldMetadata<Row[]>
  /** One entry's row: an EditableListRow given `removeButton`. */
  renderRow: (row: FieldMetadata<Row>, index: number, removeButton: RemoveButtonProps) => ReactNode
  /** Rows shown first that the form does not edit. */
  lockedRows?: ReactNode[]
  caption: string
  captionVisible?: boolean
  /** Headers of the input columns; the Remove column comes last. */
  columns: string[]
  emptyText: string
  /** The button that adds an entry with the fields of `newRow` (all empty). */
  add: { label: string; newRow: DefaultValue<Row>; disabled: boolean }
  /** The other buttons (Cancel, Save). */
  children: ReactNode
}) {
  const rows = list.getFieldList()
  const errors = list.errors
  return (
    <>
      <table
        className="w-full border-collapse bg-white text-left"
        aria-describedby={errors?.length ? list.errorId : undefined}
      >
        <caption className={captionVisible ? 'pb-2 text-left text-lg font-semibold' : 'sr-only'}>{caption}</caption>
        {/* On small windows each row wraps its cells; the inputs' own labels name them. */}
        <thead className="max-sm:sr-only">
          <tr className="border-b border-gray-300">
            {columns.map((name) => (
              <th key={name} scope="col" className="px-2 py-2 font-semibold">
                {name}
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lockedRows}
          {rows.map((row, index) => (
            <Fragment key={row.key ?? `row-${index}`}>
              {renderRow(row, index, form.remove.getButtonProps({ name: list.name, index }))}
            </Fragment>
          ))}
          {lockedRows.length + rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-2 py-3 text-gray-700">
                {emptyText}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <FieldErrors id={list.errorId} errors={errors} />
      <div>
        <button
          {...form.insert.getButtonProps<Row[]>({ name: list.name, defaultValue: add.newRow })}
          className="btn-secondary"
          disabled={add.disabled}
        >
          {add.label}
        </button>
      </div>
      {/* The form's own buttons close it, apart from the list's Add. */}
      {children ? <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-3">{children}</div> : null}
    </>
  )
}

export function EditableListRow({
  locked = false,
  removeLabel,
  removeButton,
  removeDisabled,
  children,
  ...rest
}: {
  locked?: boolean
  /** The accessible name of the row's Remove button, e.g. 'Remove rule 2'. */
  removeLabel: string
  /** conform's remove intent (absent on a locked row). */
  removeButton?: RemoveButtonProps
  removeDisabled: boolean
  /** The row's EditableListCell elements. */
  children: ReactNode
  'data-testid'?: string
}) {
  return (
    <tr
      className={`border-b border-gray-200 align-top max-sm:flex max-sm:flex-wrap ${locked ? 'bg-gray-50' : ''}`}
      data-testid={rest['data-testid']}
    >
      {children}
      <td className="px-2 py-2 text-right max-sm:ml-auto">
        <button
          type={removeButton ? 'submit' : 'button'}
          {...removeButton}
          className="btn-secondary"
          disabled={removeDisabled}
          aria-label={removeLabel}
        >
          Remove
        </button>
      </td>
    </tr>
  )
}

/** A cell with one input (or select), its label for screen readers and its messages. */
export function EditableListCell({
  inputId,
  label,
  errorId,
  errors,
  children,
}: {
  inputId: string
  label: string
  errorId?: string
  errors?: string[]
  /** The input, which names errorId in aria-describedby while there are errors. */
  children: ReactNode
}) {
  return (
    <td className="px-2 py-2 max-sm:flex-[1_1_10rem] max-sm:first:basis-full">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {children}
      {errorId ? <FieldErrors id={errorId} errors={errors} /> : null}
    </td>
  )
}
