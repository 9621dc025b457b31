import { partOfScreen } from '../view/page-title'
import { screenTitle } from '../screens/registry'

/** A help page's name in its title: 'Help', or the article's then 'Help', as the registry's sub-pages are named. */
export function helpPageName(article?: string | null): string {
  return partOfScreen(article, screenTitle('help'))
}
