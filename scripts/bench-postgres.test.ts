import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/** The project's modules that `entry` loads before any code of its runs: its static imports, followed. */
async function staticallyLoaded(entry: string): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
  })
  const loaded = new Set([entry])
  const next = [entry]
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    for (const { path, kind } of metafile.inputs[file]?.imports ?? []) {
      if (kind === 'import-statement' && !loaded.has(path) && metafile.inputs[path]) {
        loaded.add(path)
        next.push(path)
      }
    }
  }
  return loaded
}

describe('the bench on PostgreSQL', () => {
  it('starts its cluster before it loads what chooses the process engine (db/engine.ts reads DATABASE_URL once)', async () => {
    const loaded = await staticallyLoaded('scripts/bench.ts')
    expect(loaded).toContain('scripts/bench-postgres.ts')
    expect(loaded).not.toContain('db/engine.ts')
    // The scenarios, loaded afterwards, do choose it: the check above follows imports far enough to see it.
    expect(await staticallyLoaded('scripts/bench-usage.ts')).toContain('db/engine.ts')
  })
})
