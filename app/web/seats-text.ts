/** How many seats an entitlement has left, said plainly. */
import type { WebEntitlementType } from '../domain/web-licenses'

const seatsWord = (n: number) => (n === 1 ? '1 seat' : `${n} seats`)

export function seatsText(e: {
  type: WebEntitlementType
  seats: number
  inUse: number
  holders: number
  free: number
}) {
  if (e.type === 'SHARED_WEB') {
    if (e.seats === 0) return 'It has no seats.'
    if (e.free === 0)
      return e.seats === 1 ? 'Its one seat is in use now.' : `All ${e.seats} seats are in use now: none is free.`
    return `${e.inUse} of ${seatsWord(e.seats)} in use now: ${e.free} free.`
  }
  if (e.seats === 0) return 'It has no seats.'
  if (e.free === 0)
    return e.seats === 1
      ? 'Its one seat is held: none is left to assign.'
      : `All ${e.seats} seats are held: none is left to assign.`
  return `${e.holders} of ${seatsWord(e.seats)} held: ${e.free} left to assign.`
}
