/**
 * Whether a request URL's path is one of the given paths or lies below one,
 * matched as Express matches a mount path: case-insensitively, at a segment
 * boundary, ignoring the query string.
 */
export function pathMatcher(prefixes: string[]): (url: string) => boolean {
  const lower = prefixes.map((prefix) => prefix.toLowerCase().replace(/\/+$/, ''))
  return (url) => {
    const query = url.indexOf('?')
    const path = (query < 0 ? url : url.slice(0, query)).toLowerCase()
    return lower.some((prefix) => path === prefix || path.startsWith(prefix + '/'))
  }
}
