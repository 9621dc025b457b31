import fs from 'node:fs'
import path from 'node:path'
import express from 'express'
import type { RequestHandler } from 'express'

/**
 * Serves the top-level files of `dir` (favicon.ico, robots.txt ...). The file
 * names are read once at start, so a page request does not cost a file-system
 * lookup on its way to the portal.
 */
export function publicFiles(dir: string): { paths: string[]; serve: RequestHandler } {
  const names = new Set(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  )
  const serve = express.static(path.resolve(dir), { maxAge: '1h', index: false })
  return { paths: [...names], serve: (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next()) }
}
