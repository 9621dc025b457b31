import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { projectPath, projectRoot } from './project-root'

describe('project root', () => {
  it('is the folder of the portal’s package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(projectPath('package.json'), 'utf8')) as { name: string }
    expect(pkg.name).toBe('licensing-portal')
    expect(projectPath()).toBe(projectRoot)
  })

  it('holds the files the server reads at run time', () => {
    expect(fs.existsSync(projectPath('db', 'migrations', 'meta', '_journal.json'))).toBe(true)
    expect(fs.existsSync(projectPath('server', 'oidc', 'assets', 'login.css'))).toBe(true)
  })
})
