/** The CSV export of Usage Transactions: at most this many rows (spec 2 section 9, fetch-all max). */
export const USAGE_EXPORT_MAX = 30000

/** The refusal when the selection holds more rows than an export may (spec 2 section 8). */
export const usageExportTooMany = (max: number = USAGE_EXPORT_MAX) =>
  `Total number of available transactions exceeds ${max}. Apply filters to reduce selection.`
