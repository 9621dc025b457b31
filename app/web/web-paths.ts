/** The addresses of the web assignments pages, and the matrix parameters their segments may carry. */

export const WEB_ASSIGNMENTS_PATH = '/webassignments'

/** '/webassignments/groups/Design%20Team' from ('groups', 'Design Team'). */
export function webPath(...segments: string[]): string {
  return [WEB_ASSIGNMENTS_PATH, ...segments.map(encodeURIComponent)].join('/')
}

/**
 * The address without matrix parameters (';sort=name') in its segments, when it is a web
 * assignments address that has some; else null. Spec 1 section 2.3: such addresses still work.
 */
export function withoutMatrixParams(pathname: string): string | null {
  const segments = pathname.split('/')
  if (segments[1]?.split(';')[0]?.toLowerCase() !== WEB_ASSIGNMENTS_PATH.slice(1)) return null
  if (!segments.some((s) => s.includes(';'))) return null
  const plain = segments.map((s) => s.split(';')[0] ?? '')
  return plain.filter((s, i) => i === 0 || s !== '').join('/') || '/'
}
