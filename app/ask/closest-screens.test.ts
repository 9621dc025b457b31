import { describe, expect, it } from 'vitest'
import { closestScreens } from './closest-screens'

describe('the closest screens to a question', () => {
  it('are those whose title or menu group holds its words, best first', () => {
    expect(closestScreens('elastic statements of october')[0]).toBe('statements')
    expect(closestScreens('where are my usage transactions')).toContain('usage')
    expect(closestScreens('portal access')).toContain('portalAccess')
  })

  it('are none for words no screen holds, and never a notice page', () => {
    expect(closestScreens('the weather in Oslo')).toEqual([])
    expect(closestScreens('access denied permissions')).not.toContain('noaccess')
  })
})
