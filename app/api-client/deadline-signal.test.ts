import v8 from 'node:v8'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { deadlineSignal } from './deadline-signal'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError after its time, even when nothing but the caller holds it', async () => {
    const signal = deadlineSignal(50, new AbortController().signal)
    gc()
    expect(signal.aborted).toBe(false)
    await later(10)
    gc()
    await later(110)
    expect(signal.aborted).toBe(true)
    expect((signal.reason as Error).name).toBe('TimeoutError')
  })

  it('aborts with the parent, at once when the parent already has', () => {
    const parent = new AbortController()
    const signal = deadlineSignal(10_000, parent.signal)
    parent.abort(new Error('browser left'))
    expect(signal.aborted).toBe(true)
    expect((signal.reason as Error).message).toBe('browser left')
    expect(deadlineSignal(10_000, parent.signal).aborted).toBe(true)
  })
})
