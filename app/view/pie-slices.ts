/**
 * The slices of a statement's pie chart: what each product (or purchase order)
 * took of a period's total. Amounts count to the cent; the shares are shown to
 * a tenth of a percent and always add up to exactly 100 % (largest remainder).
 */

export interface PieInput {
  label: string
  value: number
}

export interface PieSlice {
  label: string
  /** The amount (to the cent). */
  value: number
  /** Radians, clockwise from 12 o'clock, 0 to 2π. */
  startAngle: number
  endAngle: number
  /** Tenths of a percent (0 to 1000): the rounded share; every slice's together make 1000. */
  shareTenths: number
  /** The share as shown: '42.5 %'. */
  share: string
  /** How many inputs the slice stands for (more than one for 'Other'). */
  count: number
}

/** Slices named one by one; the rest, when more than one, are folded into 'Other'. */
export const MAX_NAMED_SLICES = 8
export const OTHER_LABEL = 'Other'

const cents = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) : 0)

/**
 * The slices of the positive amounts, largest first (ties by label). Zero and
 * negative amounts take no share, so they are left out; no positive amount gives
 * no slices.
 */
export function pieSlices(inputs: readonly PieInput[]): PieSlice[] {
  const positive = inputs
    .map((input) => ({ label: input.label, cents: cents(input.value), count: 1 }))
    .filter((input) => input.cents > 0)
    .sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label))
  const grouped =
    positive.length > MAX_NAMED_SLICES + 1
      ? [
          ...positive.slice(0, MAX_NAMED_SLICES),
          positive
            .slice(MAX_NAMED_SLICES)
            .reduce((other, input) => ({ ...other, cents: other.cents + input.cents, count: other.count + 1 }), {
              label: OTHER_LABEL,
              cents: 0,
              count: 0,
            }),
        ]
      : positive
  const total = grouped.reduce((sum, slice) => sum + slice.cents, 0)
  if (total === 0) return []
  const tenths = largestRemainder(
    grouped.map((slice) => slice.cents),
    total,
    1000,
  )
  let before = 0
  return grouped.map((slice, i) => {
    const startAngle = (2 * Math.PI * before) / total
    before += slice.cents
    return {
      label: slice.label,
      value: slice.cents / 100,
      startAngle,
      endAngle: (2 * Math.PI * before) / total,
      shareTenths: tenths[i],
      share: shareText(tenths[i]),
      count: slice.count,
    }
  })
}

/** '42.5 %' from tenths of a percent. */
export function shareText(tenths: number): string {
  return `${(tenths / 10).toFixed(1)} %`
}

/**
 * Whole units of `units` in proportion to `parts` (integers that add to `total`):
 * each part gets its floor, and the units left over go to the largest remainders
 * (the earlier part on a tie), so the result adds to exactly `units`.
 */
export function largestRemainder(parts: readonly number[], total: number, units: number): number[] {
  const shares = parts.map((part, index) => ({
    index,
    floor: Math.floor((part * units) / total),
    remainder: (part * units) % total,
  }))
  let left = units - shares.reduce((sum, share) => sum + share.floor, 0)
  const result = shares.map((share) => share.floor)
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break
    result[share.index]++
    left--
  }
  return result
}
