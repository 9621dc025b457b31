import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  CREDENTIAL_MESSAGES,
  MAX_USERNAMES,
  USERNAME_MAX,
  checkUsernames,
  credentialsActionSchema,
  credentialsExport,
  credentialsFileName,
  formatPin,
  isValidPin,
  parseSavedUsernames,
  parseUsernames,
  pinControls,
  pinSchema,
  usernamesBanner,
  usernamesControls,
  usernamesSchema,
} from './elastic-credentials'

describe('isValidPin', () => {
  it.each(['000000', '123456', '999999', '012345'])('accepts %j', (pin) => expect(isValidPin(pin)).toBe(true))

  it.each([
    ['too short', '12345'],
    ['too long', '1234567'],
    ['empty', ''],
    ['decimal point', '1234.5'],
    ['sign', '+12345'],
    ['negative', '-12345'],
    ['exponent', '1e5000'],
    ['spaces around', ' 123456'],
    ['trailing new line', '123456\n'],
    ['letters', '12a456'],
    ['fullwidth digits', '１２３４５６'],
    ['Arabic-Indic digits', '١٢٣٤٥٦'],
    ['very long', '1'.repeat(100_000)],
  ])('refuses %s', (_label, pin) => expect(isValidPin(pin)).toBe(false))

  it('refuses non-strings', () => {
    expect(isValidPin(123456)).toBe(false)
    expect(isValidPin(null)).toBe(false)
    expect(isValidPin(['123456'])).toBe(false)
  })

  it('has a zod schema with the spec message', () => {
    expect(pinSchema.safeParse('123456').success).toBe(true)
    expect(pinSchema.safeParse('12345').error?.issues[0].message).toBe(
      'PIN number is not valid. Please enter a 6 digits number.',
    )
    expect(pinSchema.safeParse(undefined).error?.issues[0].message).toBe(CREDENTIAL_MESSAGES.pinInvalid)
  })
})

describe('formatPin', () => {
  it('keeps leading zeros', () => {
    expect(formatPin(0)).toBe('000000')
    expect(formatPin(7)).toBe('000007')
    expect(formatPin(999_999)).toBe('999999')
  })
  it('refuses numbers that are not a 6-digit PIN', () => {
    expect(() => formatPin(1_000_000)).toThrow(RangeError)
    expect(() => formatPin(-1)).toThrow(RangeError)
    expect(() => formatPin(1.5)).toThrow(RangeError)
  })
})

describe('pinControls (spec 2 section 4)', () => {
  it('unchanged valid PIN: only Export', () => {
    expect(pinControls('123456', '123456')).toEqual({ canChange: false, canCancel: false, canExport: true })
  })
  it('changed valid PIN: Change and Cancel, no Export', () => {
    expect(pinControls('654321', '123456')).toEqual({ canChange: true, canCancel: true, canExport: false })
  })
  it('invalid PIN: Cancel only', () => {
    expect(pinControls('12', '123456')).toEqual({ canChange: false, canCancel: true, canExport: false })
  })
  it('Cancel needs a valid stored PIN', () => {
    expect(pinControls('654321', null)).toEqual({ canChange: true, canCancel: false, canExport: false })
  })
  it('a view-only user cannot change', () => {
    expect(pinControls('654321', '123456', true).canChange).toBe(false)
  })
})

describe('parseUsernames', () => {
  it('reads one username per line', () => {
    expect(parseUsernames('alice\nbob\r\ncarol\rdave')).toEqual({ ok: true, users: ['alice', 'bob', 'carol', 'dave'] })
  })

  it('takes empty text as the empty list', () => {
    expect(parseUsernames('')).toEqual({ ok: true, users: [] })
    expect(parseUsernames(undefined)).toEqual({ ok: true, users: [] })
  })

  it('allows one final line break', () => {
    expect(parseUsernames('alice\nbob\n')).toEqual({ ok: true, users: ['alice', 'bob'] })
    expect(parseUsernames('alice\r\n')).toEqual({ ok: true, users: ['alice'] })
  })

  it.each([
    ['an empty line in the middle', 'alice\n\nbob'],
    ['two final line breaks', 'alice\n\n'],
    ['only a line break', '\n'],
    ['a leading empty line', '\nalice'],
    ['a space inside', 'alice smith'],
    ['a leading space', ' alice'],
    ['a trailing space', 'alice '],
    ['a tab', 'alice\tbob'],
    ['a non-breaking space', 'alice\u00a0'],
    ['non-ASCII letters', 'jörg'],
    ['a Cyrillic look-alike', 'аlice'],
    ['a fullwidth letter', 'ａlice'],
    ['a zero-width space', 'ali\u200bce'],
    ['a control character', 'alice\u0000'],
    ['an emoji', 'bob😀'],
    ['a case-insensitive duplicate', 'Alice\nbob\nALICE'],
    ['an exact duplicate', 'bob\nbob'],
    ['a very long name', 'a'.repeat(USERNAME_MAX + 1)],
    ['a huge input', 'a'.repeat(1_000_000)],
  ])('refuses %s', (_label, text) => {
    expect(parseUsernames(text).ok).toBe(false)
  })

  it('accepts printable ASCII, including markup and CSV characters, as plain text', () => {
    expect(parseUsernames('DOMAIN\\user\nuser@example.com\n<b>x</b>\n=cmd|x\na,b;c"d')).toEqual({
      ok: true,
      users: ['DOMAIN\\user', 'user@example.com', '<b>x</b>', '=cmd|x', 'a,b;c"d'],
    })
  })

  it('limits the number of usernames', () => {
    const many = Array.from({ length: MAX_USERNAMES + 1 }, (_, i) => `u${i}`)
    expect(parseUsernames(many.join('\n')).ok).toBe(false)
    expect(parseUsernames(many.slice(1).join('\n')).ok).toBe(true)
  })

  it('says which line is wrong', () => {
    expect(parseUsernames('alice\nbob smith')).toEqual({
      ok: false,
      reason: 'Line 2 must be one username without spaces, in ASCII characters only.',
    })
  })
})

