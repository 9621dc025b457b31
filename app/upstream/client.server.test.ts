import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, TIMEOUT_MESSAGE, timedOut } from './client.server'

const api = () => createApiClient({ apiBaseUrl: 'http://api.local/api' }, 'token')

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('createApiClient: failures, retries and timeouts', () => {
  it('a call that times out is answered at once as a timed-out FAILURE, not retried', async () => {
    const fetch = vi.fn(async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    })
    vi.stubGlobal('fetch', fetch)
    const reply = await api().call('POST', '/getemails', {})
    expect(reply).toMatchObject({ status: 'FAILURE', err: TIMEOUT_MESSAGE })
    expect(timedOut(reply)).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('other network failures are retried up to 5 times and are not marked as timed out', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed')
    })
    vi.stubGlobal('fetch', fetch)
    const pending = api().call('POST', '/getemails', {})
    await vi.runAllTimersAsync()
    const reply = await pending
    expect(reply).toMatchObject({ status: 'FAILURE', err: 'unable to fetch data after 5 attempts: fetch failed' })
    expect(timedOut(reply)).toBe(false)
    expect(fetch).toHaveBeenCalledTimes(5)
  })

  it('an HTTP 4xx is not retried and keeps its status', async () => {
    const fetch = vi.fn(async () => Response.json({ status: 'FAILURE', err: 'bad filter' }, { status: 400 }))
    vi.stubGlobal('fetch', fetch)
    const reply = await api().call('POST', '/getemails', {})
    expect(reply).toEqual({ status: 'FAILURE', err: 'bad filter', httpStatus: 400 })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
