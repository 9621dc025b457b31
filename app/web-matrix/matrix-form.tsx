/**
 * The assignment matrix: a page of users by the customer's web entitlements. A named
 * entitlement's cell is a tick for the user's direct seat; a shared one's says whether the
 * user may take a seat and through which group. Without JavaScript it is a plain form of
 * checkboxes; with it, the column headers count the unsaved ticks and leaving with unsaved
 * ticks asks first.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { Form, Link, useNavigation } from '@remix-run/react'
import {
  changedColumns,
  heldWithTicks,
  keepTicks,
  overSeatsMessage,
  parseSeatValues,
  readSeatValue,
  seatValue,
} from '../domain/web-matrix'
import { WEB_LICENSE_MODEL } from '../domain/web-licenses'
import { TableScroll } from '../ui/table-scroll'
import { UnsavedChangesGuard } from '../ui/unsaved-changes'
import { useHydrated } from '../ui/use-hydrated'
import type { WebUserRow } from '../../api/contract/web'
import type { MatrixColumn, MatrixData } from './load.server'
import { matrixPageHref } from './matrix-href'
import type { PendingTicks } from './save.server'

type Ticks = Map<string, Set<number>>

/** The group through which a user reaches an entitlement, if any (the first by name). */
function throughGroup(column: MatrixColumn, user: WebUserRow): string | null {
  return user.groups.find((g) => column.groups.includes(g)) ?? null
}

function sharedCellText(column: MatrixColumn, user: WebUserRow): string {
  if (column.groups.length === 0) return 'Yes (every user)'
  const group = throughGroup(column, user)
  return group ? `Yes, through ${group}` : 'No'
}

export function MatrixForm({ matrix, pending }: { matrix: MatrixData; pending: PendingTicks }) {
  const { columns, users, viewOnly } = matrix
  const named = useMemo(() => columns.filter((c) => c.type === 'NAMED_USER'), [columns])
  const pageUsers = users.map((u) => u.id)
  const seen = useMemo(() => new Map(named.map((c) => [c.activationId, c.direct])), [named])
  // The page opens with what is stored, and after a refused save with the user's ticks put back over it.
  const initial: Ticks = useMemo(
    () => new Map(named.map((c) => [c.activationId, keepTicks(c.direct, pending[c.activationId])])),
    [named, pending],
  )
  const [ticks, setTicks] = useState<Ticks>(initial)
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'

  const changes = changedColumns(seen, pageUsers, ticks)
  const byId = new Map(users.map((u) => [u.id, u]))
  const held = (column: MatrixColumn) => {
    const change = changes.find((c) => c.activationId === column.activationId)
    if (!change) return column.holders
    const viaGroup = (id: number) => {
      const user = byId.get(id)
      return user ? throughGroup(column, user) !== null : false
    }
    return heldWithTicks(column.holders, change.added, change.removed, viaGroup)
  }
  const warnings = named
    .map((c) => overSeatsMessage(c.productName, { seats: c.seats, held: held(c) }))
    .filter((m): m is string => m !== null)

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const values = new FormData(event.currentTarget).getAll('seat')
    setTicks(parseSeatValues(values.filter((v): v is string => typeof v === 'string')))
  }

  const formRef = useRef<HTMLFormElement>(null)
  // Back to what is stored, also after a refused save put the user's ticks back.
  const undo = () => {
    for (const box of formRef.current?.querySelectorAll<HTMLInputElement>('input[name="seat"]') ?? []) {
      const seat = readSeatValue(box.value)
      box.checked = seat !== null && (seen.get(seat.activationId)?.includes(seat.userId) ?? false)
    }
    setTicks(new Map(named.map((c) => [c.activationId, new Set(c.direct)])))
  }

  const action = matrixPageHref(matrix.href, matrix.query)
  return (
    <Form method="post" action={action} onChange={onChange} ref={formRef} className="space-y-3">
      <input type="hidden" name="seen" value={JSON.stringify(Object.fromEntries(seen))} />
      {pageUsers.map((id) => (
        <input key={id} type="hidden" name="user" value={id} />
      ))}
      {hydrated && warnings.length > 0 ? (
        <ul
          className="rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900"
          data-testid="matrix-over"
        >
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {hydrated ? warnings.join(' ') : ''}
      </div>
      <TableScroll label="Assignment matrix" tall>
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">
            Web licences by user: a tick gives the user a named seat; shared licences say who may use them
          </caption>
          <thead className="sticky top-0 bg-gray-100">
            <tr>
              <th scope="col" className="px-3 py-2 text-left align-bottom">
                User
              </th>
              {columns.map((c) => (
                <th key={c.activationId} scope="col" className="px-3 py-2 text-left align-bottom">
                  {/* The spaces keep the words apart where the spans are not blocks (a text browser). */}
                  <span className="block">{c.productName}</span>{' '}
                  <span className="block font-normal text-gray-700">{WEB_LICENSE_MODEL[c.type]}</span>{' '}
                  <span className="block font-normal" data-testid={`count-${c.activationId}`}>
                    {c.type === 'NAMED_USER' ? `${held(c)} of ${c.seats} held` : `${c.inUse} of ${c.seats} in use now`}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 py-4">
                  No users match.
                </td>
              </tr>
            ) : (
              users.map((user) => (
                <tr key={user.id} className="border-t border-gray-200">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    <span className="block font-medium">{user.name}</span>{' '}
                    <span className="block break-all text-gray-700">{user.email}</span>
                  </th>
                  {columns.map((c) => (
                    <td key={c.activationId} className="px-3 py-2">
                      {c.type === 'NAMED_USER' ? (
                        <NamedCell
                          column={c}
                          user={user}
                          checked={initial.get(c.activationId)!.has(user.id)}
                          disabled={viewOnly}
                        />
                      ) : (
                        sharedCellText(c, user)
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      {viewOnly ? (
        <p className="text-sm text-gray-700">You have view-only access: the seats cannot be changed.</p>
      ) : named.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            Save seats
          </button>
          {hydrated ? (
            <button type="button" className="btn-secondary" disabled={busy} onClick={undo}>
              Undo unsaved ticks
            </button>
          ) : (
            // The page as stored; a reset would only go back to the ticks the page was drawn with.
            <Link to={action} className="btn-secondary">
              Undo unsaved ticks
            </Link>
          )}
          {hydrated ? (
            <span className="text-sm text-gray-700" aria-live="polite">
              {changes.length === 0
                ? 'No unsaved ticks.'
                : `Unsaved ticks in ${changes.length} ${changes.length === 1 ? 'licence' : 'licences'}.`}
            </span>
          ) : null}
        </div>
      ) : null}
      <UnsavedChangesGuard when={hydrated && !viewOnly && changes.length > 0} />
    </Form>
  )
}

function NamedCell({
  column,
  user,
  checked,
  disabled,
}: {
  column: MatrixColumn
  user: WebUserRow
  checked: boolean
  disabled: boolean
}) {
  const group = throughGroup(column, user)
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        name="seat"
        value={seatValue(user.id, column.activationId)}
        defaultChecked={checked}
        disabled={disabled}
        aria-label={`${column.productName}: seat for ${user.name}`}
        className="h-4 w-4"
      />
      {group ? <span className="text-gray-700">also through {group}</span> : null}
    </label>
  )
}
