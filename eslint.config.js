import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'

/** Modules that do I/O: the domain layer stays pure and imports none of them. */
const IO_MODULES = [
  'node:fs',
  'node:fs/promises',
  'node:http',
  'node:https',
  'node:net',
  'node:child_process',
  'better-sqlite3',
  'drizzle-orm/better-sqlite3',
]

/**
 * The whole of zod (and conform's zod adapter, which loads it) is 90 KB of compressed script;
 * modules the browser can load use zod/mini (docs/decisions/0007-browser-script-budget.md).
 */
const FULL_ZOD_MESSAGE =
  'This module can reach the browser: use zod/mini, parseWithSchema (app/ui/parse-with-schema.ts) in the browser and parseWithZod from a .server module.'
const FULL_ZOD = {
  paths: ['zod', '@conform-to/zod'].map((name) => ({ name, message: FULL_ZOD_MESSAGE })),
  patterns: [
    {
      group: ['zod/*', '!zod/mini', '!zod/v4/mini', '!zod/v4-mini', '!zod/v4/core', '@conform-to/zod/*'],
      message: FULL_ZOD_MESSAGE,
    },
  ],
}
/** The domain layer stays pure. */
const DOMAIN_IO = {
  paths: IO_MODULES.map((name) => ({ name, message: 'app/domain and app/screens hold pure rules: no I/O.' })),
  patterns: [
    {
      group: [
        '**/api-client/**',
        '**/request/**',
        '**/guards/**',
        '**/auth/**',
        '**/db/**',
        '**/api/**',
        '**/server/**',
      ],
      message: 'app/domain and app/screens hold pure rules: they do not reach the API, the database or the server.',
    },
  ],
}
/** Every module of app/ the browser's bundle can reach: not server-only, test or resource-route modules. */
const BROWSER_MODULES = {
  files: ['app/**/*.{ts,tsx}'],
  ignores: [
    'app/**/*.server.{ts,tsx}',
    'app/**/*.test.{ts,tsx}',
    'app/entry.server.tsx',
    // Resource routes export no component: their browser module is empty.
    'app/routes/resources.*',
  ],
}

/**
 * The ends of a query only better-sqlite3's drizzle driver has. Code that runs on either engine ends
 * its queries with db/query.ts (`first`, `changes`, `prepared`) and db/raw.ts (`rawAll`, `rawRun`).
 */
const SQLITE_ONLY_MESSAGE =
  'Only the SQLite driver has this: await the query, or use first/changes/prepared (db/query.ts) or rawAll/rawRun (db/raw.ts).'
const SQLITE_ONLY_ENDINGS = [
  { selector: "MemberExpression[property.name='$client']", message: SQLITE_ONLY_MESSAGE },
  {
    selector: 'CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(get|run|all|prepare)$/]',
    message: SQLITE_ONLY_MESSAGE,
  },
]

export default tseslint.config(
  {
    ignores: ['build/**', 'public/build/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./api', './db', './server'],
              from: ['./app/routes', './app/ui'],
              message: 'The API, the database and the server do not depend on the portal UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The classic hook rules; the compiler-oriented ones of react-hooks 7 target React 19's compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'react/prop-types': 'off',
      // Labels wrap their control and a name/description pair of spans.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // A scrollable table region takes focus so keyboards can scroll it; a focusable separator is a
      // splitter widget (WAI-ARIA window splitter pattern): both are interactive in ARIA terms.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region', 'separator'] }],
    },
  },
  {
    // Declarations for an untyped library describe what it accepts, which is often anything.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's destructuring pattern, even an empty one.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    ...BROWSER_MODULES,
    rules: { 'no-restricted-imports': ['error', FULL_ZOD] },
  },
  {
    files: ['app/domain/**/*.ts', 'app/screens/**/*.ts'],
    ignores: ['app/domain/**/*.test.ts', 'app/screens/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', DOMAIN_IO] },
  },
  {
    files: ['api/**/*.ts', 'server/**/*.ts', 'app/auth/**/*.ts', 'db/seed*.ts', 'db/*-aggregates.ts', 'db/web-*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQLITE_ONLY_ENDINGS] },
  },
  {
    // Both rules at once for the domain modules the browser can reach (a later setting of a rule replaces an earlier one).
    files: ['app/domain/**/*.ts', 'app/screens/**/*.ts'],
    ignores: BROWSER_MODULES.ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...DOMAIN_IO.paths, ...FULL_ZOD.paths], patterns: [...DOMAIN_IO.patterns, ...FULL_ZOD.patterns] },
      ],
    },
  },
)
