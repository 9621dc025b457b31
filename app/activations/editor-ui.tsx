/** Small pieces every part of the activation editor uses, in the look of docs/design.md. */
export const button = 'btn-secondary'
export const primary = 'btn-primary'
/** Cancel and Back: leaving without doing anything. */
export const cancelLink = 'btn-link'
/** The text box of the editor's comboboxes. */
export const comboboxInput = 'input mt-1 w-96 max-w-full'
/** A table of the editor: row lines, a grey head, dense cells (docs/design.md, Tables). */
export const tableClass = 'min-w-full border-collapse text-sm'
export const cellClass = 'border-b border-gray-200 px-2 py-1.5 align-top'
export const numberCellClass = `${cellClass} text-right tabular-nums`

/** Carries parameters through a form as hidden fields. */
export function Hidden({ entries }: { entries: [string, string][] }) {
  return entries.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />)
}

/** A column a phone does without (its value shows under the entitlement instead). */
export const wideOnlyClass = 'hidden sm:table-cell'

/**
 * The head of a table; the columns named in `numeric` hold counts, so their heading is right-aligned too;
 * those in `wideOnly` are left out on phones.
 */
export function HeaderRow({
  names,
  numeric = [],
  wideOnly = [],
}: {
  names: string[]
  numeric?: string[]
  wideOnly?: string[]
}) {
  return (
    <thead className="bg-gray-50">
      <tr>
        {names.map((name) => (
          <th
            key={name}
            scope="col"
            className={`border-b border-gray-300 px-2 py-1.5 font-semibold ${numeric.includes(name) ? 'text-right' : 'text-left'} ${wideOnly.includes(name) ? wideOnlyClass : ''}`}
          >
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** Product name above the activation id (and, on phones, the expiration date its column would show). */
export function EntitlementCell({
  row,
  expires,
}: {
  row: { ProductName: string; ActivationId: string }
  expires?: string
}) {
  return (
    <td className={cellClass}>
      {row.ProductName}
      <span className="block text-xs text-gray-700">{row.ActivationId}</span>
      {expires ? <span className="block text-xs text-gray-700 sm:hidden">Expires {expires}</span> : null}
    </td>
  )
}
