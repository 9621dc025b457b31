import { afterEach, describe, expect, it, vi } from 'vitest'
import { metricsRegistry, registerCollector } from './registry'

const scrape = () => metricsRegistry().metrics()
const samples = async (name: string) =>
  (await scrape()).split('\n').filter((line) => line.startsWith(`portal_${name}`) && !line.startsWith('#'))

afterEach(() => vi.restoreAllMocks())

describe('registerCollector', () => {
  it('reads a source at each scrape', async () => {
    let queued = 3
    registerCollector('test_queue_length', 'Items waiting.', () => queued)
    expect(await samples('test_queue_length')).toEqual(['portal_test_queue_length 3'])
    queued = 0
    expect(await samples('test_queue_length')).toEqual(['portal_test_queue_length 0'])
    expect(await scrape()).toContain(
      '# HELP portal_test_queue_length Items waiting.\n# TYPE portal_test_queue_length gauge',
    )
  })

  it("reads a labelled source's values, and forgets a value the source no longer answers", async () => {
    let byState: Record<string, number> = { queued: 2, sent: 40, failed: 1 }
    registerCollector('test_emails', 'E-mails by delivery state.', async () => byState, { label: 'state' })
    expect(await samples('test_emails')).toEqual([
      'portal_test_emails{state="queued"} 2',
      'portal_test_emails{state="sent"} 40',
      'portal_test_emails{state="failed"} 1',
    ])
    byState = { sent: 43 }
    expect(await samples('test_emails')).toEqual(['portal_test_emails{state="sent"} 43'])
  })

  it('replaces the source of a name registered again', async () => {
    registerCollector('test_replaced', 'First.', () => 1)
    registerCollector('test_replaced', 'Second.', () => 2)
    expect(await samples('test_replaced')).toEqual(['portal_test_replaced 2'])
  })

  it('shows a failing source as unknown and logs it, the rest of the scrape intact', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    registerCollector('test_failing', 'Fails.', () => {
      throw new Error('database is locked')
    })
    registerCollector('test_working', 'Works.', () => 7)
    registerCollector('test_unlabelled', 'Values by label, no label.', () => ({ queued: 1 }))
    registerCollector('test_failing_by_state', 'Fails too.', () => Promise.reject(new Error('no such column')), {
      label: 'state',
    })
    // prom-client writes NaN as `Nan`; Prometheus reads it case-insensitively.
    expect(await samples('test_failing')).toEqual(['portal_test_failing Nan'])
    expect(await samples('test_failing_by_state')).toEqual([])
    expect(await samples('test_unlabelled')).toEqual(['portal_test_unlabelled Nan'])
    expect(await samples('test_working')).toEqual(['portal_test_working 7'])
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"metric":"portal_test_failing"'))
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('database is locked'))
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('no such column'))
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('answered values by label, but none was registered'))
  })
})
