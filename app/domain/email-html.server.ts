/**
 * Makes an outbox e-mail's HTML body safe to show: a strict allow-list of
 * formatting tags and attributes. Scripts, styles sheets, frames, forms, meta
 * refreshes, objects and event handlers go; links keep only http(s) and mailto
 * targets and open in a new tab without a referrer or an opener; images are kept
 * only as inline data (the portal loads nothing from elsewhere, so no tracking
 * pixels); inline styles keep only harmless properties (no positioning, so a
 * body cannot lay itself over the page). The result is shown in a sandboxed
 * iframe on top of this, so even a sanitiser gap could not run script as the portal.
 */
import sanitizeHtml from 'sanitize-html'

const LENGTH = /^-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?$/
const BOX = /^(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)(?:\s+(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)){0,3}$/
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
]
const BORDER = [
  /^(?:\d+(?:\.\d+)?px\s+)?(?:solid|dashed|dotted|none)(?:\s+(?:#[0-9a-f]{3,8}|[a-z]{3,20}))?$/i,
  /^none$/i,
  /^0$/,
]

const INLINE_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'a',
    'img',
    'center',
    'font',
  ],
  disallowedTagsMode: 'discard',
  // Tags whose text is dropped with them, not just their markup.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'head',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'select',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'lang', 'title'],
    a: ['href', 'rel', 'target', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'valign', 'width', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
    font: ['color', 'size', 'face'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'font-size': [LENGTH],
      'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(?:normal|italic|oblique)$/],
      'font-family': [/^[\w\s,"'-]{1,100}$/],
      'text-align': [/^(?:left|right|center|justify)$/],
      'text-decoration': [/^(?:none|underline|line-through|overline)$/],
      'line-height': [LENGTH],
      'vertical-align': [/^(?:top|middle|bottom|baseline)$/],
      'white-space': [/^(?:normal|nowrap|pre|pre-wrap|pre-line)$/],
      padding: [BOX],
      'padding-top': [LENGTH],
      'padding-right': [LENGTH],
      'padding-bottom': [LENGTH],
      'padding-left': [LENGTH],
      margin: [BOX],
      'margin-top': [LENGTH],
      'margin-right': [LENGTH],
      'margin-bottom': [LENGTH],
      'margin-left': [LENGTH],
      border: BORDER,
      'border-top': BORDER,
      'border-bottom': BORDER,
      'border-left': BORDER,
      'border-right': BORDER,
      'border-collapse': [/^(?:collapse|separate)$/],
      width: [/^\d+(?:\.\d+)?(?:px|%)$/],
      'max-width': [/^\d+(?:\.\d+)?(?:px|%)$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
}

/** The safe HTML of an e-mail body (a fragment). */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/**
 * Puts each outermost table of safe HTML in a box of its own that scrolls
 * sideways, so a table wider than the window does not widen the message.
 * The sanitiser's output has balanced tags and escapes `<` in text and
 * attributes, so every `<table` and `</table>` in it is a tag.
 */
export function boxWideTables(html: string): string {
  let depth = 0
  return html.replace(/<table\b|<\/table>/g, (tag) => {
    if (tag === '</table>') {
      depth = Math.max(0, depth - 1)
      return depth === 0 ? '</table></div>' : tag
    }
    depth++
    return depth === 1 ? `<div style="overflow-x: auto">${tag}` : tag
  })
}

/**
 * A complete document for a sandboxed iframe's srcdoc: the sanitised body,
 * links opening in a new tab; long words wrap and wide tables scroll in their own box.
 */
export function emailDocument(html: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base target="_blank"></head><body style="margin: 0; padding: 16px; font-family: Arial, sans-serif; font-size: 14px; color: #1f2937; overflow-wrap: break-word">${boxWideTables(sanitizeEmailHtml(html))}</body></html>`
}
