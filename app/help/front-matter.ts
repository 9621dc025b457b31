/**
 * A help article's source: a front matter block between two '---' lines, one
 * 'key: value' a line (title, summary, screen, keywords), then the Markdown body.
 * The format is small on purpose, so it is read here rather than with a YAML library.
 */

export interface ArticleMeta {
  title: string
  /** One sentence: shown under the title in search results and the index. */
  summary: string
  /** The registry ids of the screens it is about, the first one placing it in a menu area. */
  screens: string[]
  keywords: string[]
}

export interface ParsedArticle {
  meta: ArticleMeta
  /** The Markdown after the front matter. */
  body: string
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/** Reads an article's source; throws with the reason when the front matter is missing or incomplete. */
export function parseArticle(source: string): ParsedArticle {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trim() !== '---') throw new Error('the article does not start with a front matter block (---)')
  const end = lines.indexOf('---', 1)
  if (end === -1) throw new Error('the front matter block is not closed (---)')
  const fields = new Map<string, string>()
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const colon = line.indexOf(':')
    if (colon <= 0) throw new Error(`front matter line without a key: '${line}'`)
    const key = line.slice(0, colon).trim().toLowerCase()
    if (fields.has(key)) throw new Error(`front matter key given twice: ${key}`)
    fields.set(key, unquote(line.slice(colon + 1).trim()))
  }
  const title = fields.get('title') ?? ''
  const summary = fields.get('summary') ?? ''
  if (!title) throw new Error('the front matter has no title')
  if (!summary) throw new Error('the front matter has no summary')
  return {
    meta: { title, summary, screens: list(fields.get('screen')), keywords: list(fields.get('keywords')) },
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  }
}

function unquote(value: string): string {
  const quoted = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]
  return quoted ? value.slice(1, -1) : value
}
