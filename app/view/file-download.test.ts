import { describe, expect, it } from 'vitest'
import { attachmentDisposition, formatFileSize } from './file-download'

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [412, '412 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [2560, '2.5 KB'],
    [262_144, '256 KB'],
    [1_258_291, '1.2 MB'],
  ])('%i bytes read %j', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})

describe('attachmentDisposition', () => {
  it('names a plain file as it is', () => {
    expect(attachmentDisposition('license_1000002_00155d0a1b2c.lic')).toBe(
      'attachment; filename="license_1000002_00155d0a1b2c.lic"',
    )
  })

  it('keeps quotes, separators and other characters out of the plain name and gives the exact one as filename*', () => {
    expect(attachmentDisposition('a "b";c\r\n(é)*.lic')).toBe(
      'attachment; filename="a__b__c______.lic"; filename*=UTF-8\'\'a%20%22b%22%3Bc%0D%0A%28%C3%A9%29%2A.lic',
    )
    expect(attachmentDisposition('')).toBe('attachment; filename="download"')
  })
})
