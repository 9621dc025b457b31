/**
 * FSA entitlements as the Flexible Spending Account page shows them (spec 3,
 * "FSA entitlement classification", sections 5 and 9): active or inactive, the
 * used share of the balance and its colour, the contract picker's list and
 * labels, which lines are manual spends, and the history CSV's name.
 */
import { daysBetween } from './entitlements'

export type FsaStatus = 'NOT STARTED' | 'EXPIRED' | 'ACTIVE' | 'USED UP'

/** Spec 3 section 9: the FSA used share, rounded, of the total; 0 without a total. */
export function fsaUsedPercentage(used: number, total: number): number {
  if (!(total > 0)) return 0
  return Math.min(100, Math.max(0, Math.round((100 * used) / total)))
}

/** Green below 80 %, orange from 80, red from 95. */
export function fsaUsedColor(percentage: number): 'green' | 'orange' | 'red' {
  if (percentage >= 95) return 'red'
  if (percentage >= 80) return 'orange'
  return 'green'
}

/** Remaining days, counting today and the end day (spec 3 section 9: inclusive). */
export const fsaRemainingDays = (today: string, endDate: string) => daysBetween(today, endDate.slice(0, 10)) + 1

/**
 * The classification, first rule that holds: not started (active), no day left
 * (expired, inactive), the whole balance used (inactive), else active.
 */
export function classifyFsa(input: { startDate: string; endDate: string; today: string; usedPercentage: number }): {
  status: FsaStatus
  active: boolean
} {
  if (daysBetween(input.startDate.slice(0, 10), input.today) < 0) return { status: 'NOT STARTED', active: true }
  if (fsaRemainingDays(input.today, input.endDate) <= 0) return { status: 'EXPIRED', active: false }
  if (input.usedPercentage >= 100) return { status: 'USED UP', active: false }
  return { status: 'ACTIVE', active: true }
}

export const INVALID_FSA_ORDER = 'Invalid FSA Order'

/** A contract in the picker: its entitlement id, or 'Invalid FSA Order' when it has none. */
export const contractLabel = (entitlementId: string | null | undefined) => entitlementId?.trim() || INVALID_FSA_ORDER

/** The contracts the picker lists for the text: ending today or later, the text in the id or end date (any case). */
export function pickableContracts<C extends { EntitlementID: string; EndDate: string }>(
  contracts: readonly C[],
  text: string,
  today: string,
): C[] {
  const needle = text.trim().toLowerCase()
  return contracts.filter(
    (c) =>
      c.EndDate.slice(0, 10) >= today &&
      (needle === '' ||
        (c.EntitlementID ?? '').toLowerCase().includes(needle) ||
        c.EndDate.slice(0, 10).includes(needle)),
  )
}

/** Spec 3 section 9: the part number of a manual FSA spend line. */
export const MANUAL_PART_NUMBER = 'FSA0030216'

/** A manual spend: the placeholder part number, or a product sold per seat ('- Shared Web', '- Named User'). */
export function isManualLine(line: { partNumber?: string | null; productName?: string | null }): boolean {
  const name = line.productName ?? ''
  return line.partNumber === MANUAL_PART_NUMBER || name.includes('- Shared Web') || name.includes('- Named User')
}

/** Spec 3 section 9: OrderHistory_{date}_{customerNumber}.csv. */
export const orderHistoryCsvName = (today: string, customerNumber: string) =>
  `OrderHistory_${today}_${customerNumber}.csv`

/** An FSA contract as the Entitlements tab's grids list it (spec 3 section 3, FSA entitlement row). */
export interface FsaEntitlementRow {
  entitlementId: string
  ansysproduct: string
  /** Product and id, for the Entitlement column's filter and sort. */
  entitlement: string
  startdate: string
  enddate: string
  /** Days left counting today and the end day; negative or 0 once over. */
  remainingdays: number
  /** 'NOT STARTED', 'EXPIRED' or the days left. */
  remainingText: string
  usedDays: number
  /** The share of the term gone, for the bar. */
  usedDaysPercentage: number
  quantity: number
  remaining: number
  currency: string
  usedpercentage: number
  status: FsaStatus
  active: boolean
}

/** A contract's row: its balance used and left, its term, its classification. */
export function fsaEntitlementRow(
  contract: { EntitlementID: string; ProductName: string; StartDate: string; EndDate: string; Used: number },
  total: number,
  currency: string,
  today: string,
): FsaEntitlementRow {
  const start = contract.StartDate.slice(0, 10)
  const end = contract.EndDate.slice(0, 10)
  const usedpercentage = fsaUsedPercentage(contract.Used, total)
  const { status, active } = classifyFsa({ startDate: start, endDate: end, today, usedPercentage: usedpercentage })
  const remainingdays = fsaRemainingDays(today, end)
  const usedDays = daysBetween(start, today)
  const termDays = daysBetween(start, end) + 1
  return {
    entitlementId: contract.EntitlementID,
    ansysproduct: contract.ProductName,
    entitlement: `${contract.ProductName} ${contract.EntitlementID}`,
    startdate: start,
    enddate: end,
    remainingdays,
    remainingText: status === 'NOT STARTED' || status === 'EXPIRED' ? status : String(remainingdays),
    usedDays,
    usedDaysPercentage: termDays > 0 ? Math.min(100, Math.max(0, Math.round((100 * usedDays) / termDays))) : 100,
    quantity: total,
    remaining: Math.max(0, Math.round((total - contract.Used) * 100) / 100),
    currency: currency || 'USD',
    usedpercentage,
    status,
    active,
  }
}
