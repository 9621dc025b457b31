import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { childrenCpuMs, processRssMb, processTreeCpuMs } from './bench-server'

const linux = process.platform === 'linux'

describe.runIf(linux)('the server figures read from /proc', () => {
  it('reads the resident memory of a process in MB, and null for a process that does not exist', () => {
    const before = processRssMb(process.pid)
    expect(before).toBeGreaterThan(10)
    const ballast = Buffer.alloc(64 * 1024 * 1024, 1)
    expect(processRssMb(process.pid)! - before!).toBeGreaterThan(50)
    expect(ballast.length).toBe(64 * 1024 * 1024)
    expect(processRssMb(2 ** 22 + 1)).toBeNull()
    expect(processRssMb(undefined)).toBeNull()
  })

  it('adds up the CPU time a process has used', () => {
    const before = processTreeCpuMs(process.pid)!
    const started = Date.now()
    let spin = 0
    while (Date.now() - started < 100) spin++
    expect(spin).toBeGreaterThan(0)
    expect(processTreeCpuMs(process.pid)!).toBeGreaterThan(before)
  })

  it('adds up the CPU time of children that have ended, as a seed run measures its generator', () => {
    const before = childrenCpuMs()!
    // Until the child has used 300 ms of CPU itself, however busy the machine.
    const spin = 'while (process.cpuUsage().user < 300_000);'
    expect(spawnSync(process.execPath, ['-e', spin]).status).toBe(0)
    expect(childrenCpuMs()! - before).toBeGreaterThanOrEqual(200)
  })
})
