/** What the portal says when the licensing service does not answer (spec 1 section 8 leaves it unnamed). */
export const SERVICE_UNAVAILABLE_TITLE = 'Licensing service not answering'
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The licensing service is not answering right now, so this page cannot be shown. Please try again in a few minutes.'
