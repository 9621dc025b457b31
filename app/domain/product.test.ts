import { describe, expect, it } from 'vitest'
import {
  EXPORT_STATUS_FIELD,
  MANUAL_DRAWDOWN_PRODUCT,
  PRODUCT_NAME,
  PRODUCT_PREFIX,
  exportControlStatus,
  productField,
} from './product'

describe('product prefix', () => {
  it('is the vendor prefix the API uses', () => {
    expect(PRODUCT_PREFIX).toBe('ansys')
  })

  it('builds prefixed field names', () => {
    expect(productField('product')).toBe('ansysproduct')
    expect(EXPORT_STATUS_FIELD).toBe('ansysExportControlStatus')
  })

  it('names the vendor and the hidden manual drawdown entitlement', () => {
    expect(PRODUCT_NAME).toBe('Ansys')
    expect(MANUAL_DRAWDOWN_PRODUCT).toBe('Ansys Flexible Spending Account Manual Drawdown')
  })
})

describe('exportControlStatus', () => {
  it('reads the prefixed field, trimmed', () => {
    expect(exportControlStatus({ [EXPORT_STATUS_FIELD]: ' Approved ' })).toBe('Approved')
  })

  it('is empty when the info, the field or a string value is missing', () => {
    expect(exportControlStatus(null)).toBe('')
    expect(exportControlStatus(undefined)).toBe('')
    expect(exportControlStatus({})).toBe('')
    expect(exportControlStatus({ [EXPORT_STATUS_FIELD]: null })).toBe('')
    expect(exportControlStatus({ [EXPORT_STATUS_FIELD]: 3 })).toBe('')
  })
})
