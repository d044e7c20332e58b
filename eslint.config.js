import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'generated/',
      'data/',
      'coverage/',
      'dist/',
      'clients/typescript/src/api.d.ts',
      'clients/typescript/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  // Import boundaries (layers, modules, cycles, drivers): .dependency-cruiser.cjs, `make check-boundaries`.
  {
    files: ['src/console/public/**/*.js', 'src/explorer/public/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'document',
          'window',
          'sessionStorage',
          'fetch',
          'prompt',
          'confirm',
          'FormData',
          'navigator',
          'URLSearchParams',
          'TextDecoderStream',
          'AbortController',
          'setTimeout',
          'clearTimeout',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
