// @ts-check
// The import rules of docs/architecture.md live here, so a wrong arrow between layers fails `npm test`:
//   src/domain imports nothing of ours; machines import only src/domain (and contracts' types);
//   src/client and src/server never import each other; features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import noCrossFeatureImports from './scripts/eslint/no-cross-feature-imports.js';

const uiAndIo = [
  'react',
  'react-dom',
  'react-*',
  '@chakra-ui/*',
  '@emotion/*',
  'ofetch',
  'idb',
  'workbox-*',
  'i18next*',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dev-dist',
      'data',
      'coverage',
      '.tsbuild',
      'docs',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.node.json' })],
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: [
                './src/client',
                './src/server',
                './src/sw',
                './src/contracts',
                './machines',
                './scripts',
              ],
              message: 'src/domain is pure: it imports nothing of ours (design.md §2).',
            },
            {
              // Test support lives in tests/ or beside its one unit as <unit>.fixtures.ts; only tests and
              // fixtures may import it, so no builder, fake or victim row can reach a product build.
              target: './{src,machines}/**/!(*.test|*.fixtures).{ts,tsx}',
              from: ['./tests/**', './**/*.fixtures.ts'],
              message:
                'Product code never imports test support (tests/**, *.fixtures.ts); see docs/architecture.md.',
            },
            {
              target: './machines',
              from: ['./src/client', './src/server', './src/sw'],
              message: 'Machines import only src/domain and contracts types (design.md §2).',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'The client never imports the server (design.md §2).',
            },
            {
              target: './src/server',
              from: ['./src/client', './src/sw'],
              message: 'The server never imports the client (design.md §2).',
            },
            {
              target: './src/contracts',
              from: ['./src/client', './src/server', './src/sw', './machines'],
              message: 'Contracts are shared schemas; they import only src/domain.',
            },
            {
              // app/ composes features and gives machines their real actors; what a feature, a component or
              // lib needs of it comes through a context app/ provides (src/client/lib/actors/provided.tsx).
              target: ['./src/client/features', './src/client/components', './src/client/lib'],
              from: './src/client/app',
              message:
                'Features, components and lib never import app/: app/ provides what they need (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiAndIo, 'xstate', '@xstate/*', 'zod', 'fastify*', 'pg', 'drizzle-*', 'node:*'],
              message: 'src/domain is pure TypeScript (design.md §2).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiAndIo, 'fastify*', 'pg', 'drizzle-*', 'node:*'],
              message: 'Machines never touch React, the DOM, fetch or storage (design.md §2).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'window',
        'document',
        'navigator',
      ],
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'local/no-cross-feature-imports': 'error' },
  },
  {
    // The unit project shares one module registry per worker (vitest.config.ts, ADR 015): a module mock
    // applies only if no earlier file loaded the module, so such a test passes or fails by file order.
    files: [
      'src/**/*.test.{ts,tsx}',
      'machines/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/support/**/*.test.ts',
    ],
    ignores: ['src/server/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'No module mocks in the unit project (shared module registry, ADR 015): pass the dependency in instead.',
        },
      ],
    },
  },
);
