/**
 * A host's history as the row of Manage Activations opens into it (spec 3): one
 * group per change (fulfilments within 30 seconds), newest first, its time and
 * who made it spanning the group's lines, one line per entitlement with its
 * summed count as 'ACTIVATE (n)' or 'DEACTIVATE (n)'.
 */
import type { HostHistory } from '../domain/activation-types'
import { groupHistory, HISTORY_MESSAGES, historyTime } from '../domain/host-history'
import { formatDay } from '../domain/entitlements'

const HEADERS = ['Time', 'Modified By', 'Action', 'Entitlement', 'Count', 'Start Date', 'Expiration Date']

export function HostHistoryTree({ hostName, history }: { hostName: string; history: HostHistory | string }) {
  if (typeof history === 'string') {
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {history}
      </p>
    )
  }
  const groups = groupHistory(history.fulfillments)
  if (groups.length === 0) return <p className="text-sm">{HISTORY_MESSAGES.none}</p>
  return (
    <table className="text-sm">
      <caption className="pb-1 text-left font-semibold">History of {hostName}</caption>
      <thead className="bg-gray-100 text-left">
        <tr>
          {HEADERS.map((h) => (
            <th key={h} scope="col" className="px-2 py-1 whitespace-nowrap">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={`${group.time}-${group.rows[0]?.activationId}`} className="border-t-2 border-gray-300">
          {group.rows.map((row, i) => (
            <tr key={row.activationId} className="border-t border-gray-200 align-top">
              {i === 0 ? (
                <>
                  <th
                    scope="rowgroup"
                    rowSpan={group.rows.length}
                    className="px-2 py-1 text-left font-normal whitespace-nowrap"
                  >
                    {historyTime(group.time)}
                  </th>
                  <td rowSpan={group.rows.length} className="px-2 py-1 break-all">
                    {group.modifiedBy}
                  </td>
                </>
              ) : null}
              <td className={`px-2 py-1 whitespace-nowrap ${row.count > 0 ? 'text-green-800' : 'text-red-800'}`}>
                {row.action}
              </td>
              <td className="px-2 py-1">
                {row.productName}
                <span className="block text-xs text-gray-700">{row.activationId}</span>
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{Math.abs(row.count)}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatDay(row.startDate)}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatDay(row.endDate) || 'Permanent'}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  )
}
