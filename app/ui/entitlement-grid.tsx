/** One grid (Active or Inactive) of an entitlement screen: the data grid with the wording and row key they share. */
import type { ReactNode } from 'react'
import type { EntitlementRow } from '../domain/entitlement-row'
import type { GridSpec } from '../grid/grid-state'
import type { GridData } from '../grid/types'
import { DataGrid } from './grid/data-grid'

export function EntitlementGrid({
  data,
  spec,
  label,
  customerNumber,
  cells,
}: {
  data: GridData<EntitlementRow>
  spec: GridSpec<EntitlementRow>
  /** The section's title, e.g. 'Active Entitlements'. */
  label: string
  customerNumber: string
  cells: Partial<Record<string, (row: EntitlementRow) => ReactNode>>
}) {
  return (
    <DataGrid
      spec={spec}
      data={data}
      label={label}
      noun="entitlements"
      loadingText="Getting Entitlements..."
      emptyText={`No ${label.toLowerCase()}.`}
      customerNumber={customerNumber}
      rowKey={(row) => row.ActivationId}
      cells={cells}
    />
  )
}
