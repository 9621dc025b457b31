/**
 * Writes a Brotli copy (`.br`, best quality) beside every script and style of the browser build,
 * for server/precompressed-assets.ts to send. `npm run build` runs it after the Remix build.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { PRECOMPRESSED } from '../server/precompressed-assets'

const root = path.resolve(process.argv[2] ?? 'public/build')
let files = 0
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !PRECOMPRESSED.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const bytes = readFileSync(file)
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  )
  files++
}
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), root) || '.'}`)
