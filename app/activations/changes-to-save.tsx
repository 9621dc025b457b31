/**
 * Changes to save: each entitlement ticked or marked for removal, in words
 * (product, count, what happens), with an Undo that takes it back, then the
 * Borrowable box and the save buttons. Part of the editor's GET form, so the
 * list follows 'Update selection' without JavaScript and each tick with it.
 */
import type { ReactNode } from 'react'
import { entitlementName, type ChangeLine } from '../domain/activation-changes'

export function ChangesToSave({
  lines,
  errors,
  children,
}: {
  lines: ChangeLine[]
  /** Count errors by row key. */
  errors: Record<string, string>
  /** The Borrowable box and the buttons. */
  children: ReactNode
}) {
  // With several customers' tabs open, each change says whose it is.
  const several = new Set(lines.map((l) => l.customerNumber)).size > 1
  return (
    <section aria-labelledby="changes-title" className="space-y-3 rounded border border-gray-300 bg-white p-3">
      <h2 id="changes-title" className="text-lg font-semibold">
        Changes to save{lines.length > 0 ? ` (${lines.length})` : ''}
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-gray-700">
          None yet. Tick the entitlements to activate below, or Remove ones activated on this host.
        </p>
      ) : (
        <ul aria-label="Changes to save" className="divide-y divide-gray-200 border-y border-gray-200 text-sm">
          {lines.map((line) => {
            const verb = `${line.kind === 'activate' ? 'Activate' : 'Remove'} ${line.count} ×`
            const what = `${verb} ${line.productName || line.activationId}`
            const error = errors[line.key]
            return (
              <li key={line.key} className="flex items-start justify-between gap-2 py-1.5">
                <span className="min-w-0 break-words">
                  <span className={line.kind === 'remove' ? 'font-medium text-red-700' : 'font-medium'}>{what}</span>
                  <span className="block text-xs text-gray-700">
                    {line.activationId}
                    {several ? `, customer ${line.customerNumber}` : ''}
                  </span>
                  {error ? <span className="block text-red-700">Count: {error}</span> : null}
                </span>
                <button
                  type="submit"
                  name="op"
                  value={`${line.kind === 'activate' ? 'unpick' : 'undo'}:${line.key}`}
                  className="btn-link shrink-0 px-1 py-0"
                  aria-label={`Undo: ${verb} ${entitlementName(line)}`}
                >
                  Undo
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {children}
    </section>
  )
}