describe('checkUsernames and usernamesSchema (the API)', () => {
  it('refuses non-strings and empty names', () => {
    expect(checkUsernames(['a', 1]).ok).toBe(false)
    expect(checkUsernames(['']).ok).toBe(false)
    expect(checkUsernames([]).ok).toBe(true)
  })

  it('starts its message with the spec text', () => {
    const result = usernamesSchema.safeParse(['a', 'A'])
    expect(result.success).toBe(false)
    expect(result.error!.issues[0].message.startsWith(CREDENTIAL_MESSAGES.usernamesInvalid)).toBe(true)
  })
})

describe('usernamesControls (spec 2 section 4)', () => {
  const saved = ['alice', 'bob']
  it('unchanged: nothing to save or cancel', () => {
    expect(usernamesControls('alice\nbob', saved)).toEqual({ changed: false, canSave: false, canCancel: false })
    expect(usernamesControls('alice\r\nbob\n', saved)).toEqual({ changed: false, canSave: false, canCancel: false })
  })
  it('changed and valid: Save and Cancel', () => {
    expect(usernamesControls('alice', saved)).toEqual({ changed: true, canSave: true, canCancel: true })
    expect(usernamesControls('', saved)).toEqual({ changed: true, canSave: true, canCancel: true })
  })
  it('changed and invalid: Cancel only', () => {
    expect(usernamesControls('alice\n\nbob', saved)).toEqual({ changed: true, canSave: false, canCancel: true })
  })
  it('view-only: no Save', () => {
    expect(usernamesControls('alice', saved, true).canSave).toBe(false)
  })
})

describe('banner and export', () => {
  it('names the banner by whether usernames exist', () => {
    expect(usernamesBanner([])).toBe('Allowing all users with current PIN')
    expect(usernamesBanner(['a'])).toBe('Blocking all other users')
  })

  it('writes clsid, Alias and PIN', () => {
    expect(credentialsExport({ deviceId: 'ELS-1', alias: 'Main' }, '012345')).toEqual({
      clsid: 'ELS-1',
      Alias: 'Main',
      PIN: '012345',
    })
  })

  it('names the file after the server id with safe characters only', () => {
    expect(credentialsFileName('ELS-7F3A9C21')).toBe('elastic-server-ELS-7F3A9C21.json')
    expect(credentialsFileName('../../etc/"passwd"\r\n')).toBe('elastic-server-.._.._etc__passwd___.json')
    expect(credentialsFileName('')).toBe('elastic-server-server.json')
  })
})

describe('the screen form, one schema per intent (as the action parses a post)', () => {
  const post = (fields: Record<string, string>) => {
    const formData = new FormData()
    for (const [name, value] of Object.entries(fields)) formData.append(name, value)
    return parseWithZod(formData, { schema: credentialsActionSchema })
  }
  const errors = (fields: Record<string, string>) => {
    const submission = post(fields)
    return submission.status === 'error' ? submission.error : null
  }

  it('changepin takes a valid PIN', () => {
    expect(post({ intent: 'changepin', pin: '012345' })).toMatchObject({
      status: 'success',
      value: { intent: 'changepin', pin: '012345' },
    })
  })

  it.each(['', '12ab', '1234567', '12345.'])('changepin refuses %j with the spec message', (pin) => {
    expect(errors({ intent: 'changepin', pin })).toEqual({ pin: [CREDENTIAL_MESSAGES.pinInvalid] })
  })

  it('export refuses an invalid PIN with the export message', () => {
    expect(errors({ intent: 'export', pin: '12ab' })).toEqual({ pin: [CREDENTIAL_MESSAGES.pinExportInvalid] })
    expect(errors({ intent: 'export' })).toEqual({ pin: [CREDENTIAL_MESSAGES.pinExportInvalid] })
    expect(post({ intent: 'export', pin: '654321' })).toMatchObject({ status: 'success', value: { pin: '654321' } })
  })

  it('saveusers reads the textarea as a list and the saved list it started from', () => {
    expect(post({ intent: 'saveusers', users: 'alice\r\nBuild.Agent\r\n', oldUsers: '["alice"]' })).toMatchObject({
      status: 'success',
      value: { intent: 'saveusers', users: ['alice', 'Build.Agent'], oldUsers: ['alice'] },
    })
  })

  it('saveusers takes an empty textarea as the empty list, and an unreadable saved list as unknown', () => {
    expect(post({ intent: 'saveusers', users: '', oldUsers: 'not json' })).toMatchObject({
      status: 'success',
      value: { users: [], oldUsers: undefined },
    })
  })

  it('saveusers refuses an invalid list with the spec message and the reason', () => {
    const message = errors({ intent: 'saveusers', users: 'alice\nALICE', oldUsers: '[]' })?.users?.[0]
    expect(message).toBe(`${CREDENTIAL_MESSAGES.usernamesInvalid} Line 2 repeats a username (case is ignored).`)
  })

  it('refuses an unknown or missing intent', () => {
    expect(post({ intent: 'delete', pin: '123456' }).status).toBe('error')
    expect(post({ pin: '123456' }).status).toBe('error')
  })

  it('reads the saved usernames a form carries', () => {
    expect(parseSavedUsernames('["a","b"]')).toEqual(['a', 'b'])
    expect(parseSavedUsernames('{')).toBeUndefined()
  })
})
