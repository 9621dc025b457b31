/**
 * The API's reference page (GET /api/docs): the OpenAPI document rendered as one
 * HTML page on the server, readable without JavaScript: the calls by area, each
 * with who may make it, whether it only reads, its parameters or body, and its
 * reply. Its one style sheet is inline and allowed by its hash.
 */
import { createHash } from 'node:crypto'
import { ACCESS_TEXT, type OpenApiDocument } from './contract/openapi'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1b2a3a}
h1{font-size:1.75rem}h2{margin-top:2.5rem;border-bottom:1px solid #c8d1db;padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.75rem 0 .25rem}code,pre{font-family:ui-monospace,monospace;font-size:.875rem}
pre{background:#f3f5f8;padding:.75rem;overflow-x:auto;border-radius:4px}.method{font-weight:700;margin-right:.5rem}
.read{color:#1d6b35}.write{color:#9a3412}table{border-collapse:collapse}th,td{text-align:left;padding:.25rem .75rem .25rem 0;vertical-align:top}
nav ul{columns:16rem}a{color:#0b4f8a}code{overflow-wrap:anywhere}
@media (max-width:30rem){body{padding:1rem .75rem}th,td{padding-right:.5rem}}`

/** The Content-Security-Policy of the page: nothing but its own inline style. */
export const API_DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'`

const escape = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The description's Markdown as far as the document uses it: paragraphs, **bold** and `code`. */
const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\n+/)
    // The access paragraph shows as the badge beside the summary.
    .filter((p) => p && !Object.values(ACCESS_TEXT).some((access) => p === `**${access}**`))
    .map(
      (p) =>
        `<p>${escape(p)
          .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
          .replace(/`(.+?)`/g, '<code>$1</code>')}</p>`,
    )
    .join('')

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`

interface Operation {
  operationId: string
  tags: string[]
  summary: string
  description: string
  'x-access': string
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>
}

function operationHtml(method: string, path: string, op: Operation) {
  const parameters = op.parameters?.length
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, { schema }]) => `<details><summary>Request body (${escape(type)})</summary>${json(schema)}</details>`,
        )
        .join('')
    : ''
  const success = op.responses['200']
  const reply = Object.entries(success.content ?? {})
    .map(([type, { schema }]) => `<details><summary>Reply (${escape(type)})</summary>${json(schema)}</details>`)
    .join('')
  return `<section aria-labelledby="${escape(op.operationId)}">
<h3 id="${escape(op.operationId)}"><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)} <span class="${op['x-access'] === 'read' ? 'read' : 'write'}">(${escape(ACCESS_TEXT[op['x-access'] === 'read' ? 'read' : 'write'])})</span></p>
${paragraphs(op.description)}${parameters}${body}${reply}</section>`
}

export function apiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  const contents: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation
      const tag = op.tags[0]
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag)!.push(operationHtml(method, path, op))
    }
  }
  for (const tag of byTag.keys()) contents.push(`<li><a href="#tag-${escape(slug(tag))}">${escape(tag)}</a></li>`)
  const sections = [...byTag.entries()]
    .map(
      ([tag, ops]) =>
        `<section aria-labelledby="tag-${escape(slug(tag))}"><h2 id="tag-${escape(slug(tag))}">${escape(tag)}</h2>${ops.join('\n')}</section>`,
    )
    .join('\n')
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escape(document.info.title)} reference</h1>
<p>Version ${escape(document.info.version)}, at <code>${escape(document.servers[0].url)}</code>. The same description as OpenAPI 3.1: <a href="openapi.json">openapi.json</a>.</p>
${paragraphs(document.info.description)}
<p>Send the token as <code>Authorization: Bearer &lt;token&gt;</code>, and a POST's body as JSON (<code>Content-Type: application/json</code>).</p>
<nav aria-label="Areas"><ul>${contents.join('')}</ul></nav></header>
<main>${sections}</main></body></html>`
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')
