/** Moves the decimal point of `x` by `places` in its decimal text, so no binary error creeps in. */
function shiftDecimal(x: number, places: number): number {
  const [mantissa, exponent = '0'] = String(x).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}

/**
 * Rounds to a number of decimals, halves away from zero, without the binary
 * surprises of `Math.round(n * 100) / 100` (1.005 rounds to 1.01, not 1).
 */
export function roundTo(n: number, decimals: number): number {
  if (!Number.isFinite(n)) return n
  const rounded = shiftDecimal(Math.round(shiftDecimal(Math.abs(n), decimals)), -decimals)
  return n < 0 && rounded !== 0 ? -rounded : rounded
}
