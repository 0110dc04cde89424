import nx from '@nx/eslint-plugin';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// The web client's layers (web/README.md, after bulletproof-react): a feature imports no other
// feature (routes in app/ compose them), and the shared code imports neither features nor app.
const webSrc = (dir) => fileURLToPath(new URL(`web/src/${dir}`, import.meta.url));
const webFeatures = fs
  .readdirSync(webSrc('features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...webFeatures.map((f) => ({
    target: webSrc(`features/${f}`),
    from: webSrc('features'),
    except: [`./${f}`],
    message:
      'A feature imports no other feature: compose them in app/routes, or move what they share to components/, lib/ or api/.',
  })),
  { target: webSrc('features'), from: webSrc('app'), message: 'Features do not import the app.' },
  {
    target: [webSrc('components'), webSrc('lib'), webSrc('api')],
    from: [webSrc('features'), webSrc('app')],
    message: 'Shared code imports neither features nor the app.',
  },
];

const boundaries = {
  enforceBuildableLibDependency: false,
  allow: [],
  depConstraints: [
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
    { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'] },
    { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
    { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts'] },
    {
      sourceTag: 'scope:embedded',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:service', 'scope:gateway'],
    },
  ],
};

export default [
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/*.d.ts',
      '**/coverage/**',
      '**/vite.config.*',
      '**/vitest.*.config.*',
    ],
  },
  ...tseslint.configs.recommended,
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', boundaries],
    },
  },
  {
    // The browser journeys run in Node beside the stack: they may poll with the platform's test aid
    // (waitFor) rather than a hand-written loop; the web client itself still depends on contracts only.
    files: ['web/e2e/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { ...boundaries, allow: ['@luxe/platform/testing'] }] },
  },
  {
    // A service or an event consumer says what happens; its repositories (<noun>.repository.ts) own
    // how it is stored, so the SQL of a table is in one place and a service can be tested over a
    // fake repository.
    files: ['services/*/src/**/*.service.ts', 'services/*/src/**/*.consumer.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'SQL belongs in a repository (<noun>.repository.ts), not in a service or consumer.',
        },
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'Queries belong in a repository (<noun>.repository.ts), not in a service or consumer.',
        },
      ],
    },
  },
  {
    // A service route takes its input only through @Route + @Input() (validated by the contract):
    // Nest's raw @Body/@Query/@Param would skip that validation.
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Body', 'Query', 'Param', 'Get', 'Post', 'Put', 'Patch', 'Delete'],
              message:
                'Bind the handler to its /api contract entry with @Route(api.x.y) and read its input with @Input().',
            },
            {
              name: '@luxe/platform',
              message: 'Import from an entry point: @luxe/platform/events, /http, /db, /runtime, /images or /testing.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { import: importX },
    // The web client imports its own modules by relative path without an extension (Vite's way).
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported modules too: with TypeScript's parser, as the files themselves are.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import/no-restricted-paths': ['error', { zones: webZones }], 'import/no-cycle': 'error' },
  },
  {
    // A spec may render the app around what it tests, and a shared component's spec the features that
    // show it; it still may not reach from one feature into another.
    files: ['web/src/**/*.spec.ts', 'web/src/**/*.spec.tsx'],
    rules: { 'import/no-restricted-paths': ['error', { zones: webZones.slice(0, webFeatures.length) }] },
  },
];
