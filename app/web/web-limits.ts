/** How many groups a page offers to choose from (the list call's largest page). */
export const MAX_PAGE_SIZE_FOR_CHOICES = 1000
