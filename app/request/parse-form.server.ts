/**
 * Reads a form submission in an action with conform's zod adapter. The adapter loads
 * the whole of zod, so it is imported only here, in a module the browser never gets;
 * the browser checks the same schemas with parseWithSchema (app/ui/parse-with-schema.ts).
 */
export { parseWithZod } from '@conform-to/zod/v4'
