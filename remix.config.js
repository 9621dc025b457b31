/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Server-only ESM packages that must stay external to the server bundle.
  serverDependenciesToBundle: [],
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the full route manifest is a static file, so a page render does not compute a partial one.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
}
