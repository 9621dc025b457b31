/** Environment name and build information. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { Config } from '../server/config'
import { projectPath, projectRoot } from '../server/project-root'
import type { CallTable } from './call-table'
import { accountCalls } from './contract/accounts'

function packageJson(): { name?: string; version?: string } {
  try {
    return JSON.parse(fs.readFileSync(projectPath('package.json'), 'utf8')) as {
      name?: string
      version?: string
    }
  } catch {
    return {}
  }
}

/** The version the package declares. */
export const packageVersion = () => packageJson().version ?? '0.0.0'

function packageLabel() {
  return `${packageJson().name ?? 'licensing-portal'} ${packageVersion()}`
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

export function metaCalls(calls: CallTable, { config }: { config: Config }) {
  const buildInfo = describeBuild(config)
  calls.implement(accountCalls.environment, () => config.environment)
  calls.implement(accountCalls.buildInfo, () => buildInfo)
}
