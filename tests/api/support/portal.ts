/**
 * The whole server, portal included, on a fresh database, for tests that talk
 * to the portal over HTTP. The portal is the Remix build: when build/index.js
 * is missing or older than a file of app/, it is built first (by one test file
 * at a time; the others wait for it).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { startTestServer, type TestServer } from './server'

const BUILD = path.resolve('build/index.js')
const LOCK = path.resolve('.cache/portal-build.lock')
const BUILD_TIMEOUT_MS = 180_000

export async function startPortalTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  await ensureBuild()
  return startTestServer(env, { portal: true })
}

function buildIsCurrent(): boolean {
  if (!fs.existsSync(BUILD)) return false
  const built = fs.statSync(BUILD).mtimeMs
  const newer = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) return newer(file)
      return !/\.test\.[jt]sx?$/.test(entry.name) && fs.statSync(file).mtimeMs > built
    })
  return !newer(path.resolve('app'))
}

/** Builds the portal unless build/index.js is newer than every file of app/. */
export async function ensureBuild() {
  const started = Date.now()
  while (!buildIsCurrent()) {
    if (Date.now() - started > BUILD_TIMEOUT_MS) {
      throw new Error(`the portal was not built in time: run \`npm run build\` (and remove ${LOCK} if no build runs)`)
    }
    try {
      fs.mkdirSync(path.dirname(LOCK), { recursive: true })
      fs.mkdirSync(LOCK)
    } catch {
      // Another test file is building: wait for it.
      await new Promise((resolve) => setTimeout(resolve, 200))
      continue
    }
    try {
      if (buildIsCurrent()) return
      const built = spawnSync('npx', ['remix', 'build'], {
        stdio: 'ignore',
        timeout: BUILD_TIMEOUT_MS,
        // As `npm run build` makes it: under vitest NODE_ENV is 'test', which would compile development JSX.
        env: { ...process.env, NODE_ENV: 'production' },
      })
      if (built.status !== 0) throw new Error('remix build failed: run `npm run build` to see why')
      // The build is now as new as app/, even where an unchanged output was not rewritten.
      const now = new Date()
      fs.utimesSync(BUILD, now, now)
    } finally {
      fs.rmSync(LOCK, { recursive: true, force: true })
    }
  }
}
