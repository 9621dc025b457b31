import { describe, expect, it } from 'vitest'
import { PORTAL_ACCESS_MESSAGES as M } from './portal-access'
import { portalAccessFormSchema, saveBlockers } from './portal-access-form'

describe('why the form cannot be saved', () => {
  it('names each field by its contact number, rows in order, e-mail before role', () => {
    const issues = [
      { path: ['contacts', 1, 'role'], message: M.roleRequired },
      { path: ['contacts', 0, 'role'], message: M.roleRequired },
      { path: ['contacts', 1, 'email'], message: M.freeDomain },
    ]
    // One locked row comes first: the editable rows are contacts 2 and 3.
    expect(saveBlockers(issues, 2)).toEqual([
      `Contact 2 role: ${M.roleRequired}`,
      `Contact 3 e-mail: ${M.freeDomain}`,
      `Contact 3 role: ${M.roleRequired}`,
    ])
  })

  it('puts problems of the list as a whole first, as they are, and says each line once', () => {
    const issues = [
      { path: ['contacts', 0, 'email'], message: M.emailFormat },
      { path: ['contacts'], message: `admin@acme.example: ${M.changeAdmin}` },
      { path: ['contacts', 0, 'email'], message: M.emailFormat },
    ]
    expect(saveBlockers(issues, 1)).toEqual([
      `admin@acme.example: ${M.changeAdmin}`,
      `Contact 1 e-mail: ${M.emailFormat}`,
    ])
  })

  it('tells of a new row whose role was never chosen', () => {
    const schema = portalAccessFormSchema({
      freeDomains: new Set(),
      baseline: [{ email: 'admin@acme.example', role: 'Administrator' }],
      authority: { canEdit: true, canGrantAdmin: true, selfEmail: null },
    })
    const result = schema.safeParse({
      contacts: [
        { email: 'admin@acme.example', role: 'Administrator' },
        { email: 'new@acme.example', role: '' },
      ],
    })
    expect(result.success).toBe(false)
    expect(saveBlockers(result.error?.issues ?? [], 1)).toEqual([`Contact 2 role: ${M.roleRequired}`])
  })

  it('says nothing when nothing is wrong', () => {
    expect(saveBlockers([], 1)).toEqual([])
  })
})
