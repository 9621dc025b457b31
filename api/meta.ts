/** Environment name and build information. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { Config } from '../server/config'
import { projectPath, projectRoot } from '../server/project-root'
import type { CallRegistrar } from './call-table'

function packageLabel() {
  try {
    const pkg = JSON.parse(fs.readFileSync(projectPath('package.json'), 'utf8')) as {
      name?: string
      version?: string
    }
    return `${pkg.name ?? 'licensing-portal'} ${pkg.version ?? '0.0.0'}`
  } catch {
    return 'licensing-portal'
  }
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim()
  } catch {
    return ''
  }
}

/** Configured build text, or package name and version, git commit (when known) and start time. */
export function describeBuild(config: Config, startedAt = new Date()) {
  if (config.buildInfo) return config.buildInfo
  const commit = gitCommit()
  return `${packageLabel()}${commit ? ` (${commit})` : ''}, started ${startedAt.toISOString()}`
}

export function metaCalls(calls: CallRegistrar, { config }: { config: Config }) {
  const buildInfo = describeBuild(config)
  calls.get('/environment', () => config.environment)
  calls.get('/getBuildInfo', () => buildInfo)
}
