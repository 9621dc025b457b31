/**
 * The server as production runs it (`npm run serve`): the JavaScript that
 * `npm run build` compiles from server/index.ts, with stack traces mapped back
 * to the TypeScript. The browser journeys and the benches start this one.
 */
export const SERVER_ENTRY = 'build/server/index.js'

/** Node's arguments for the compiled server. */
export const SERVER_NODE_ARGS = ['--enable-source-maps', SERVER_ENTRY]
