import { describe, expect, it } from 'vitest'
import { customerNumberOf, customerNumberSchema } from './customer-number'

describe('customer numbers', () => {
  it('accepts text or a number, trimmed', () => {
    expect(customerNumberSchema.parse(1000001)).toBe('1000001')
    expect(customerNumberSchema.parse(' 1000001 ')).toBe('1000001')
    expect(customerNumberSchema.parse('ACME_01-X')).toBe('ACME_01-X')
  })

  it('refuses anything else', () => {
    for (const bad of ["1' OR '1'='1", '', ' ', '1000001/2', 'x'.repeat(33), -1, 1.5, '%31']) {
      expect(customerNumberSchema.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('customerNumberOf gives the number or null', () => {
    expect(customerNumberOf(' 1000002')).toBe('1000002')
    expect(customerNumberOf(null)).toBeNull()
    expect(customerNumberOf('')).toBeNull()
    expect(customerNumberOf('../x')).toBeNull()
  })
})
