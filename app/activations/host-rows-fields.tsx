/**
 * The host fields of Add New Host and of a rehost's new host: one row of host
 * name, host ID and host ID type, or three for a triad, each message by its field.
 */
import { HOST_ID_TYPES } from '../domain/host-id'
import { rowCount, rowField, type HostRow } from '../domain/add-host-form'
import { FieldErrors } from '../ui/field-error'

const input = 'mt-1 w-full rounded border border-gray-400 px-2 py-1'
const ID_HINT = 'Host ID: 12 characters, or ETHERNET=, DISK_SERIAL_NUM= or FLEXID=9- followed by the id.'

export const emptyHostRows = (triad: boolean): HostRow[] =>
  Array.from({ length: rowCount(triad) }, () => ({ name: '', hostId: '', type: HOST_ID_TYPES[0] }))

export function HostRowsFields({
  rows,
  isTriad,
  errors,
}: {
  rows: readonly HostRow[]
  isTriad: boolean
  /** By field (`name.<i>`, `hostId.<i>`). */
  errors: Record<string, string>
}) {
  return (
    <>
      <p id="host-id-hint" className="text-sm text-gray-700">
        {ID_HINT}
      </p>
      {rows.map((row, i) => (
        <fieldset key={i} className="grid gap-2 sm:grid-cols-3">
          <legend className="text-sm font-medium">{isTriad ? `Host ${i + 1}` : 'Host'}</legend>
          <HostField label="Host name" name={rowField('name', i)} value={row.name} error={errors[`name.${i}`]} />
          <HostField
            label="Host ID"
            name={rowField('hostId', i)}
            value={row.hostId}
            error={errors[`hostId.${i}`]}
            hint="host-id-hint"
          />
          <label className="flex flex-col text-sm">
            Host ID type
            <select name={rowField('type', i)} defaultValue={row.type} className={input}>
              {HOST_ID_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      ))}
    </>
  )
}

function HostField({
  label,
  name,
  value,
  error,
  hint,
}: {
  label: string
  name: string
  value: string
  error: string | undefined
  hint?: string
}) {
  const errorId = `${name}-error`
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        defaultValue={value}
        autoComplete="off"
        spellCheck={false}
        className={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint, errorId].filter(Boolean).join(' ')}
      />
      <FieldErrors id={errorId} errors={error ? [error] : undefined} />
    </div>
  )
}
