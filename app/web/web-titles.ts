/** The web assignments pages' names in page titles: the page, then 'Assignments' (e.g. 'Group Design – Assignments'). */
import { TITLE_SEPARATOR } from '../view/page-title'

export const AREA_TITLE = 'Assignments'

export function webPageName(page?: string | null): string {
  return page ? `${page}${TITLE_SEPARATOR}${AREA_TITLE}` : AREA_TITLE
}
