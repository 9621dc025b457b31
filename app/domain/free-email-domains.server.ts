/**
 * The maintained list of free and consumer mail providers (package
 * `email-providers`), for the server. Loaded with require because Node's ESM
 * loader needs import attributes for JSON, which the server bundle cannot emit.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export const FREE_EMAIL_DOMAINS: ReadonlySet<string> = new Set(
  (require('email-providers/all.json') as string[]).map((d) => d.toLowerCase()),
)
