/**
 * The project's folder (the one holding package.json), found from this module's
 * location: server/ when run from the TypeScript source, build/server/ when run
 * from the compiled bundle. Files that ship beside the code (migrations,
 * stylesheets, package.json) are looked up from here, so both find the same ones.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function folderWithPackageJson(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${start} or above it`)
  }
}

export const projectRoot = folderWithPackageJson(path.dirname(fileURLToPath(import.meta.url)))

/** A path inside the project, e.g. `projectPath('db', 'migrations')`. */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot, ...segments)
}
