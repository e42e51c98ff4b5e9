// `npm run lint` (part of `npm test`): every promise is awaited, handled or
// explicitly discarded with `void`, in the apps, packages and tests; and a web
// feature uses another one only through its public entries.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

// A feature (apps/web/src/features/<name>/) imports another feature only through
// `index.ts` (stores, hooks, commands, types), `ui.ts` (its React parts) or
// `lazy.ts` (what only code loaded on demand uses). A re-export file puts all it
// names into the chunk of its first importer, so what start-up does not need stays
// out of index.ts. Inside a feature anything goes.
// Tests may also use another feature's `testing.ts` (its test doubles). `shared/`
// is below every feature and imports none.
const onlyEntries = (entries) => [
  { from: { element: { type: 'shared' } }, disallow: { to: { element: { type: 'feature' } } }, message: 'shared/ imports no feature' },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature' } } },
    message: `features/{{to.element.captured.name}}/ is used from another feature only through ${entries.join(' or ')}: export what is needed there`,
  },
  { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', fileInternalPath: entries } } } },
  { from: { element: { type: 'feature' } }, allow: { dependency: { relationship: { to: 'internal' } } } },
];

export default tseslint.config(
  // vitest.config.ts is in no tsconfig: it only lists the test projects.
  { ignores: ['**/dist/**', '**/node_modules/**', 'docs/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'vitest.config.ts'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        project: [
          './apps/server/tsconfig.test.json',
          './apps/web/tsconfig.json',
          './packages/contracts/tsconfig.test.json',
          './packages/player-core/tsconfig.test.json',
          './e2e/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/shared/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'shared', pattern: 'apps/web/src/shared' },
      ],
      'import/resolver': { typescript: { project: './apps/web/tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: onlyEntries(['index.ts', 'ui.ts', 'lazy.ts']) }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.test.{ts,tsx}', 'apps/web/src/shared/**/*.test.{ts,tsx}'],
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: onlyEntries(['index.ts', 'ui.ts', 'lazy.ts', 'testing.ts']) }],
    },
  },
);
