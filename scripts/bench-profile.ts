/**
 * npx tsx scripts/bench-profile.ts FILE.cpuprofile... [--top N] [--skip SECONDS]
 *
 * Summarises V8 CPU profiles written by `node --cpu-prof` (for example from
 * `npm run bench -- --node-arg=--cpu-prof --node-arg=--cpu-prof-dir=/tmp/prof`):
 * self time by package and by function, and total (self + synchronous callees)
 * time by function, largest first. --skip leaves out the first seconds (start-up).
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, skip: { type: 'string', default: '0' } },
})
const top = Number(values.top)
const skipUs = Number(values.skip) * 1e6

function packageOf(url: string) {
  if (!url) return '(native)'
  const nm = url.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0]
  const m = /\/work\/[^/]+\/([^/]+)/.exec(url)
  return m ? `(project) ${m[1]}` : url
}

function table(title: string, map: Map<string, number>, total: number) {
  console.log(`\n${title}`)
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
  }
}

for (const file of positionals) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<number, number>()
  let t = 0
  let total = 0
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    t += dt
    if (t < skipUs) return
    total += dt
    self.set(id, (self.get(id) ?? 0) + dt)
  })
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const short = url.replace(/^file:\/\/\/work\/[^/]+\//, '').replace(/.*node_modules\//, '')
    return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`
  }
  const inclusive = new Map<string, number>()
  for (const [id, us] of self) {
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(at)
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + us)
    }
  }
  const byFunction = new Map<string, number>()
  const byPackage = new Map<string, number>()
  for (const [id, us] of self) {
    const { functionName, url } = byId.get(id)!.callFrame
    const key = name(id)
    byFunction.set(key, (byFunction.get(key) ?? 0) + us)
    const pkg = packageOf(url) || functionName
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us)
  }
  console.log(`== ${file}: ${(total / 1e6).toFixed(1)} s profiled (after skipping ${values.skip} s)`)
  table('self time by package', byPackage, total)
  table('self time by function', byFunction, total)
  table('total time by function (synchronous callees included)', inclusive, total)
}
