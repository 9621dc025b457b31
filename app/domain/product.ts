/**
 * The vendor prefix used by the licensing API for product-specific field
 * names (for example `ansysExportControlStatus`, `CA[ENT|ansysproduct]`).
 * Every use of the prefix goes through this module.
 */
export const PRODUCT_PREFIX = 'ansys' as const
export type ProductPrefix = typeof PRODUCT_PREFIX

/** The vendor's name as products and entitlement names spell it. */
export const PRODUCT_NAME = 'Ansys' as const

/** Entitlements of this name are bookkeeping lines and never listed (spec 2, Leases/Perpetuals screen). */
export const MANUAL_DRAWDOWN_PRODUCT = `${PRODUCT_NAME} Flexible Spending Account Manual Drawdown` as const

/** Builds a vendor-prefixed field name, keeping the literal type. */
export function productField<S extends string>(suffix: S): `${ProductPrefix}${S}` {
  return `${PRODUCT_PREFIX}${suffix}`
}

/** Name of the account-info field that carries the export-control status. */
export const EXPORT_STATUS_FIELD = productField('ExportControlStatus')
export type ExportStatusField = typeof EXPORT_STATUS_FIELD

/** Anything that may carry the export-control status field. */
export type WithExportStatus = { readonly [K in ExportStatusField]?: unknown }

/**
 * The export-control status of an account, trimmed; '' when the account,
 * the field or a string value is missing.
 */
export function exportControlStatus(info: WithExportStatus | null | undefined): string {
  const value = info?.[EXPORT_STATUS_FIELD]
  return typeof value === 'string' ? value.trim() : ''
}
