/** The web assignments pages' names in page titles: the page, then 'Assignments' (e.g. 'Group Design – Assignments'). */
import { partOfScreen } from '../view/page-title'

export const AREA_TITLE = 'Assignments'

export function webPageName(page?: string | null): string {
  return partOfScreen(page, AREA_TITLE)
}
