import { describe, expect, it } from 'vitest'
import { webPath, withoutMatrixParams } from './web-paths'

describe('web assignments addresses', () => {
  it('encodes a record segment', () => {
    expect(webPath('groups', 'Design Team')).toBe('/webassignments/groups/Design%20Team')
    expect(webPath('users', 'a.b@acme.example')).toBe('/webassignments/users/a.b%40acme.example')
    expect(webPath()).toBe('/webassignments')
  })

  it('drops matrix parameters from every segment', () => {
    expect(withoutMatrixParams('/webassignments/groups;sort=name')).toBe('/webassignments/groups')
    expect(withoutMatrixParams('/webassignments;view=list/users;x=1')).toBe('/webassignments/users')
    expect(withoutMatrixParams('/webassignments/;a=b/users')).toBe('/webassignments/users')
    expect(withoutMatrixParams('/WebAssignments/groups/Design%20Team;page=2')).toBe(
      '/WebAssignments/groups/Design%20Team',
    )
  })

  it('leaves other addresses and plain ones alone', () => {
    expect(withoutMatrixParams('/webassignments/groups')).toBeNull()
    expect(withoutMatrixParams('/emails;a=b')).toBeNull()
    expect(withoutMatrixParams('/webassignmentsx;a=b')).toBeNull()
  })
})
