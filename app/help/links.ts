import { screenPath } from '../screens/registry'

/** A help article's address. */
export function helpHref(slug: string): string {
  return `${screenPath('help')}/${slug}`
}
