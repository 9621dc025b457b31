/** Small pieces every part of the activation editor uses. */
export const button = 'rounded border border-gray-400 px-3 py-1 text-sm hover:bg-gray-100'
/** The text box of the editor's comboboxes. */
export const comboboxInput = 'mt-1 w-96 max-w-full rounded border border-gray-400 px-2 py-1'
export const primary = 'rounded bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800'

/** Carries parameters through a form as hidden fields. */
export function Hidden({ entries }: { entries: [string, string][] }) {
  return entries.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />)
}

export function HeaderRow({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className="px-2 text-left">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** Product name above the activation id. */
export function EntitlementCell({ row }: { row: { ProductName: string; ActivationId: string } }) {
  return (
    <td className="px-2">
      {row.ProductName}
      <span className="block text-xs text-gray-700">{row.ActivationId}</span>
    </td>
  )
}
