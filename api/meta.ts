/** Environment name and build information. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '../server/config'
import type { CallTable } from './call-table'
import { accountCalls } from './contract/accounts'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function packageJson(): { name?: string; version?: string } {
  try {
    return JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
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
