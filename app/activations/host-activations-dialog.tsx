/**
 * Spec 3, dialog 4: the products activated on a host, with Entitlement,
 * Activated, Start Date, Expiration Date and Remaining Days, and Ok. A section
 * of the page without JavaScript, a 1200 px dialog with it.
 */
import { Link } from '@remix-run/react'
import { ACTIVATED_FIELD, type ActivationRow } from '../domain/activation-types'
import { entitlementTiming, formatDay, remainingDaysText } from '../domain/entitlements'
import { EditorDialog } from './editor-dialog'
import { EntitlementCell, HeaderRow, primary } from './editor-ui'
import { HISTORY_TEXTS } from './history-screen'

export function HostActivationsDialog({
  hostId,
  rows,
  error,
  okHref,
  today,
}: {
  /** The host id as people read it. */
  hostId: string
  rows: ActivationRow[]
  error: string | null
  okHref: string
  today: string
}) {
  return (
    <EditorDialog
      id="host-activations-title"
      title={HISTORY_TEXTS.viewTitle(hostId)}
      closeHref={okHref}
      width="w-[1200px] max-w-full"
      sectionClassName="space-y-3 rounded border border-gray-300 bg-white p-3"
      testId="host-activations-dialog"
    >
      {error ? (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      ) : rows.length === 0 ? (
        <p>{HISTORY_TEXTS.noActivations}</p>
      ) : (
        <div className="max-w-full overflow-x-auto">
          <table className="text-sm">
            <HeaderRow names={['Entitlement', 'Activated', 'Start Date', 'Expiration Date', 'Remaining Days']} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.ActivationId} className="border-t border-gray-200 align-top">
                  <EntitlementCell row={row} />
                  <td className="px-2 text-right tabular-nums">{row[ACTIVATED_FIELD]}</td>
                  <td className="px-2 whitespace-nowrap">{formatDay(row.StartDate)}</td>
                  <td className="px-2 whitespace-nowrap">{formatDay(row.EndDate) || 'Permanent'}</td>
                  <td className="px-2 whitespace-nowrap">
                    {remainingDaysText(
                      entitlementTiming({ startDate: row.StartDate, endDate: row.EndDate || null, today }),
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Link to={okHref} preventScrollReset className={`${primary} inline-block`}>
        Ok
      </Link>
    </EditorDialog>
  )
}
