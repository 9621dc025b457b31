/** Rows per page when a list request names no limit, and the most one request may ask for. */
export const DEFAULT_PAGE_SIZE = 100
export const MAX_PAGE_SIZE = 1000

/** Distinct values returned when no limit is named, and the most one request may ask for. */
export const DEFAULT_DISTINCT_LIMIT = 500
export const MAX_DISTINCT_LIMIT = 5000

/** Most values one IN criterion may list. */
export const MAX_IN_VALUES = 500

/** Largest request body accepted, in bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_JSON_DEPTH = 32

/** Global roles that see every customer account. */
export const STAFF_ROLES = ['busops', 'support', 'sales', 'salesaccess'] as const
