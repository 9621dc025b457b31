import { describe, expect, it } from 'vitest'
import { isActivePath, isPlainClick } from './portal-link'

const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false }

describe('isPlainClick', () => {
  it('handles an ordinary left click in the same window', () => {
    expect(isPlainClick(click)).toBe(true)
    expect(isPlainClick(click, '_self')).toBe(true)
  })
  it.each([
    ['a middle click', { ...click, button: 1 }, undefined],
    ['ctrl-click', { ...click, ctrlKey: true }, undefined],
    ['cmd-click', { ...click, metaKey: true }, undefined],
    ['shift-click', { ...click, shiftKey: true }, undefined],
    ['alt-click', { ...click, altKey: true }, undefined],
    ['a click someone else handled', { ...click, defaultPrevented: true }, undefined],
    ['a link to another window', click, '_blank'],
  ])('leaves %s to the browser', (_name, event, target) => {
    expect(isPlainClick(event, target)).toBe(false)
  })
})

describe('isActivePath', () => {
  it.each([
    ['/emails', '/emails?customer=1', true],
    ['/emails/12', '/emails?customer=1', true],
    ['/Emails', '/emails?customer=1', true],
    ['/emailsx', '/emails?customer=1', false],
    ['/home', '/emails?customer=1', false],
    ['/notifications', '/notifications#resolved', true],
  ])('%s is under %s: %s', (current, to, expected) => {
    expect(isActivePath(current, to)).toBe(expected)
  })
})
