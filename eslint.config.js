// `npm run lint` (part of `npm test`): every promise is awaited, handled or
// explicitly discarded with `void`, in the apps, packages and tests; a web
// feature uses another one only through its public entries, and a server module
// another module only through its module.ts.
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
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

// The server (apps/server/src) is made of modules: backend/, catalogue/,
// subsonic/, video/, web/. A module's files use another module only through its
// `module.ts`, which names each seam it offers; tests may also use another
// module's `test/` helpers. db/, http/, images/ and the files beside app.ts (config.ts,
// log.ts, module.ts, start-worker.ts) are below every module and import none.
// app.ts, the composition root, is imported only by cli/ (the commands) and
// tests; it and cli/ wire the modules and may reach into them. Inside a module
// anything goes.
const SERVER = 'apps/server/src';
const serverElements = [
  { type: 'server-shared', pattern: `${SERVER}/db` },
  { type: 'server-shared', pattern: `${SERVER}/http` },
  { type: 'server-shared', pattern: `${SERVER}/images` },
  { type: 'server-cli', pattern: `${SERVER}/cli` },
  { type: 'server-test', pattern: `${SERVER}/test` },
  { type: 'server-module', pattern: `${SERVER}/*`, capture: ['name'] },
  // What is left: the files beside app.ts, app.ts included.
  { type: 'server-shared', pattern: SERVER },
];
const appTs = { type: 'server-shared', fileInternalPath: 'app.ts' };
const serverPolicies = ({ tests }) => [
  {
    from: { element: { type: tests ? ['server-module', 'server-shared', 'server-test'] : 'server-module' } },
    disallow: { to: { element: { type: 'server-module' } } },
    message: `{{to.element.captured.name}}/ is used from another module only through {{to.element.captured.name}}/module.ts${tests ? ' (or its test/ helpers)' : ''}: export what is needed there`,
  },
  ...(tests
    ? []
    : [
        {
          from: { element: { type: 'server-shared' } },
          disallow: { to: { element: { type: 'server-module' } } },
          message: 'db/, http/, images/, config.ts, log.ts, module.ts and start-worker.ts are below every module and import none',
        },
      ]),
  {
    from: { element: { type: tests ? ['server-module', 'server-shared', 'server-test'] : 'server-module' } },
    allow: { to: { element: { type: 'server-module', fileInternalPath: tests ? ['module.ts', 'test/**', '**/test/**'] : 'module.ts' } } },
  },
  { allow: { dependency: { relationship: { to: 'internal' } } } },
  { from: { element: appTs }, allow: { to: { element: { type: 'server-module' } } } },
  ...(tests
    ? []
    : [
        { disallow: { to: { element: appTs } }, message: 'app.ts is imported only by cli/ and tests' },
        { from: { element: { type: 'server-cli' } }, allow: { to: { element: appTs } } },
      ]),
];
const serverBoundaries = (tests) => ['error', { default: 'allow', checkInternals: true, policies: serverPolicies({ tests }) }];

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
  // No import cycle in the web app: a feature that needs another's parts gets them from app/ (slots, props,
  // context), so features stay in one direction. Type-only imports do not count: they vanish at build.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver': { typescript: { project: './apps/web/tsconfig.json' } } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': serverElements,
      'import/resolver': { typescript: { project: './apps/server/tsconfig.test.json' } },
    },
    rules: { 'boundaries/dependencies': serverBoundaries(false) },
  },
  {
    files: [`${SERVER}/**/*.test.ts`, `${SERVER}/**/test/**/*.ts`],
    rules: { 'boundaries/dependencies': serverBoundaries(true) },
  },
  // A found element asserted truthy says nothing: getBy has already thrown when it finds none.
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression > CallExpression[callee.name='expect'] > CallExpression.arguments:first-child[callee.property.name=/^getBy/], CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression > CallExpression[callee.name='expect'] > CallExpression.arguments:first-child[callee.name=/^getBy/]",
          message: 'getBy throws when nothing is found: assert what the element shows (isVisible, textContent, an attribute) instead.',
        },
      ],
    },
  },
);
