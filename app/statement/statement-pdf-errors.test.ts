import { describe, expect, it } from 'vitest'
import { isPdfErrorCode, pdfErrorText } from './statement-pdf-errors'

describe('pdfErrorText', () => {
  it('gives the spec’s texts for loading and exporting, and the printer’s reason when unavailable', () => {
    expect(pdfErrorText('load')).toBe('An error occurred when loading the PDF.')
    expect(pdfErrorText('export')).toBe('An error occurred when exporting the PDF.')
    expect(pdfErrorText('unavailable', 'Chromium was not found at /x.')).toBe('Chromium was not found at /x.')
    expect(pdfErrorText('unavailable')).toBe('PDF export is unavailable on this server.')
  })

  it('knows its codes only', () => {
    expect(['load', 'export', 'unavailable'].every(isPdfErrorCode)).toBe(true)
    expect(isPdfErrorCode('other')).toBe(false)
    expect(isPdfErrorCode(null)).toBe(false)
  })
})
