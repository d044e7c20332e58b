import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The feature modules of src/modules (common and subscriptions are what they share). */
const MODULES = ['accounts', 'billing', 'events', 'financials', 'market', 'reference', 'stocks', 'system'];

/** An eslint block that forbids the files' imports matching `patterns`. */
const restrictImports = (files, patterns, message) => ({
  files: [files],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

export default tseslint.config(
  { ignores: ['node_modules/', 'generated/', 'data/', 'coverage/', 'dist/', 'clients/typescript/src/api.d.ts', 'clients/typescript/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Dependencies point one way: modules → http → domain; the domain is pure, http knows ports, not modules.
  restrictImports(
    'src/modules/**/*.serializer.ts',
    ['**/*.repository', '**/*.service'],
    'a serializer shapes rows into the wire types; the rows it takes are typed in <module>.types.ts',
  ),
  restrictImports('src/domain/**', ['**/http/**', '**/modules/**', '**/db/**', '**/ingest/**', '**/console/**', 'express', 'knex'], 'src/domain is pure logic: it imports nothing of the app'),
  restrictImports('src/http/**', ['**/modules/**', '**/ingest/**', '**/console/**'], 'src/http knows ports (src/http/ports.ts), not modules'),
  restrictImports('src/ingest/**', ['**/http/**'], 'src/ingest does not import the HTTP layer'),
  restrictImports('src/mcp/**', ['**/modules/**', '**/ingest/**', '**/db/**'], 'src/mcp asks the app through its HTTP pipeline, never modules or the database'),
  // A module imports a sibling only through what they share: modules/common (calendar, code history, symbol
  // resolution, listing rows) and modules/subscriptions (plans), so no two modules import each other.
  ...MODULES.map((module) =>
    restrictImports(
      `src/modules/${module}/**`,
      MODULES.filter((other) => other !== module).map((other) => `../${other}/**`),
      'modules import each other only through modules/common or modules/subscriptions',
    ),
  ),
  {
    files: ['src/console/public/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['document', 'sessionStorage', 'fetch', 'prompt', 'confirm', 'FormData', 'navigator'].map((name) => [name, 'readonly']),
      ),
    },
  },
);
