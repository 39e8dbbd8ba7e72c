// ESLint 9 flat config: `npm run lint` runs it (then `prettier --check .`), and `npm test` runs `npm run lint`.
// Syntax-only typescript-eslint rules (no type information): the whole tree lints in seconds on two cores, and
// `tsc` already checks the types. Formatting is Prettier's job (.prettierrc), so no stylistic rules here.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/data/', 'coverage/', 'test-results/', 'e2e/artifacts/', 'bench/results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding that is deliberately unused (a handler's signature, a rest omit).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // code from strings: never on the server or in the app (the benchmarks' page scripts say why they do)
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  // Node: the server, scripts, benchmarks, journeys and build files.
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'e2e/**', 'packages/**', '*.js', '*.ts', 'web/*.ts', 'web/build/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Journeys and benchmarks also hold functions that Playwright runs in the page (page.evaluate, init scripts).
  {
    files: ['bench/**/*.mjs', 'e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Migrations run against the schema as it was when they were written, not today's `schema.ts` (Kysely's
  // migration guide types them `Kysely<any>` for that reason).
  {
    files: ['server/src/db/migrate.ts', 'server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Tests read JSON answers loosely and let their assertions check the shape.
  {
    files: ['**/*.test.{ts,tsx}', 'server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The browser app: React's rules of hooks (000 keep-alive tabs and lists rely on stable effects).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
