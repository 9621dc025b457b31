/**
 * The same list of free and consumer mail providers for the browser's checks,
 * bundled into the page's script. On the server this module is empty; the
 * server uses free-email-domains.server.ts.
 */
import list from 'email-providers/all.json'

export const FREE_EMAIL_DOMAINS: ReadonlySet<string> = new Set((list as string[]).map((d) => d.toLowerCase()))
