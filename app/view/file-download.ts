/**
 * A file as a page lists it and as a download names it: its size in words, and
 * the Content-Disposition of an attachment under its own name (an ASCII name
 * for every browser, the exact one as RFC 6266's filename*).
 */

/** '1 byte', '412 bytes', '2.5 KB', '1.2 MB' (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  const kb = bytes / 1024
  if (kb < 1024) return `${trimmed(kb)} KB`
  return `${trimmed(kb / 1024)} MB`
}

const trimmed = (n: number) => (n < 10 ? n.toFixed(1).replace(/\.0$/, '') : String(Math.round(n)))

/** `attachment` with the file's name: characters outside [A-Za-z0-9._-] become '_' in the plain name. */
export function attachmentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'download'
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return plain === fileName || fileName === ''
    ? `attachment; filename="${plain}"`
    : `attachment; filename="${plain}"; filename*=UTF-8''${exact}`
}
